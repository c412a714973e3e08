import torch
import torch.nn.functional as F

from model import LSR

torch.manual_seed(0)

docs = [[3, 17, 42, 8, 55, 9], [12, 7, 30]]
max_nodes = max(len(d) for d in docs)
mention_ids = torch.tensor([d + [0] * (max_nodes - len(d)) for d in docs])
mention_mask = (torch.arange(max_nodes)[None, :] < torch.tensor([len(d) for d in docs])[:, None]).float()
head_idx, tail_idx = torch.tensor([0, 1]), torch.tensor([3, 2])
labels = torch.tensor([1, 2])

model = LSR()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
logits = model(mention_ids, mention_mask, head_idx, tail_idx)
loss = F.cross_entropy(logits, labels)
optimizer.zero_grad()
loss.backward()
optimizer.step()
