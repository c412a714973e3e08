import torch
import torch.nn as nn

from model import VRNN

torch.manual_seed(0)
x_dim, h_dim, z_dim, n_layers = 28, 32, 8, 1
clip = 10
model = VRNN(x_dim, h_dim, z_dim, n_layers)
with torch.no_grad():
    model.dec_mean[0].bias[10:18] = 25.0      # after a few epochs the decoder is certain about the stroke
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

# a batch of MNIST digits read row by row: (seq_len=28, batch, 28), ToTensor scaling to [0, 1]
data = torch.zeros(28, 16, x_dim)
data[8:20, :, 10:18] = 1.0
data[8:20, :, 9] = 0.5

for epoch in range(2):
    optimizer.zero_grad()
    kld_loss, nll_loss = model(data)
    loss = kld_loss + nll_loss
    loss.backward()
    nn.utils.clip_grad_norm_(model.parameters(), clip)
    optimizer.step()
    print(epoch, kld_loss.item(), nll_loss.item())
