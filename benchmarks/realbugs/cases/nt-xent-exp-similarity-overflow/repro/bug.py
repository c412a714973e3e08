# https://github.com/Lightning-Universe/lightning-bolts/issues/320 - nt_xent_loss exponentiates the raw similarity matrix; with projections that are not unit-norm, exp(cov / temperature) overflows to inf and pos / neg becomes inf / inf = NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)
projection = nn.Linear(32, 16)
view_1 = torch.randn(4, 32) * 3.0
view_2 = view_1 + 0.1 * torch.randn(4, 32)
temperature = 0.5

out_1, out_2 = projection(view_1), projection(view_2)
out = torch.cat([out_1, out_2], dim=0)
n_samples = len(out)
cov = torch.mm(out, out.t().contiguous())
sim = torch.exp(cov / temperature)
mask = ~torch.eye(n_samples, device=sim.device).bool()
neg = sim.masked_select(mask).view(n_samples, -1).sum(dim=-1)
pos = torch.exp(torch.sum(out_1 * out_2, dim=-1) / temperature)
pos = torch.cat([pos, pos], dim=0)
loss = -torch.log(pos / neg).mean()
print(cov.max().item(), loss.item())
