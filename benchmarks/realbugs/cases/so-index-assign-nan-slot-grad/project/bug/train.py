import torch

from metrics import per_sample_terms, summarize
from model import Regressor

torch.manual_seed(0)
features = torch.randn(16, 6)
targets = features[:, 0] * 2.0 + features[:, 1]
targets[5] = 0.0
model = Regressor()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
for epoch in range(3):
    pred = model(features)
    terms = per_sample_terms(pred, targets)
    loss = terms[:, 1].mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item(), summarize(terms.detach()))
