import torch
import torch.nn.functional as F
from Graphsage import Graphsage
from utils import load_data

torch.manual_seed(0)
adj, features, labels = load_data()
model = Graphsage(nfeat=features.shape[1], nhid=16, nclass=3)
optimizer = torch.optim.Adam(model.parameters(), lr=0.01, weight_decay=5e-4)

for epoch in range(2):
    model.train()
    output = model(features, adj)
    loss = F.nll_loss(output, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())
