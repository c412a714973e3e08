import torch
import torch.nn as nn
import torch.nn.functional as F

bce = nn.BCEWithLogitsLoss()


def discriminator_loss(real_out, fake_out):
    return bce(real_out, torch.ones_like(real_out)) + bce(fake_out, torch.zeros_like(fake_out))


def generator_loss(fake_out, fake, clear, l1_weight=10.0):
    return bce(fake_out, torch.ones_like(fake_out)) + l1_weight * F.l1_loss(fake, clear)
