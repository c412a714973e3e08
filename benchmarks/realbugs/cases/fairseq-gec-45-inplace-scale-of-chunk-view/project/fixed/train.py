import torch
import torch.nn as nn

from fairseq.modules.transformer_layer import TransformerEncoderLayer

torch.manual_seed(0)
vocab, dim = 100, 32
embed = nn.Embedding(vocab, dim, padding_idx=1)
layers = nn.ModuleList([TransformerEncoderLayer(dim) for _ in range(2)])
out_proj = nn.Linear(dim, vocab)
params = list(embed.parameters()) + list(layers.parameters()) + list(out_proj.parameters())
optimizer = torch.optim.Adam(params, lr=5e-4)

src_tokens = torch.randint(2, vocab, (4, 7))
src_tokens[0, -2:] = 1
encoder_padding_mask = src_tokens.eq(1)
target = torch.randint(2, vocab, (4, 7))

x = embed(src_tokens).transpose(0, 1)   # T x B x C
for layer in layers:
    x = layer(x, encoder_padding_mask)
logits = out_proj(x.transpose(0, 1))
loss = nn.functional.cross_entropy(logits.reshape(-1, vocab), target.reshape(-1))
optimizer.zero_grad()
loss.backward()
optimizer.step()
