# NVIDIA-NeMo/Automodel#3796: ChunkedCrossEntropy divides by num_label_tokens unguarded, NaN for a fully-masked batch.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class ChunkedCrossEntropy(nn.Module):
    def __init__(self, chunk_len=4, ignore_index=-100):
        super().__init__()
        self.chunk_len, self.ignore_index = chunk_len, ignore_index

    def forward(self, logits, labels, num_label_tokens=None):
        loss = 0.0
        for lg, lb in zip(logits.split(self.chunk_len, dim=1), labels.split(self.chunk_len, dim=1)):
            loss = loss + F.cross_entropy(lg.reshape(-1, lg.size(-1)).float(), lb.reshape(-1),
                                          ignore_index=self.ignore_index, reduction="sum")
        if num_label_tokens is not None:
            loss = loss / num_label_tokens
        return loss


lm_head = nn.Linear(16, 50)
hidden = torch.randn(2, 8, 16)
labels = torch.full((2, 8), -100)  # a packed batch holding only prompt tokens: no supervised label
num_label_tokens = (labels != -100).sum()
loss = ChunkedCrossEntropy()(lm_head(hidden), labels, num_label_tokens=num_label_tokens)
loss.backward()
