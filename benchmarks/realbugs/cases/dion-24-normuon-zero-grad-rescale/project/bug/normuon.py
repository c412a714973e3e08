import torch
from torch.optim import Optimizer


def zeropower_via_newtonschulz5(G, steps=5):
    a, b, c = (3.4445, -4.7750, 2.0315)
    X = G / (G.norm() + 1e-7)
    transposed = X.size(0) > X.size(1)
    if transposed:
        X = X.T
    for _ in range(steps):
        A = X @ X.T
        B = b * A + c * A @ A
        X = a * X + B @ X
    return X.T if transposed else X


def normuon_normalization(U, V, muon_beta2):
    norm_U = U.norm(p=2)
    neuron_norms = (U * U).mean(dim=-1, keepdim=True)
    V = torch.lerp(V, neuron_norms, 1 - muon_beta2)
    denom = V.sqrt() + 1e-8
    normalized_U = U / denom
    # Rescale to preserve Frobenius norm
    norm_U_new = normalized_U.norm(p=2)
    normalized_U = normalized_U * (norm_U / norm_U_new)
    return normalized_U, V


class NorMuon(Optimizer):
    def __init__(self, params, lr=0.02, mu=0.95, muon_beta2=0.95, weight_decay=0.0):
        super().__init__(params, dict(lr=lr, mu=mu, muon_beta2=muon_beta2, weight_decay=weight_decay))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                if not state:
                    state["momentum"] = torch.zeros_like(p)
                    state["variance_neuron"] = torch.zeros(p.size(0), 1)
                M = state["momentum"]
                M.lerp_(p.grad, 1 - group["mu"])
                U = zeropower_via_newtonschulz5(p.grad.lerp(M, group["mu"]))
                U, state["variance_neuron"] = normuon_normalization(U, state["variance_neuron"], group["muon_beta2"])
                p.mul_(1 - group["lr"] * group["weight_decay"])
                p.add_(U, alpha=-group["lr"])
