import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
policy = nn.Sequential(nn.Linear(4, 64), nn.ReLU(), nn.Linear(64, 37), nn.Softmax(dim=-1))
state = torch.rand(8, 4) * 1000
action = torch.randint(0, 37, (8,))

probs = policy(state)
log_probs = torch.log(probs)
loss = -(log_probs * F.one_hot(action, 37)).sum(-1).mean()
loss.backward()
print(loss)
