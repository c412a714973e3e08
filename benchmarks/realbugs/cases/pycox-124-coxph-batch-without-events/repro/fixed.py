# havakv/pycox#124: DeepSurv training with a small batch size gives no loss: a batch in which every subject
# is censored has events.sum() = 0, and the Cox partial likelihood divides 0 by it.
import torch
import torch.nn as nn

torch.manual_seed(0)

net = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 1))
x = torch.randn(8, 5)
durations = torch.rand(8) * 10
events = torch.zeros(8)  # a mini-batch drawn only from censored subjects

log_h = net(x)
idx = durations.sort(descending=True)[1]
events = events[idx].view(-1)
log_h = log_h[idx].view(-1)
eps = 1e-7
gamma = log_h.max()
log_cumsum_h = log_h.sub(gamma).exp().cumsum(0).add(eps).log().add(gamma)
loss = -log_h.sub(log_cumsum_h).mul(events).sum().div(events.sum() + eps)
loss.backward()
