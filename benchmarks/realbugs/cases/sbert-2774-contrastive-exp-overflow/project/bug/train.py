import torch

from losses import ImprovedContrastiveLoss
from model import SentenceEncoder

torch.manual_seed(0)

model = SentenceEncoder()
loss_fn = ImprovedContrastiveLoss(model)
optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5)
queries = torch.randint(0, 100, (4, 12))
documents = queries.clone()
documents[:, -2:] = torch.randint(0, 100, (4, 2))
optimizer.zero_grad()
loss = loss_fn(queries, documents)
loss.backward()
optimizer.step()
