# huggingface/peft#2049: DoRA divides the learned magnitude by the row norm ||W + s*BA||; a base weight row that is
# exactly zero has norm 0 and (with lora_B zero-initialised) magnitude 0, so mag_norm_scale = 0 / 0 = NaN and the
# very first micro-batch returns loss = NaN.
import math

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
d_in, d_out, r, alpha = 32, 96, 4, 8
scaling = alpha / r
base_layer = nn.Linear(d_in, d_out)
with torch.no_grad():
    base_layer.weight[[5, 17, 40]] = 0.0  # zero rows in the checkpoint
base_layer.requires_grad_(False)
lora_A = nn.Linear(d_in, r, bias=False)
lora_B = nn.Linear(r, d_out, bias=False)
nn.init.kaiming_uniform_(lora_A.weight, a=math.sqrt(5))
nn.init.zeros_(lora_B.weight)
with torch.no_grad():
    magnitude = nn.Parameter(torch.linalg.norm(base_layer.weight + scaling * lora_B.weight @ lora_A.weight, dim=1))

x = torch.randn(8, d_in)
base_result = base_layer(x)
lora_weight = lora_B(lora_A(torch.eye(d_in))).T
weight_norm = torch.linalg.norm(base_layer.weight + scaling * lora_weight.detach(), dim=1).detach()
mag_norm_scale = (magnitude / weight_norm).view(1, -1)
lora_result = lora_B(lora_A(x))
result = base_result + (mag_norm_scale - 1) * (base_result - base_layer.bias) + mag_norm_scale * lora_result * scaling
loss = F.mse_loss(result, torch.zeros_like(result))
loss.backward()
grad = lora_A.weight.grad
