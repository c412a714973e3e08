import torch
import torch.nn as nn

torch.manual_seed(0)
projection = nn.Sequential(nn.Linear(16, 8), nn.ReLU()).half()
with torch.no_grad():
    projection[0].bias.fill_(-4.0)

x0 = torch.randn(4, 16).half()
x1 = x0 + 0.1 * torch.randn(4, 16).half()
x0[2] = -3.0
out0 = projection(x0)
out1 = projection(x1)
out0 = nn.functional.normalize(out0, dim=1)
out1 = nn.functional.normalize(out1, dim=1)
logits = torch.einsum("nc,mc->nm", out0, out1) / 0.5
loss = nn.functional.cross_entropy(logits.float(), torch.arange(4))
print("loss", loss.item())
