import torch.nn as nn
import torch.nn.functional as F


class MLPBlock(nn.Module):
    def __init__(self, dim, zero_init_proj=True):
        super().__init__()
        self.c_fc = nn.Linear(dim, 4 * dim, bias=False)
        self.c_proj = nn.Linear(4 * dim, dim, bias=False)
        if zero_init_proj:
            nn.init.zeros_(self.c_proj.weight)

    def forward(self, x):
        return x + self.c_proj(F.relu(self.c_fc(x)).square())


class TinyGPT(nn.Module):
    def __init__(self, vocab=32, dim=16, n_layer=2):
        super().__init__()
        self.wte = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(MLPBlock(dim) for _ in range(n_layer))
        self.lm_head = nn.Linear(dim, vocab, bias=False)

    def forward(self, idx):
        x = self.wte(idx)
        for block in self.blocks:
            x = block(x)
        return self.lm_head(F.rms_norm(x, (x.size(-1),)))
