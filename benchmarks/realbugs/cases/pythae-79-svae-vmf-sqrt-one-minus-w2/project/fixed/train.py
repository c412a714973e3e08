import torch

from pythae.models.nn import Decoder_MLP, Encoder_SVAE_MLP
from pythae.models.svae.svae_model import SVAE

torch_seed = 1
torch.manual_seed(torch_seed)
latent_dim = 2                                   # the circle S^1
encoder = Encoder_SVAE_MLP(8, latent_dim, concentration_bias=60.0)   # posterior already sharp
model = SVAE(encoder, Decoder_MLP(latent_dim, 8), latent_dim)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
data = torch.randn(512, 8)

for batch in data.split(256):
    loss, z = model(batch)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
