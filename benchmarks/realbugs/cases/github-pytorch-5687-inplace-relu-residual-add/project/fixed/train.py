import torch
import torch.nn.functional as F

from model import ContentWeightedCNN

torch.manual_seed(0)
model = ContentWeightedCNN()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

for step in range(2):
    x = torch.rand(2, 3, 16, 16)
    recon = model(x)
    loss = F.mse_loss(recon, x)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
