import torch
import torch.nn as nn
import torch.nn.functional as F

from favor import FavorAttention

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.attn = FavorAttention(dim)
        self.proj = nn.Linear(dim, dim)
        self.ln = nn.LayerNorm(dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        return x + self.proj(self.attn(q, k, v))


class GPT(nn.Module):
    def __init__(self, vocab, dim, n_layers):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(n_layers)])
        self.head = nn.Linear(dim, vocab)

    def forward(self, idx):
        return self.head(self.blocks(self.emb(idx)))


model = GPT(vocab=64, dim=128, n_layers=2).half()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)
idx = torch.randint(0, 64, (2, 24))
logits = model(idx[:, :-1])
loss = F.cross_entropy(logits.float().reshape(-1, 64), idx[:, 1:].reshape(-1))
optimizer.zero_grad()
loss.backward()
optimizer.step()
