import torch
import torch.nn.functional as F

from model import TinyGPT
from normuon import NorMuon

torch.manual_seed(0)

model = TinyGPT()
matrix_params = [p for n, p in model.named_parameters() if p.ndim == 2 and "wte" not in n and "lm_head" not in n]
other_params = [p for n, p in model.named_parameters() if p.ndim != 2 or "wte" in n or "lm_head" in n]
optimizers = [NorMuon(matrix_params, lr=0.02), torch.optim.AdamW(other_params, lr=3e-3)]

for step in range(2):
    idx = torch.randint(0, 32, (4, 12))
    logits = model(idx[:, :-1])
    loss = F.cross_entropy(logits.reshape(-1, 32), idx[:, 1:].reshape(-1))
    loss.backward()
    for opt in optimizers:
        opt.step()
    model.zero_grad(set_to_none=True)
