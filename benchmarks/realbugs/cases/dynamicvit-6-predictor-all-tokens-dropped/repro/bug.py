# https://github.com/raoyongming/DynamicViT/issues/6 -- PredictorLG pools the kept tokens as
# (x * policy).sum(1) / policy.sum(1); when the previous stage's keep-decision drops every token of an
# image, the policy row is all zero: 0 / 0 = NaN in global_x, and the loss is NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)
embed_dim = 32
in_conv = nn.Sequential(nn.LayerNorm(embed_dim), nn.Linear(embed_dim, embed_dim), nn.GELU())
out_conv = nn.Sequential(nn.Linear(embed_dim, embed_dim // 2), nn.GELU(), nn.Linear(embed_dim // 2, 2),
                         nn.LogSoftmax(dim=-1))
x = torch.randn(2, 9, embed_dim)
policy = torch.ones(2, 9, 1)
policy[1] = 0.0                                   # image 1: the first stage kept none of its tokens

x = in_conv(x)
B, N, C = x.size()
local_x = x[:, :, :C // 2]
global_x = (x[:, :, C // 2:] * policy).sum(dim=1, keepdim=True) / torch.sum(policy, dim=1, keepdim=True)
x = torch.cat([local_x, global_x.expand(B, N, C // 2)], dim=-1)
pred_score = out_conv(x)
loss = -pred_score[:, :, 0].mean()
loss.backward()
grad = in_conv[1].weight.grad
