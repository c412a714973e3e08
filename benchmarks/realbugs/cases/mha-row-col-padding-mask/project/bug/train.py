import torch
import torch.nn.functional as F

from model import SequenceClassifier
from utils import lengths_to_padding_mask

torch.manual_seed(0)

model = SequenceClassifier(vocab_size=20)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

lengths = torch.tensor([6, 4, 2])
max_len = 6
tokens = torch.randint(1, 20, (3, max_len))
padding_mask = lengths_to_padding_mask(lengths, max_len)
tokens = tokens.masked_fill(padding_mask, 0)
labels = torch.tensor([0, 2, 1])

for step in range(3):
    optimizer.zero_grad()
    logits = model(tokens, padding_mask)
    loss = F.cross_entropy(logits, labels)
    loss.backward()
    optimizer.step()
    print(step, loss.item())
