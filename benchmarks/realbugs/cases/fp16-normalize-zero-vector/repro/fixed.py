# https://github.com/pytorch/pytorch/issues/32137 - fix from the thread: pass an eps that float16 can represent (1e-4) to F.normalize.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
embed = nn.Embedding(20, 8, padding_idx=0).half()
tokens = torch.tensor([[4, 7, 2, 0], [0, 0, 0, 0], [5, 9, 0, 0]])
mask = (tokens != 0).half().unsqueeze(-1)

h = embed(tokens)
pooled = (h * mask).sum(1) / mask.sum(1).clamp(min=1)
emb = F.normalize(pooled, p=2, dim=-1, eps=1e-4)
sim = emb @ emb.t()
loss = F.cross_entropy(sim.float() / 0.1, torch.arange(3))
loss.backward()
grad = embed.weight.grad
print(emb, loss.item())
