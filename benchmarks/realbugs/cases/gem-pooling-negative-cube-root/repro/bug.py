import torch
import torch.nn as nn

torch.manual_seed(0)


def gem_pool(x_i, p=3.0):
    x_i = (torch.mean(x_i ** p, dim=-1) + 1e-12) ** (1 / p)
    return x_i


proj = nn.Linear(16, 32)
classifier = nn.Linear(32, 5)
frames = torch.randn(4, 10, 16)
feats = proj(frames).transpose(1, 2)
pooled = gem_pool(feats)
logits = classifier(pooled)
loss = nn.functional.cross_entropy(logits, torch.tensor([0, 1, 2, 3]))
loss.backward()
print("loss", loss.item())
