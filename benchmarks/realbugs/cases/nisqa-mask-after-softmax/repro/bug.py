import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 5, 4)
y = torch.randn(2, 7, 4)
n_wins_y = torch.tensor([7, 4])
w = torch.randn(4, 4, requires_grad=True)

att = torch.bmm(x @ w, y.transpose(1, 2))
att = F.softmax(att, dim=2)
mask = torch.arange(7)[None, None, :] < n_wins_y[:, None, None]
mask = mask.expand_as(att)
att = att.masked_fill(~mask, float("-Inf"))
out = torch.bmm(att, y)
loss = out.pow(2).mean()
loss.backward()
