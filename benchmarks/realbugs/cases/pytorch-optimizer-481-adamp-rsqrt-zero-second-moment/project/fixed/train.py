import torch
import torch.nn as nn

from optim import AdamP

torch.manual_seed(0)


class TextClassifier(nn.Module):
    def __init__(self, vocab_size=50, dim=16, num_classes=3):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, dim)
        self.fc = nn.Linear(dim, num_classes)

    def forward(self, tokens):
        return self.fc(self.embedding(tokens).mean(dim=1))


model = TextClassifier()
optimizer = AdamP(model.parameters(), lr=1e-3, betas=(0.9, 0.999), weight_decay=1e-2)

# the first batch only uses a handful of the vocabulary
tokens = torch.randint(0, 10, (8, 6))
labels = torch.randint(0, 3, (8,))

loss = nn.functional.cross_entropy(model(tokens), labels)
optimizer.zero_grad()
loss.backward()
optimizer.step()
embedding_weight = model.embedding.weight
