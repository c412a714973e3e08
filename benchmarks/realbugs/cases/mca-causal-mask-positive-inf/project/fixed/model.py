from torch import nn

from attention import SelfAttention


class TinyLM(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.attn = SelfAttention(dim, causal=True)
        self.norm = nn.LayerNorm(dim)
        self.to_logits = nn.Linear(dim, vocab)
        self.to_out = self.attn.to_out

    def forward(self, tokens):
        x = self.emb(tokens)
        x = x + self.attn(self.norm(x))
        return self.to_logits(x)
