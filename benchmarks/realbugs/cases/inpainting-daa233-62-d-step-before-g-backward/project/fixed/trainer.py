import torch
import torch.nn as nn

from model.networks import Generator, GlobalDis


class Trainer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.netG = Generator()
        self.globalD = GlobalDis()
        self.optimizer_g = torch.optim.Adam(self.netG.parameters(), lr=config['lr'], betas=(0.5, 0.9))
        self.optimizer_d = torch.optim.Adam(self.globalD.parameters(), lr=config['lr'], betas=(0.5, 0.9))

    def forward(self, x, mask, ground_truth, compute_loss_g=False):
        losses = {}
        x_stage = self.netG(x, mask)
        x_inpaint = x_stage * mask + x * (1. - mask)
        real_pred = self.globalD(ground_truth)
        fake_pred = self.globalD(x_inpaint.detach())
        losses['wgan_d'] = torch.mean(fake_pred - real_pred)
        if compute_loss_g:
            losses['l1'] = nn.L1Loss()(x_inpaint, ground_truth)
            losses['wgan_g'] = -torch.mean(self.globalD(x_inpaint))
        return losses, x_inpaint
