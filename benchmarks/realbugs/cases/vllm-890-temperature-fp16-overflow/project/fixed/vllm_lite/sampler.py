import torch
import torch.nn as nn

_SAMPLING_EPS = 1e-5


class Sampler(nn.Module):
    def forward(self, logits, temperatures):
        logits = logits.float()
        t = temperatures.clamp(min=_SAMPLING_EPS).to(logits.dtype)
        logits.div_(t.unsqueeze(dim=1))
        probs = torch.softmax(logits, dim=-1, dtype=torch.float)
        logprobs = torch.log_softmax(logits, dim=-1, dtype=torch.float)
        return probs, logprobs
