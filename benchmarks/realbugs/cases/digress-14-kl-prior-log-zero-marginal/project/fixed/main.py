import torch
import torch.nn.functional as F

from diffusion_model_discrete import DiscreteDenoisingDiffusion

torch.manual_seed(0)

atom_types = torch.tensor([[0, 1, 0, 2, 0, 0], [0, 0, 1, 1, 2, 0]])
counts = torch.bincount(atom_types.flatten(), minlength=5).float()
x_marginals = counts / counts.sum()
X = F.one_hot(atom_types, num_classes=5).float()
node_mask = torch.ones(2, 6)

model = DiscreteDenoisingDiffusion(x_marginals)
optimizer = torch.optim.AdamW(model.parameters(), lr=2e-4)
loss = model(X, node_mask)
optimizer.zero_grad()
loss.backward()
optimizer.step()

model.eval()
with torch.no_grad():
    kl_prior = model.kl_prior(X, node_mask)
    nll = model(X, node_mask) + kl_prior
