# https://github.com/jaywonchung/BERT4Rec-VAE-Pytorch/issues/22 - standard fix: when the cloze sampling masks no item, mask the last item so every sequence has at least one label.
import random

import torch
import torch.nn as nn

torch.manual_seed(0)
rng = random.Random(0)
num_items, max_len, mask_prob = 20, 6, 0.15
MASK = num_items + 1

seq = [4, 7, 2]
tokens, labels = [], []
for s in seq:
    if rng.random() < mask_prob:
        tokens.append(MASK)
        labels.append(s)
    else:
        tokens.append(s)
        labels.append(0)
if all(label == 0 for label in labels):
    tokens[-1] = MASK
    labels[-1] = seq[-1]
pad = max_len - len(tokens)
tokens = torch.tensor([[0] * pad + tokens])
labels = torch.tensor([[0] * pad + labels])

embedding = nn.Embedding(num_items + 2, 8)
out = nn.Linear(8, num_items + 1)
logits = out(embedding(tokens)).view(-1, num_items + 1)
loss = nn.CrossEntropyLoss(ignore_index=0)(logits, labels.view(-1))
loss.backward()
grad = out.weight.grad
print(loss.item())
