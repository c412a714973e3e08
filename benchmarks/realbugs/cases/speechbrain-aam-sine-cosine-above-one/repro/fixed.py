# https://github.com/speechbrain/speechbrain/pull/1279 -- fixed as in the PR: cosine clamped to [-1 + 1e-7, 1 - 1e-7] before the sqrt.
import math

import torch
import torch.nn.functional as F

torch.manual_seed(0)
encoder = torch.nn.Linear(20, 16)
feats = torch.randn(4, 20)
targets = F.one_hot(torch.arange(4), 4).float()
with torch.no_grad():
    weight = torch.nn.Parameter(encoder(feats).clone())   # classifier initialised from the enrolment embeddings
margin, scale = 0.2, 30.0

emb = encoder(feats)
cosine = F.linear(F.normalize(emb), F.normalize(weight))
cosine = torch.clamp(cosine, -1 + 1e-7, 1 - 1e-7)
sine = torch.sqrt(1.0 - torch.pow(cosine, 2))
phi = cosine * math.cos(margin) - sine * math.sin(margin)
phi = torch.where(cosine > math.cos(math.pi - margin), phi, cosine - math.sin(math.pi - margin) * margin)
logits = scale * ((targets * phi) + ((1.0 - targets) * cosine))
loss = F.kl_div(F.log_softmax(logits, dim=1), targets, reduction="batchmean")
loss.backward()
