# https://github.com/leeesangwon/PyTorch-Image-Retrieval/pull/16 -- NPairLoss.n_pair_loss sums torch.exp(anchor . (negative - positive)) with no max shift; embeddings of unnormalized features (norm ~ 20) give a dot product above 88, exp overflows float32 to inf, and log(1 + inf) backpropagates NaN.
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
x = torch.sum(torch.exp(x), 2)  # (n, 1)
loss = torch.mean(torch.log(1+x))
loss.backward()
