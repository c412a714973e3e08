import torch
import torch.nn.functional as F

from collator import collator
from model import Graphormer

torch.manual_seed(0)
graphs = []
for n in (5, 3, 4):
    graphs.append({"x": torch.randn(n, 6), "attn_bias": torch.zeros(n, n), "y": torch.randn(())})

x, attn_bias, y = collator(graphs)
model = Graphormer(6, 8)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
loss = F.l1_loss(model(x, attn_bias), y)
opt.zero_grad()
loss.backward()
print(loss.item())
