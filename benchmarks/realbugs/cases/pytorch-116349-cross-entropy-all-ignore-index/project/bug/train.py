import torch

from data import collate
from losses import causal_lm_loss
from model import TinyLM

torch.manual_seed(42)

model = TinyLM()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
examples = [([3, 5, 7, 9, 11, 2, 4], [6, 8]), ([12, 14, 16, 18, 20, 22], [24, 26])]
input_ids, labels = collate(examples, max_length=5)
optimizer.zero_grad()
logits = model(input_ids)
loss = causal_lm_loss(logits, labels)
loss.backward()
optimizer.step()
