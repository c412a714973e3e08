import torch
import torch.nn as nn

torch.manual_seed(0)

embed_dim = 32
proj = nn.Linear(16, embed_dim)
pos_conv = nn.Sequential(nn.Conv1d(embed_dim, embed_dim, kernel_size=5, padding=2, groups=4), nn.GELU())
layer_norm = nn.LayerNorm(embed_dim)
head = nn.Linear(embed_dim, 4)

features = torch.randn(2, 20, 16)
x = proj(features)
x_conv = pos_conv(x.transpose(1, 2))
x_conv = x_conv.transpose(1, 2)
x += x_conv
x = layer_norm(x)
logits = head(x.mean(dim=1))
loss = nn.functional.cross_entropy(logits, torch.tensor([1, 3]))
loss.backward()
