import torch
import torch.nn as nn
from lycoris.locon import LoConModule

torch.manual_seed(0)
base = nn.Linear(16, 8)
with torch.no_grad():
    base.weight[5].zero_()
adapter = LoConModule(base, lora_dim=4)
head = nn.Linear(8, 1)
params = [p for p in adapter.parameters() if p.requires_grad] + list(head.parameters())
optimizer = torch.optim.AdamW(params, lr=1e-4)

x = torch.randn(32, 16)
y = torch.randn(32, 1)
for step in range(2):
    loss = nn.functional.mse_loss(head(torch.relu(adapter(x))), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
