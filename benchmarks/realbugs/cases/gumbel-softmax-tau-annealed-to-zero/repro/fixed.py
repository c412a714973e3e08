# https://github.com/pytorch/pytorch/issues/184031 - standard fix: the annealed temperature is floored at a positive minimum (tau must be > 0), as in the Gumbel-softmax paper schedule.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
encoder = nn.Linear(8, 6)
decoder = nn.Linear(6, 8)
x = torch.randn(4, 8)
tau0, total_steps, step = 1.0, 1000, 1000
tau = max(tau0 * (1 - step / total_steps), 0.1)

logits = encoder(x)
z = F.gumbel_softmax(logits, tau=tau, hard=True, dim=-1)
recon = decoder(z)
loss = F.mse_loss(recon, x)
loss.backward()
print(tau, z, loss.item())
