import torch
from torch import nn


class NTXentLoss(nn.Module):
    def __init__(self, temperature: float = 0.5):
        super().__init__()
        self.temperature = temperature
        self.cross_entropy = nn.CrossEntropyLoss(reduction="mean")

    def forward(self, out0: torch.Tensor, out1: torch.Tensor):
        device = out0.device
        batch_size, _ = out0.shape

        # normalize the output to length 1
        out0 = nn.functional.normalize(out0, dim=1, eps=1e-5)
        out1 = nn.functional.normalize(out1, dim=1, eps=1e-5)

        logits = torch.einsum("nc,mc->nm", out0, out1) / self.temperature
        labels = torch.arange(batch_size, device=device, dtype=torch.long)
        return self.cross_entropy(logits.float(), labels)
