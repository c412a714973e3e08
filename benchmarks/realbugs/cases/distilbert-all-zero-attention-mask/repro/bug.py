# https://github.com/huggingface/transformers/pull/15326 - DistilBERT fills masked attention scores with -inf; a sequence whose attention mask is all 0 gets a softmax over an all -inf row, NaN weights and a NaN loss.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
bs, k_length, dim, n_heads = 2, 5, 8, 2
dim_per_head = dim // n_heads
q_lin, k_lin, v_lin = nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Linear(dim, dim)
classifier = nn.Linear(dim, 2)
x = torch.randn(bs, k_length, dim)
attention_mask = torch.tensor([[1, 1, 1, 0, 0], [0, 0, 0, 0, 0]])
labels = torch.tensor([1, 0])

q = q_lin(x).view(bs, -1, n_heads, dim_per_head).transpose(1, 2) / math.sqrt(dim_per_head)
k = k_lin(x).view(bs, -1, n_heads, dim_per_head).transpose(1, 2)
v = v_lin(x).view(bs, -1, n_heads, dim_per_head).transpose(1, 2)
scores = torch.matmul(q, k.transpose(2, 3))
mask = (attention_mask == 0).view(bs, 1, 1, k_length).expand_as(scores)
scores = scores.masked_fill(mask, -float("inf"))
weights = F.softmax(scores, dim=-1)
context = torch.matmul(weights, v).transpose(1, 2).reshape(bs, -1, dim)
loss = F.cross_entropy(classifier(context[:, 0]), labels)
print(weights[1, 0, 0], loss.item())
