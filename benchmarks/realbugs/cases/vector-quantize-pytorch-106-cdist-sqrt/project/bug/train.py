"""Train the VQ autoencoder; the first batch initialises the codebook from the encodings."""
import torch
import torch.nn.functional as F

from autoencoder import VQAutoEncoder

torch.manual_seed(0)
model = VQAutoEncoder()
optimizer = torch.optim.Adam(model.parameters(), lr=3e-4)
for step in range(2):
    x = torch.randn(1, 64, 32) * 3.0
    recon, indices, commit_loss = model(x)
    loss = F.mse_loss(recon, x) + commit_loss
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
codebook = model.vq._codebook.embed.detach()
