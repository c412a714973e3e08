import torch
import torch.nn.functional as F
from torch import nn, optim

from network import d_net, g_net


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
