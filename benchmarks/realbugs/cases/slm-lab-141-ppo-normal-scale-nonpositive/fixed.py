import torch
import torch.nn.functional as F
from torch.distributions import Normal

torch.manual_seed(0)

net = torch.nn.Linear(3, 2)
state = torch.randn(16, 3)
out = net(state)
loc, scale = out[:, 0], F.softplus(out[:, 1])
pd = Normal(loc=loc, scale=scale)
action = torch.randn(16)
log_prob = pd.log_prob(action)
print(log_prob)
