import torch
import torch.nn as nn

torch.manual_seed(0)

org_weight = torch.randn(6, 8)
org_weight[3] = 0.0
lora_down = nn.Parameter(torch.randn(2, 8) * 0.1)
lora_up = nn.Parameter(torch.zeros(6, 2))
dora_scale = nn.Parameter(org_weight.norm(dim=1, keepdim=True))

weight = org_weight + lora_up @ lora_down
weight_norm = weight.norm(dim=1, keepdim=True)
weight = weight * (dora_scale / weight_norm)
x = torch.randn(4, 8)
loss = (x @ weight.T).pow(2).mean()
loss.backward()
print(loss, dora_scale.grad)
