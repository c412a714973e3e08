# pytorch/pytorch#147437: a float16 feature network trained with Adam's default eps=1e-8 has NaN/Inf params after step().
import torch
import torch.nn as nn

torch.manual_seed(0)

# frozen pretrained backbone (stands in for BLIP-2) and a new feature extractor, all in float16
backbone = nn.Sequential(nn.Linear(16, 16), nn.GELU(), nn.Linear(16, 8)).half()
for p in backbone.parameters():
    p.requires_grad_(False)
feature_net = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 16)).half()

optimizer = torch.optim.Adam(feature_net.parameters(), lr=1e-4)

x = torch.randn(8, 4).half()
target = torch.randn(8, 8).half()
for it in range(2):
    optimizer.zero_grad()
    out = backbone(feature_net(x))
    loss = ((out - target) ** 2).mean() * 1e-3  # small loss: the squared gradients underflow in float16
    loss.backward()
    optimizer.step()
