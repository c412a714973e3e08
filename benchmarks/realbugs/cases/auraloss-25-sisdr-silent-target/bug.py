import torch

torch.manual_seed(0)

eps = 1e-8
net = torch.nn.Conv1d(2, 2, 9, padding=4)
mix = torch.randn(4, 2, 256)
target = torch.randn(4, 2, 256)
target[1] = 0.0
input = net(mix)
input = input - input.mean(-1, keepdim=True)
target = target - target.mean(-1, keepdim=True)
alpha = (input * target).sum(-1) / ((target ** 2).sum(-1))
target = target * alpha.unsqueeze(-1)
res = input - target
losses = 10 * torch.log10((target ** 2).sum(-1) / ((res ** 2).sum(-1) + eps) + eps)
loss = -losses.mean()
print(loss)
