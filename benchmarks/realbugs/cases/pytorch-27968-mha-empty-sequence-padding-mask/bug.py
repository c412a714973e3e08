# pytorch/pytorch#27968: "MultiheadAttention incorrectly handles mask".
# key_padding_mask is built from the sequence lengths with seq_len_to_mask (True = padding).
# A batch holding an empty sequence (lengths [5, 4, 1, 0]) masks every key of that sample, so
# its attention softmax runs over a row of -inf only and returns NaN, which reaches the
# logits and the loss of the whole batch.
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


def seq_len_to_mask(seq_len, max_len=None, mask_pos_to_true=True):
    if isinstance(seq_len, list):
        seq_len = np.array(seq_len)
    if isinstance(seq_len, np.ndarray):
        seq_len = torch.from_numpy(seq_len)
    assert seq_len.dim() == 1, f"seq_len can only have one dimension, got {seq_len.dim()}."
    batch_size = seq_len.size(0)
    max_len = int(max_len) if max_len else seq_len.max().long()
    broad_cast_seq_len = torch.arange(max_len).expand(batch_size, -1).to(seq_len)
    if mask_pos_to_true:
        return broad_cast_seq_len.ge(seq_len.unsqueeze(1))
    return broad_cast_seq_len.lt(seq_len.unsqueeze(1))


class SelfAttentionClassifier(nn.Module):
    def __init__(self, vocab_size=50, embed_dim=16, num_heads=2, n_classes=3):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, embed_dim, padding_idx=0)
        self.attn = nn.MultiheadAttention(embed_dim, num_heads)
        self.fc = nn.Linear(embed_dim, n_classes)

    def forward(self, tokens, seq_len):
        x = self.embed(tokens).transpose(0, 1)  # (L, B, E)
        key_padding_mask = seq_len_to_mask(seq_len, max_len=tokens.size(1))
        out, _ = self.attn(x, x, x, key_padding_mask=key_padding_mask)
        return self.fc(out[0])


torch.manual_seed(0)
model = SelfAttentionClassifier()
seq_len = torch.tensor([5, 4, 1, 0])
tokens = torch.randint(1, 50, (4, 5)) * (~seq_len_to_mask(seq_len, max_len=5)).long()
labels = torch.tensor([0, 1, 2, 0])
logits = model(tokens, seq_len)
loss = F.cross_entropy(logits, labels)
loss.backward()
grad = model.fc.weight.grad
