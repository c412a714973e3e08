import torch
import torch.nn as nn


class SoftPrompt(nn.Module):
    def __init__(self, n_tokens, dim):
        super().__init__()
        self.prompt = nn.Parameter(torch.randn(n_tokens, dim) * 0.02)

    def forward(self, batch_size):
        if batch_size == 1:
            return self.prompt.unsqueeze(0)
        return self.prompt.unsqueeze(0).expand(batch_size, -1, -1)
