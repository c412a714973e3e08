import torch

from heads import ContactHead
from losses import contact_loss

torch.manual_seed(0)

head = ContactHead(dim=16)
optimizer = torch.optim.Adam(head.parameters(), lr=1e-3)

emb = torch.randn(2, 6, 16)
emb[1, 4] = 25.0  # an outlier residue embedding: its pair logits saturate far beyond +-100
contacts = (torch.rand(2, 6, 6) > 0.7).float()
mask = torch.ones(2, 6, 6)

logits = head(emb)
loss = contact_loss(logits, contacts, mask)
optimizer.zero_grad()
loss.backward()
optimizer.step()
