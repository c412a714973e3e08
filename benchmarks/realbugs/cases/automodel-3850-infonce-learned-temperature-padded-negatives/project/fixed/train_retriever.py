import torch

from biencoder import BiEncoder
from infonce import InfoNCELoss

torch.manual_seed(0)
model = BiEncoder()
loss_fn = InfoNCELoss(temperature=0.05, learnable_temperature=True)
optimizer = torch.optim.AdamW(list(model.parameters()) + list(loss_fn.parameters()), lr=1e-4)

batch, k, L = 4, 3, 6
query_ids = torch.randint(0, 100, (batch, L))
doc_ids = torch.randint(0, 100, (batch, L))
neg_ids = torch.randint(0, 100, (batch, k, L))
# ragged hard negatives: the miner found only one negative for the last two queries, the rest is padding
hard_negatives_mask = torch.tensor([[1, 1, 1], [1, 1, 1], [1, 0, 0], [1, 0, 0]])

optimizer.zero_grad()
q, d, n = model(query_ids, doc_ids, neg_ids)
loss = loss_fn(q, d, hard_negatives=n, hard_negatives_mask=hard_negatives_mask)
loss.backward()
optimizer.step()
temperature = loss_fn.current_temperature().detach()
