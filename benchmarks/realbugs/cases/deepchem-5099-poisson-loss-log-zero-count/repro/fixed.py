# https://github.com/deepchem/deepchem/issues/5099 -- fixed as in pull request #5100: the output is clamped
# to the dtype's eps before the log.
import torch
import torch.nn as nn

torch.manual_seed(0)
head = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1), nn.ReLU())
features = torch.randn(6, 8)
with torch.no_grad():
    head[2].bias.fill_(0.3)                 # some molecules get a predicted count of exactly 0
labels = torch.tensor([[1.], [0.], [2.], [1.], [3.], [1.]])

output = head(features)
eps = torch.finfo(output.dtype).eps
loss = output - labels * torch.log(output.clamp(min=eps))
loss = loss.mean()
loss.backward()
grad = head[2].weight.grad
