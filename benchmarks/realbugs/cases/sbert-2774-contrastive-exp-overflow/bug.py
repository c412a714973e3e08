# sentence-transformers #2774: improved contrastive loss computes exp(cos_sim / 0.01) -> exp(100) overflows float32 -> NaN.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class ImprovedContrastiveLoss(nn.Module):
    def __init__(self, temperature: float = 0.01):
        super().__init__()
        self.temperature = temperature

    def forward(self, query_embeddings, document_embeddings):
        q = F.normalize(query_embeddings, p=2, dim=-1)
        d = F.normalize(document_embeddings, p=2, dim=-1)
        batch_size = q.size(0)
        exp_sim_q_d = torch.exp(q @ d.T / self.temperature)
        exp_sim_q_q = torch.exp(q @ q.T / self.temperature)
        exp_sim_d_d = torch.exp(d @ d.T / self.temperature)
        mask = torch.eye(batch_size, dtype=torch.bool)
        exp_sim_q_q = exp_sim_q_q.masked_fill(mask, 0)
        exp_sim_d_d = exp_sim_d_d.masked_fill(mask, 0)
        partition = exp_sim_q_d.sum(dim=1) + exp_sim_q_d.sum(dim=0) + exp_sim_q_q.sum(dim=1) + exp_sim_d_d.sum(dim=1)
        loss = -torch.log(exp_sim_q_d.diag() / partition)
        return loss.mean()


query_embeddings = torch.randn(4, 32, requires_grad=True)
document_embeddings = (query_embeddings.detach() + 0.1 * torch.randn(4, 32)).requires_grad_()  # relevant docs: cos ~ 0.99
loss = ImprovedContrastiveLoss()(query_embeddings, document_embeddings)
loss.backward()
grad = query_embeddings.grad
