from __future__ import annotations

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def infonce_loss(
    queries: torch.Tensor,
    documents: torch.Tensor,
    hard_negatives: torch.Tensor | None = None,
    hard_negatives_mask: torch.Tensor | None = None,
    temperature: float | torch.Tensor = 0.05,
    normalize: bool = True,
) -> torch.Tensor:
    """InfoNCE contrastive loss (q2d, in-batch negatives) with optional hard negatives."""
    batch, hidden = queries.shape
    device = queries.device
    has_hard_negs = hard_negatives is not None

    if normalize:
        q = F.normalize(queries, dim=-1)
        d = F.normalize(documents, dim=-1)
        n = F.normalize(hard_negatives, dim=-1) if has_hard_negs else None
    else:
        q, d, n = queries, documents, hard_negatives

    logits = q @ d.T
    target = torch.arange(batch, device=device)
    if n is not None:
        sim_qn = torch.einsum("bd,bkd->bk", q, n)
        if hard_negatives_mask is not None:
            pad = hard_negatives_mask.to(sim_qn.dtype) == 0
            sim_qn = sim_qn.masked_fill(pad, float("-inf"))
        logits = torch.cat([logits, sim_qn], dim=-1)
    logits = logits / temperature
    return F.cross_entropy(logits, target)


class InfoNCELoss(nn.Module):
    """InfoNCE loss module with optional learnable temperature."""

    def __init__(self, temperature: float = 0.05, learnable_temperature: bool = False, normalize: bool = True) -> None:
        super().__init__()
        if temperature <= 0:
            raise ValueError(f"temperature must be > 0, got {temperature}")
        self.normalize = normalize
        self.learnable_temperature = learnable_temperature
        if learnable_temperature:
            self.log_inv_tau = nn.Parameter(torch.tensor(math.log(1.0 / temperature), dtype=torch.float32))
            self.register_buffer("tau", torch.tensor(temperature, dtype=torch.float32), persistent=False)
        else:
            self.register_buffer("tau", torch.tensor(temperature, dtype=torch.float32), persistent=True)
            self.log_inv_tau = None

    def current_temperature(self) -> torch.Tensor:
        if self.learnable_temperature and self.log_inv_tau is not None:
            return torch.exp(-self.log_inv_tau)
        return self.tau

    def forward(self, queries, documents, hard_negatives=None, hard_negatives_mask=None):
        return infonce_loss(queries, documents, hard_negatives=hard_negatives, hard_negatives_mask=hard_negatives_mask,
                            temperature=self.current_temperature(), normalize=self.normalize)
