# https://github.com/qianjinhao/circle-loss/issues/2 -- CircleLoss sums torch.exp(scale * ...) over the pairs and takes log(1 + loss_p * loss_n); a positive pair pointing in opposite directions (cos ~ -1) gives exp(32 * 2.25 * 1.75) = exp(126) = inf in float32, and the backward of log(inf) is NaN.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
head = nn.Linear(64, 2)                        # 2-D embeddings
x = torch.randn(128, 64)
labels = torch.randint(high=10, dtype=torch.long, size=(128,))
scale, margin = 32, 0.25

feats = F.normalize(head(x))
sim_mat = feats.mm(feats.t())
m = labels.size(0)
mask = labels.expand(m, m).t().eq(labels.expand(m, m)).float()
pos_pair_ = sim_mat[mask.triu(diagonal=1) == 1]
neg_pair_ = sim_mat[(mask - 1).abs_().triu(diagonal=1) == 1]
alpha_p = torch.relu(-pos_pair_ + 1 + margin)
alpha_n = torch.relu(neg_pair_ + margin)
loss_p = torch.sum(torch.exp(-scale * alpha_p * (pos_pair_ - (1 - margin))))
loss_n = torch.sum(torch.exp(scale * alpha_n * (neg_pair_ - margin)))
loss = torch.log(1 + loss_p * loss_n)
loss.backward()
