import torch
import torch.nn as nn

torch.manual_seed(0)

projector = nn.Sequential(nn.Linear(32, 64), nn.BatchNorm1d(64), nn.ReLU(), nn.Linear(64, 16))
projector.eval()
data = torch.randn(9, 32)
batches = list(data.split(4))
for x in batches:
    out_1 = projector(x + 0.1 * torch.randn_like(x))
    out_2 = projector(x + 0.1 * torch.randn_like(x))
    batch_size = x.size(0)
    out_1_norm = (out_1 - out_1.mean(dim=0)) / out_1.std(dim=0)
    out_2_norm = (out_2 - out_2.mean(dim=0)) / out_2.std(dim=0)
    c = torch.matmul(out_1_norm.T, out_2_norm) / batch_size
    on_diag = torch.diagonal(c).add(-1).pow(2).sum()
    off_diag = (c - torch.diag(torch.diagonal(c))).pow(2).sum()
    loss = on_diag + 0.005 * off_diag
