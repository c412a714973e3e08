import torch
import torch.nn.functional as F

from model import DiscreteVAE
from schedules import linear_temperature

torch.manual_seed(0)
config = {"total_steps": 4, "tau_start": 1.0, "lr": 1e-3}
model = DiscreteVAE()
optimizer = torch.optim.Adam(model.parameters(), lr=config["lr"])
data = torch.randn(16, 8)

for step in range(1, config["total_steps"] + 1):
    model.tau = linear_temperature(step, config["total_steps"], config["tau_start"])
    optimizer.zero_grad()
    recon, logits = model(data)
    q = F.softmax(logits, dim=-1)
    kl = (q * (torch.log(q * logits.size(-1) + 1e-10))).sum(-1).mean()
    loss = F.mse_loss(recon, data) + 0.1 * kl
    loss.backward()
    optimizer.step()
    print(step, model.tau, loss.item())
