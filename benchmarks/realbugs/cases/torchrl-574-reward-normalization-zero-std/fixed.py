import torch

torch.manual_seed(0)

qnet = torch.nn.Linear(4, 2)
obs = torch.randn(8, 4)
action = torch.randint(0, 2, (8,))
reward = torch.zeros(8)
count = reward.numel()
mean = reward.sum() / count
var = reward.pow(2).sum() / count - mean.pow(2)
std = var.clamp_min(0.0).sqrt()
reward = (reward - mean) / std.clamp_min(1e-4)
q = qnet(obs).gather(1, action.unsqueeze(1)).squeeze(1)
loss = (q - reward).pow(2).mean()
print(std, loss)
