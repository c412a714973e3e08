import torch
import torch.nn as nn
import torch.nn.functional as F

from torchmodels.modules.rnn import LSTM


class SentenceClassifier(nn.Module):
    def __init__(self, vocab=100, emb=16, hidden=32, classes=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb, padding_idx=0)
        self.rnn = LSTM(emb, hidden)
        self.out = nn.Linear(hidden, classes)

    def forward(self, tokens, lens):
        o, c, h = self.rnn(self.embed(tokens), lens)
        pooled = o.sum(1) / lens.unsqueeze(1).float()
        return self.out(pooled)


torch.manual_seed(0)
model = SentenceClassifier()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
lens = torch.tensor([7, 5, 3, 6])
tokens = torch.randint(1, 100, (4, 7)) * (torch.arange(7)[None] < lens[:, None])
labels = torch.randint(0, 3, (4,))

for step in range(2):
    logits = model(tokens, lens)
    loss = F.cross_entropy(logits, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
