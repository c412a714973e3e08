import numpy as np
import torch

from losses import NPairLoss
from networks import EmbeddingNetwork

torch.manual_seed(0)
np.random.seed(0)
model = EmbeddingNetwork()
loss_fn = NPairLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)

# balanced batch: 16 classes x 4 images, pooled backbone features (non-negative, unnormalized: values up to 12)
target = torch.arange(16).repeat_interleave(4)
for step in range(2):
    images = torch.rand(64, 512) * 12.0
    embeddings = model(images)
    loss = loss_fn(embeddings, target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
