import torch
import torch.nn as nn

torch.manual_seed(0)


class TextEncoder(nn.Module):
    def __init__(self, vocab=50, width=16):
        super().__init__()
        self.token_embedding = nn.Embedding(vocab, width)
        self.proj = nn.Linear(width, width)

    def forward(self, tokens):
        return self.proj(self.token_embedding(tokens)).mean(1)


model = TextEncoder().half()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=0.0, eps=1e-4)
tokens = torch.randint(0, 20, (4, 6))
target = torch.randn(4, 16).half()
loss = (model(tokens).float() - target.float()).pow(2).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()
print(model.token_embedding.weight.isnan().any())
