import torch
import torch.nn as nn
import torch.nn.functional as F


class ImprovedContrastiveLoss(nn.Module):
    def __init__(self, model, temperature: float = 0.01):
        super().__init__()
        self.model = model
        self.temperature = temperature

    def forward(self, queries, documents):
        q = F.normalize(self.model(queries), p=2, dim=-1)
        d = F.normalize(self.model(documents), p=2, dim=-1)
        batch_size = q.size(0)
        c = 1 / self.temperature
        exp_sim_q_d = torch.exp(q @ d.T / self.temperature - c)
        exp_sim_q_q = torch.exp(q @ q.T / self.temperature - c)
        exp_sim_d_d = torch.exp(d @ d.T / self.temperature - c)
        mask = torch.eye(batch_size, dtype=torch.bool)
        exp_sim_q_q = exp_sim_q_q.masked_fill(mask, 0)
        exp_sim_d_d = exp_sim_d_d.masked_fill(mask, 0)
        partition = exp_sim_q_d.sum(dim=1) + exp_sim_q_d.sum(dim=0) + exp_sim_q_q.sum(dim=1) + exp_sim_d_d.sum(dim=1)
        loss = -torch.log(exp_sim_q_d.diag() / partition)
        return loss.mean()
