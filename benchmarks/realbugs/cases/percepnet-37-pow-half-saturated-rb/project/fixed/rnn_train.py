import torch
import torch.nn as nn

from model import PercepNet


class CustomLoss(nn.Module):
    def __init__(self, gamma=0.5, c4=10.0):
        super().__init__()
        self.gamma = gamma
        self.c4 = c4

    def forward(self, outputs, targets):
        gb_hat, rb_hat = outputs
        gb, rb = targets[..., :34], targets[..., 34:68]
        gamma = self.gamma
        gamma_gb_hat = torch.pow(gb_hat, gamma)
        one_minus = 1 - rb_hat
        small = one_minus < 0.0003
        gamma_rb_hat = torch.zeros_like(one_minus)
        gamma_rb_hat[small] = 1290 * one_minus[small]
        gamma_rb_hat[~small] = torch.pow(one_minus[~small], gamma)
        return torch.mean(torch.pow(torch.pow(gb, gamma) - gamma_gb_hat, 2)) \
            + self.c4 * torch.mean(torch.pow(torch.pow(gb, gamma) - gamma_gb_hat, 4)) \
            + torch.mean(torch.pow(torch.pow(1 - rb, gamma) - gamma_rb_hat, 2))


torch.manual_seed(0)
model = PercepNet()
with torch.no_grad():
    model.fc_rb[0].bias.fill_(25.0)        # the r_b head has drifted into saturation: rb_hat == 1.0
criterion = CustomLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
features = torch.randn(4, 20, 70)
targets = torch.rand(4, 20, 68)

for step in range(2):
    outputs = model(features)
    loss = criterion(outputs, targets)
    optimizer.zero_grad()
    loss.backward()
    grad = model.fc_rb[0].weight.grad.clone()
    optimizer.step()
