import torch
import torch.nn as nn

from lora import LoRALinear
from optim import StableSPAM

torch.manual_seed(0)

model = nn.Sequential(LoRALinear(32, 32), nn.GELU(), LoRALinear(32, 4))
trainable = [p for p in model.parameters() if p.requires_grad]
optimizer = StableSPAM(trainable, lr=1e-3, weight_decay=0.0)

x = torch.randn(16, 32)
y = torch.randint(0, 4, (16,))

loss = nn.functional.cross_entropy(model(x), y)
optimizer.zero_grad()
loss.backward()
optimizer.step()
lora_A = model[0].lora_A
