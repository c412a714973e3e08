# https://github.com/qianyu-dlut/MVANet/issues/2 -- the model flips every nn.ReLU and nn.Dropout to inplace=True; the dropout then overwrites the ReLU output that ReLU's backward needs.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
stem = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 16))
linear1, linear2 = nn.Linear(16, 64), nn.Linear(64, 16)
dropout = nn.Dropout(0.1)
norm = nn.LayerNorm(16)
for m in list(stem) + [dropout]:
    if isinstance(m, nn.ReLU) or isinstance(m, nn.Dropout):
        m.inplace = True

src = stem(torch.randn(4, 10, 8))
hidden = F.relu(linear1(src))
src2 = linear2(dropout(hidden))
out = norm(src + src2)
loss = out.pow(2).mean()
loss.backward()
