import torch
import torch.nn.functional as F


def adversarial_losses(netD, real, fake):
    pred_real = netD(real)
    pred_fake_d = netD(fake.detach())
    loss_netD = F.binary_cross_entropy_with_logits(pred_real, torch.ones_like(pred_real)) + \
        F.binary_cross_entropy_with_logits(pred_fake_d, torch.zeros_like(pred_fake_d))
    pred_fake_g = netD(fake)
    loss_adv = F.binary_cross_entropy_with_logits(pred_fake_g, torch.ones_like(pred_fake_g))
    return loss_netD, loss_adv
