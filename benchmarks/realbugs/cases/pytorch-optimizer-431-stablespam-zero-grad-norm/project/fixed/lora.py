import math

import torch
import torch.nn as nn


class LoRALinear(nn.Module):
    """A frozen linear layer with a trainable low-rank update; B starts at zero so the adapter is a no-op at init."""

    def __init__(self, in_features, out_features, r=4, alpha=8):
        super().__init__()
        self.base = nn.Linear(in_features, out_features)
        self.base.requires_grad_(False)
        self.lora_A = nn.Parameter(torch.empty(r, in_features))
        self.lora_B = nn.Parameter(torch.zeros(out_features, r))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
        self.scaling = alpha / r

    def forward(self, x):
        return self.base(x) + (x @ self.lora_A.t() @ self.lora_B.t()) * self.scaling
