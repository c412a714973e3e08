# microsoft/dion#24: NorMuon gives NaN loss when a weight matrix has an all-zero gradient (the layers in front
# of a zero-initialized output projection): the Frobenius-norm rescale norm_U / norm_U_new is 0 / 0.
import torch
import torch.nn as nn

torch.manual_seed(0)


def zeropower_via_newtonschulz5(G, steps=5):
    a, b, c = (3.4445, -4.7750, 2.0315)
    X = G / (G.norm() + 1e-7)
    for _ in range(steps):
        A = X @ X.T
        B = b * A + c * A @ A
        X = a * X + B @ X
    return X


c_attn = nn.Linear(8, 8, bias=False)
c_proj = nn.Linear(8, 8, bias=False)
nn.init.zeros_(c_proj.weight)  # zero-initialized output projection
x = torch.randn(4, 8)
loss = (x + c_proj(torch.relu(c_attn(x)))).pow(2).mean()
loss.backward()

muon_beta2 = 0.95
lr = 0.02
V = torch.zeros(8, 1)
with torch.no_grad():
    U = zeropower_via_newtonschulz5(c_attn.weight.grad)
    norm_U = U.norm(p=2)
    neuron_norms = (U * U).mean(dim=-1, keepdim=True)
    V = torch.lerp(V, neuron_norms, 1 - muon_beta2)
    normalized_U = U / (V.sqrt() + 1e-8)
    norm_U_new = normalized_U.norm(p=2)
    normalized_U = normalized_U * (norm_U / norm_U_new)
    c_attn.weight.add_(normalized_U, alpha=-lr)
