import torch
import torch.nn as nn


class Self_Attn(nn.Module):
    """ Self attention Layer"""

    def __init__(self, in_dim):
        super(Self_Attn, self).__init__()
        self.chanel_in = in_dim
        self.query_conv = nn.Conv2d(in_channels=in_dim, out_channels=in_dim // 8, kernel_size=1)
        self.key_conv = nn.Conv2d(in_channels=in_dim, out_channels=in_dim // 8, kernel_size=1)
        self.value_conv = nn.Conv2d(in_channels=in_dim, out_channels=in_dim, kernel_size=1)
        self.gamma = nn.Parameter(torch.zeros(1))
        self.softmax = nn.Softmax(dim=-1)

    def forward(self, x):
        m_batchsize, C, width, height = x.size()
        proj_query = self.query_conv(x).view(m_batchsize, -1, width * height).permute(0, 2, 1)
        proj_key = self.key_conv(x).view(m_batchsize, -1, width * height)
        energy = torch.bmm(proj_query, proj_key)
        attention = self.softmax(energy)
        proj_value = self.value_conv(x).view(m_batchsize, -1, width * height)
        out = torch.bmm(proj_value, attention.permute(0, 2, 1))
        out = out.view(m_batchsize, C, width, height)
        out = self.gamma * out + x
        return out, attention


class Generator(nn.Module):
    def __init__(self, image_size=16, z_dim=16, conv_dim=32):
        super(Generator, self).__init__()
        self.l1 = nn.Sequential(nn.ConvTranspose2d(z_dim, conv_dim, 4), nn.BatchNorm2d(conv_dim), nn.ReLU())
        self.l2 = nn.Sequential(nn.ConvTranspose2d(conv_dim, conv_dim, 4, 2, 1), nn.BatchNorm2d(conv_dim), nn.ReLU())
        self.attn = Self_Attn(conv_dim)
        self.last = nn.Sequential(nn.ConvTranspose2d(conv_dim, 3, 4, 2, 1), nn.Tanh())

    def forward(self, z):
        z = z.view(z.size(0), z.size(1), 1, 1)
        out = self.l2(self.l1(z))
        out, p1 = self.attn(out)
        return self.last(out), p1


class Discriminator(nn.Module):
    def __init__(self, image_size=16, conv_dim=32):
        super(Discriminator, self).__init__()
        self.l1 = nn.Sequential(nn.Conv2d(3, conv_dim, 4, 2, 1), nn.LeakyReLU(0.1))
        self.l2 = nn.Sequential(nn.Conv2d(conv_dim, conv_dim, 4, 2, 1), nn.LeakyReLU(0.1))
        self.attn = Self_Attn(conv_dim)
        self.last = nn.Conv2d(conv_dim, 1, 4)

    def forward(self, x):
        out = self.l2(self.l1(x))
        out, p1 = self.attn(out)
        out = self.last(out)
        return out.squeeze(), p1
