# xaggi/OGNet#8 fixed: the order the thread's comment gives, zero_grad -> both backward passes -> both optimizer steps.
import torch.nn as nn
import torch
import torch.nn.functional as F
from torch import nn, optim
from torch import optim


class g_net(nn.Module):
    def __init__(self):
        super(g_net, self).__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(1, 16, 3, stride=2, padding=1), nn.BatchNorm2d(16), nn.ReLU(True),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.BatchNorm2d(32), nn.ReLU(True),
        )
        self.decoder = nn.Sequential(
            nn.ConvTranspose2d(32, 16, 4, stride=2, padding=1), nn.BatchNorm2d(16), nn.ReLU(True),
            nn.ConvTranspose2d(16, 1, 4, stride=2, padding=1), nn.Tanh(),
        )

    def forward(self, x):
        return self.decoder(self.encoder(x))


class d_net(nn.Module):
    def __init__(self):
        super(d_net, self).__init__()
        self.main = nn.Sequential(
            nn.Conv2d(1, 16, 3, stride=2, padding=1), nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.BatchNorm2d(32), nn.LeakyReLU(0.2, inplace=True),
            nn.Flatten(), nn.Linear(32 * 4 * 4, 1), nn.Sigmoid(),
        )

    def forward(self, x):
        return self.main(x)


def gaussian(ins, is_training, mean, stddev):
    if is_training:
        noise = ins.data.new(ins.size()).normal_(mean, stddev)
        return ins + noise
    return ins


class OGNet(nn.Module):
    def __init__(self, opt):
        super(OGNet, self).__init__()
        self.g = g_net()
        self.d = d_net()
        self.batch_size = opt["batch_size"]
        self.g_learning_rate = opt["g_learning_rate"]
        self.d_learning_rate = opt["d_learning_rate"]
        self.sigma_noise = opt["sigma_noise"]
        self.adversarial_training_factor = opt["adversarial_training_factor"]

    def train_step(self, input, g_optim, d_optim):
        fake = torch.ones([self.batch_size], dtype=torch.float32)
        valid = torch.zeros([self.batch_size], dtype=torch.float32)

        g_optim.zero_grad()
        d_optim.zero_grad()
        sigma = self.sigma_noise ** 2
        input_w_noise = gaussian(input, 1, 0, sigma)
        g_output = self.g(input_w_noise)

        d_fake_output = self.d(g_output)
        d_real_output = self.d(input)
        d_fake_loss = F.binary_cross_entropy(torch.squeeze(d_fake_output), fake)
        d_real_loss = F.binary_cross_entropy(torch.squeeze(d_real_output), valid)
        d_sum_loss = 0.5 * (d_fake_loss + d_real_loss)
        d_sum_loss.backward(retain_graph=True)

        g_recon_loss = F.mse_loss(g_output, input)
        g_adversarial_loss = F.binary_cross_entropy(d_fake_output.squeeze(), valid)
        g_sum_loss = (1 - self.adversarial_training_factor) * g_recon_loss + \
            self.adversarial_training_factor * g_adversarial_loss
        g_sum_loss.backward()
        d_optim.step()
        g_optim.step()
        return d_sum_loss.item(), g_sum_loss.item()


torch.manual_seed(0)

opt = {"batch_size": 4, "g_learning_rate": 1e-3, "d_learning_rate": 1e-4,
       "sigma_noise": 0.9, "adversarial_training_factor": 0.5}
model = OGNet(opt)
model.g.train()
model.d.train()
g_optim = optim.Adam(model.g.parameters(), lr=model.g_learning_rate)
d_optim = optim.Adam(model.d.parameters(), lr=model.d_learning_rate)

images = torch.rand(opt["batch_size"], 1, 16, 16) * 2 - 1
d_loss_value, g_loss_value = model.train_step(images, g_optim, d_optim)
