import torch

from probabilistic_unet import ProbabilisticUnet

torch.manual_seed(0)
net = ProbabilisticUnet(input_channels=1, num_filters=(16, 16), latent_dim=6, no_convs_per_block=2, beta=10.0)
optimizer = torch.optim.Adam(net.parameters(), lr=1e-4, weight_decay=0)

# the reporter's own images: raw intensities, not rescaled to [0, 1]
patch = torch.rand(2, 1, 32, 32) * 65535.0   # 16-bit raw images
mask = (torch.rand(2, 1, 32, 32) > 0.5).float()

net.forward(patch, mask, training=True)
elbo = net.elbo(mask)
loss = -elbo
optimizer.zero_grad()
loss.backward()
optimizer.step()
