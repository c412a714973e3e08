# https://github.com/karpathy/nanoGPT/pull/72 -- the Block's residual is added in place (x += attn(ln_1(x))), overwriting the x that LayerNorm saved for backward.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
n_embd, T, vocab = 16, 8, 32
wte = nn.Embedding(vocab, n_embd)
wpe = nn.Embedding(T, n_embd)
ln_1, ln_2 = nn.LayerNorm(n_embd), nn.LayerNorm(n_embd)
c_attn, c_proj = nn.Linear(n_embd, 3 * n_embd), nn.Linear(n_embd, n_embd)
mlp = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.GELU(), nn.Linear(4 * n_embd, n_embd))
lm_head = nn.Linear(n_embd, vocab, bias=False)


def attn(x):
    q, k, v = c_attn(x).split(n_embd, dim=2)
    y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    return c_proj(y)


idx = torch.randint(0, vocab, (2, T))
targets = torch.randint(0, vocab, (2, T))
x = wte(idx) + wpe(torch.arange(T))
x += attn(ln_1(x))
x += mlp(ln_2(x))
logits = lm_head(x)
loss = F.cross_entropy(logits.view(-1, vocab), targets.view(-1))
loss.backward()
