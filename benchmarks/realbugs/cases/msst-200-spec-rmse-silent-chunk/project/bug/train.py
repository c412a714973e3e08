import torch

from models.mask_net import MaskNet
from utils.losses import choice_loss

torch.manual_seed(0)
config = {'nfft': 256, 'hop_size': 64, 'win_size': 256, 'spec_rmse_loss_coef': 1.0}
model = MaskNet(num_sources=2, channels=2)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
loss_func = choice_loss(config)

# chunks are drawn with min_mean_abs = 0.0, so a chunk of pure silence can be drawn
sources = torch.randn(2, 2, 2, 2048) * 0.1
sources[1] = 0.0                                   # a silent chunk: every stem is zero
mixes = sources.sum(1)

for step in range(2):
    y_ = model(mixes)
    loss = loss_func(y_, sources, mixes)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
