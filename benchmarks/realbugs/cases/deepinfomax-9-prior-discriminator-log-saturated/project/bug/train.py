import torch
from torch.optim import Adam

from models import DeepInfoMaxLoss, Encoder

torch.manual_seed(0)

encoder = Encoder()
loss_fn = DeepInfoMaxLoss()
optim = Adam(encoder.parameters(), lr=1e-4)
loss_optim = Adam(loss_fn.parameters(), lr=1e-4)

# state reached after some epochs: the prior discriminator has become very confident
with torch.no_grad():
    loss_fn.prior_d.l2.bias.fill_(-120.0)

x = torch.rand(8, 3, 16, 16)
optim.zero_grad()
loss_optim.zero_grad()
y, M = encoder(x)
# rotate the batch to get mismatched (negative) feature maps
M_prime = torch.cat((M[1:], M[0].unsqueeze(0)), dim=0)
loss = loss_fn(y, M, M_prime)
loss.backward()
optim.step()
loss_optim.step()
