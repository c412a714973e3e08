# DuaneNielsen/DeepInfomaxPytorch#9: Deep InfoMax loss (local, global and prior matching terms).
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim import Adam


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.c0 = nn.Conv2d(3, 16, kernel_size=4, stride=1)
        self.c1 = nn.Conv2d(16, 32, kernel_size=4, stride=1)
        self.l1 = nn.Linear(32 * 10 * 10, 64)

    def forward(self, x):
        h = F.relu(self.c0(x))
        features = F.relu(self.c1(h))
        h = features.view(x.shape[0], -1)
        encoded = torch.sigmoid(self.l1(h))
        return encoded, features


class GlobalDiscriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.c0 = nn.Conv2d(32, 16, kernel_size=3)
        self.l0 = nn.Linear(16 * 8 * 8 + 64, 128)
        self.l1 = nn.Linear(128, 1)

    def forward(self, y, M):
        h = F.relu(self.c0(M))
        h = h.view(y.shape[0], -1)
        h = torch.cat((y, h), dim=1)
        h = F.relu(self.l0(h))
        return self.l1(h)


class LocalDiscriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.c0 = nn.Conv2d(96, 64, kernel_size=1)
        self.c1 = nn.Conv2d(64, 1, kernel_size=1)

    def forward(self, x):
        h = F.relu(self.c0(x))
        return self.c1(h)


class PriorDiscriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.l0 = nn.Linear(64, 100)
        self.l1 = nn.Linear(100, 20)
        self.l2 = nn.Linear(20, 1)

    def forward(self, x):
        h = F.relu(self.l0(x))
        h = F.relu(self.l1(h))
        return torch.sigmoid(self.l2(h))


class DeepInfoMaxLoss(nn.Module):
    def __init__(self, alpha=0.5, beta=1.0, gamma=0.1):
        super().__init__()
        self.global_d = GlobalDiscriminator()
        self.local_d = LocalDiscriminator()
        self.prior_d = PriorDiscriminator()
        self.alpha = alpha
        self.beta = beta
        self.gamma = gamma

    def forward(self, y, M, M_prime):
        y_exp = y.unsqueeze(-1).unsqueeze(-1)
        y_exp = y_exp.expand(-1, -1, M.shape[2], M.shape[3])

        y_M = torch.cat((M, y_exp), dim=1)
        y_M_prime = torch.cat((M_prime, y_exp), dim=1)

        Ej = -F.softplus(-self.local_d(y_M)).mean()
        Em = F.softplus(self.local_d(y_M_prime)).mean()
        LOCAL = (Em - Ej) * self.beta

        Ej = -F.softplus(-self.global_d(y, M)).mean()
        Em = F.softplus(self.global_d(y, M_prime)).mean()
        GLOBAL = (Em - Ej) * self.alpha

        prior = torch.rand_like(y)

        term_a = torch.log(self.prior_d(prior)).mean()
        term_b = torch.log(1.0 - self.prior_d(y)).mean()
        PRIOR = - (term_a + term_b) * self.gamma

        return LOCAL + GLOBAL + PRIOR


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
