"""Train on a batch of tokenised sentences; one of them came out empty after cleaning."""
import torch
import torch.nn.functional as F

from model import TextClassifier
from utils import pad_batch

torch.manual_seed(0)
model = TextClassifier()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
sentences = [[4, 8, 15, 16, 23], [42, 7, 3, 9], [11], []]
labels = torch.tensor([0, 1, 2, 0])
tokens, seq_len = pad_batch(sentences)
logits = model(tokens, seq_len)
loss = F.cross_entropy(logits, labels)
optimizer.zero_grad()
loss.backward()
optimizer.step()
fc_weight = model.fc.weight.detach()
