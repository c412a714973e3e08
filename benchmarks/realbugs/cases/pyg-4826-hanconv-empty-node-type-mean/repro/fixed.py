# FIXED (as in pyg-team/pytorch_geometric#4841: group returns the empty output before the attention)
# https://github.com/pyg-team/pytorch_geometric/issues/4826 -- HANConv's semantic attention `group` takes
# .mean(1) over the nodes of a type; in a sampled mini-batch with no node of that type the stacked
# messages have zero rows, the mean over an empty dimension is NaN, and the NaN attention reaches the
# shared parameters q and k_lin through the backward pass.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
C = 16
q = nn.Parameter(torch.randn(1, C))
k_lin = nn.Linear(C, C)
proj = nn.Linear(8, C)


def group(xs, q, k_lin):
    num_edge_types = len(xs)
    out = torch.stack(xs)
    if out.numel() == 0:
        return out.view(0, out.size(-1))
    attn_score = (q * torch.tanh(k_lin(out)).mean(1)).sum(-1)
    attn = F.softmax(attn_score, dim=0)
    out = torch.sum(attn.view(num_edge_types, 1, -1) * out, dim=0)
    return out


x_author = proj(torch.randn(6, 8))
x_paper = proj(torch.randn(0, 8))            # no paper sampled in this mini-batch
out_paper = group([x_paper, x_paper * 0.5], q, k_lin)
adj_author_paper = torch.zeros(6, 0)         # author <- paper edges of the batch: none
author_from_paper = adj_author_paper @ out_paper
out_author = group([x_author, author_from_paper], q, k_lin)
loss = out_author.pow(2).mean()
loss.backward()
