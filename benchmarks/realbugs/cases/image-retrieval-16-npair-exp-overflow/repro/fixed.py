# FIXED (log-sum-exp with the max shifted out, as the repository's AngularLoss does) -- https://github.com/leeesangwon/PyTorch-Image-Retrieval/pull/16 -- NPairLoss.n_pair_loss sums torch.exp(anchor . (negative - positive)) with no max shift; embeddings of unnormalized features (norm ~ 20) give a dot product above 88, exp overflows float32 to inf, and log(1 + inf) backpropagates NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)
embedding = nn.Linear(512, 128)
features = torch.relu(torch.randn(32, 512)) * 12.0     # unnormalized pooled backbone features
embeddings = embedding(features)
anchors, positives = embeddings[0::2], embeddings[1::2]              # 16 (anchor, positive) pairs
idx = torch.tensor([[j for j in range(16) if j != i] for i in range(16)])
negatives = positives[idx]                                           # (n, n-1, embedding_size)

anchors = torch.unsqueeze(anchors, dim=1)
positives = torch.unsqueeze(positives, dim=1)
x = torch.matmul(anchors, (negatives - positives).transpose(1, 2))  # (n, 1, n-1)
with torch.no_grad():
    t = torch.max(x, dim=2)[0]
x = torch.exp(x - t.unsqueeze(dim=1))
x = torch.log(torch.exp(-t) + torch.sum(x, 2))
loss = torch.mean(t + x)
loss.backward()
