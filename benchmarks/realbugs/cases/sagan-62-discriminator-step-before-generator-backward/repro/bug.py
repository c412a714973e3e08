# SAGAN training step: the generator loss reuses the discriminator's output on the fakes, which was
# computed before d_optimizer.step(); the step updates D's parameters (among them the attention's
# gamma, multiplied in `self.gamma * out + x`) in place, and g_loss_fake.backward() needs their old values.
import torch
import torch.nn as nn

torch.manual_seed(0)


class Attn(nn.Module):
    def __init__(self, in_dim):
        super().__init__()
        self.value_conv = nn.Conv2d(in_dim, in_dim, kernel_size=1)
        self.gamma = nn.Parameter(torch.zeros(1))

    def forward(self, x):
        B, C, W, H = x.size()
        energy = torch.bmm(x.view(B, C, -1).permute(0, 2, 1), x.view(B, C, -1))
        attention = energy.softmax(-1)
        out = torch.bmm(self.value_conv(x).view(B, C, -1), attention.permute(0, 2, 1)).view(B, C, W, H)
        return self.gamma * out + x


G = nn.Sequential(nn.Linear(16, 3 * 8 * 8), nn.Tanh(), nn.Unflatten(1, (3, 8, 8)))
D = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.LeakyReLU(0.1), Attn(8), nn.Flatten(), nn.Linear(8 * 8 * 8, 1))
g_optimizer = torch.optim.Adam(G.parameters(), 0.0001, [0.0, 0.9])
d_optimizer = torch.optim.Adam(D.parameters(), 0.0004, [0.0, 0.9])

real_images = torch.rand(4, 3, 8, 8) * 2 - 1
z = torch.randn(4, 16)
d_loss, g_loss_fake = None, None

d_out_real = D(real_images)
fake_images = G(z)
d_out_fake = D(fake_images)
d_loss = torch.relu(1.0 - d_out_real).mean() + torch.relu(1.0 + d_out_fake).mean()
d_optimizer.zero_grad()
g_optimizer.zero_grad()
d_loss.backward(retain_graph=True)
d_optimizer.step()

g_loss_fake = - d_out_fake.mean()
d_optimizer.zero_grad()
g_optimizer.zero_grad()
g_loss_fake.backward()
g_optimizer.step()
