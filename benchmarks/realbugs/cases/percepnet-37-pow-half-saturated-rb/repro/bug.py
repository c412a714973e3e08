# https://github.com/jzi040941/PercepNet/issues/37 -- CustomLoss compares gains after a power gamma = 0.5;
# when the pitch-filter strength r_b saturates at 1.0 (sigmoid of a large logit), (1 - rb_hat) ** 0.5 has
# an infinite derivative at 0 and the backward pass gives NaN gradients.
import torch
import torch.nn as nn

torch.manual_seed(0)
gamma = 0.5
feat = torch.randn(4, 10, 70)
fc_gb = nn.Linear(70, 34)
fc_rb = nn.Linear(70, 34)
with torch.no_grad():
    fc_rb.bias.fill_(20.0)                 # r_b pushed to saturation after some steps
gb_hat = torch.sigmoid(fc_gb(feat))
rb_hat = torch.sigmoid(fc_rb(feat))
gb = torch.rand(4, 10, 34)
rb = torch.rand(4, 10, 34)

gamma_gb_hat = torch.pow(gb_hat, gamma)
gamma_rb_hat = torch.pow(1 - rb_hat, gamma)
loss = torch.mean(torch.pow(torch.pow(gb, gamma) - gamma_gb_hat, 2)) \
    + 10 * torch.mean(torch.pow(torch.pow(gb, gamma) - gamma_gb_hat, 4)) \
    + torch.mean(torch.pow(torch.pow(1 - rb, gamma) - gamma_rb_hat, 2))
loss.backward()
