import torch

from model import HeadGatedBlock

torch.manual_seed(0)

model = HeadGatedBlock(return_attention=False)  # need_weights=False keeps a fully masked head finite
head = torch.nn.Linear(3, 2)
optimizer = torch.optim.SGD(list(model.parameters()) + list(head.parameters()), lr=0.1)

x = torch.randn(1, 5, 3)
target = torch.tensor([1])
active_heads = torch.tensor([[True, True, False]])

optimizer.zero_grad()
h, attn_maps = model(x, active_heads)
loss = torch.nn.functional.cross_entropy(head(h.mean(1)), target)
loss.backward()
optimizer.step()
