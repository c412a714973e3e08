import torch
import torch.nn.functional as F

from . import loss_and_miner_utils as lmu


class PNPLoss(torch.nn.Module):
    VARIANTS = ["Ds", "Dq", "Iu", "Ib", "O"]

    def __init__(self, b=2, alpha=1, anneal=0.01, variant="O"):
        super().__init__()
        self.b = b
        self.alpha = alpha
        self.anneal = anneal
        self.variant = variant

    def sigmoid(self, tensor, temp=1.0):
        exponent = -tensor / temp
        exponent = torch.clamp(exponent, min=-50, max=50)
        return 1.0 / (1.0 + torch.exp(exponent))

    def forward(self, embeddings, labels):
        N = labels.size(0)
        a1_idx, p_idx, a2_idx, n_idx = lmu.get_all_pairs_indices(labels)
        I_pos = torch.zeros(N, N, device=embeddings.device)
        I_neg = torch.zeros(N, N, device=embeddings.device)
        I_pos[a1_idx, p_idx] = 1
        I_pos[a1_idx, a1_idx] = 1
        I_neg[a2_idx, n_idx] = 1
        N_pos = torch.sum(I_pos, dim=1)
        safe_N = N_pos > 0
        if torch.sum(safe_N) == 0:
            return embeddings.sum() * 0

        emb = F.normalize(embeddings, dim=1)
        sim_all = emb @ emb.t()
        mask = I_neg.unsqueeze(dim=0).repeat(N, 1, 1)
        sim_all_repeat = sim_all.unsqueeze(dim=1).repeat(1, N, 1)
        sim_diff = sim_all_repeat - sim_all_repeat.permute(0, 2, 1)
        sim_sg = self.sigmoid(sim_diff, temp=self.anneal) * mask
        sim_all_rk = torch.sum(sim_sg, dim=-1)
        if self.variant == "Ds":
            sim_all_rk = torch.log(1 + sim_all_rk)
        elif self.variant == "Dq":
            sim_all_rk = 1 / (1 + sim_all_rk) ** (self.alpha)
        elif self.variant == "O":
            sim_all_rk = torch.log(1 + sim_all_rk)

        loss = torch.sum(sim_all_rk * I_pos, dim=-1)[safe_N] / N_pos[safe_N].reshape(-1)
        loss = torch.sum(loss) / torch.sum(safe_N)
        return loss
