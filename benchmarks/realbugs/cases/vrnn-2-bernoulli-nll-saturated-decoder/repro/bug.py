# https://github.com/emited/VariationalRecurrentNeuralNetwork/issues/2 -- the VRNN's Bernoulli NLL is
# -sum(x * log(theta) + (1 - x) * log(1 - theta)) with theta the sigmoid output of the decoder; once the
# decoder is confident on a stroke pixel (x = 1.0) theta rounds to 1.0, log(1 - theta) = -inf and
# (1 - x) * -inf = 0 * -inf = NaN: "KLD Loss: nan, NLL Loss: nan" after a few epochs.
import torch
import torch.nn as nn

torch.manual_seed(0)
x_dim, h_dim = 28, 32
dec = nn.Sequential(nn.Linear(h_dim, h_dim), nn.ReLU())
dec_mean = nn.Sequential(nn.Linear(h_dim, x_dim), nn.Sigmoid())
with torch.no_grad():
    dec_mean[0].bias[10:18] = 25.0            # the centre of the digit: pixels the decoder is sure are ink
h = torch.rand(16, h_dim)
x_t = torch.zeros(16, x_dim)
x_t[:, 10:18] = 1.0                           # one row of MNIST: ToTensor gives exactly 1.0 on the stroke

theta = dec_mean(dec(h))
nll_loss = - torch.sum(x_t * torch.log(theta) + (1 - x_t) * torch.log(1 - theta))
nll_loss.backward()
