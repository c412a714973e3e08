from functools import partial

import torch
import torch.nn as nn

from models.transformer import TransformerEncoder, TransformerEncoderLayer

torch.manual_seed(0)

encoder_layer = partial(TransformerEncoderLayer, d_model=64, nhead=4, dim_feedforward=128, dropout=0.1, activation="relu")
encoder = TransformerEncoder(encoder_layer, num_layers=3, norm=nn.LayerNorm(64))
head = nn.Linear(64, 10)
params = list(encoder.parameters()) + list(head.parameters())
optimizer = torch.optim.AdamW(params, lr=5e-4)

encoder.train()
points = torch.randn(256, 2, 64)  # npoints x batch x channel
labels = torch.randint(0, 10, (2,))
enc_features = encoder(points)
logits = head(enc_features.max(dim=0)[0])
loss = nn.functional.cross_entropy(logits, labels)
optimizer.zero_grad()
loss.backward()
optimizer.step()
