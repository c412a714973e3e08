import numpy as np
import torch


class StyleGAN2Loss:
    def __init__(self, G_mapping, G_synthesis, pl_decay=0.01, pl_weight=2.0):
        self.G_mapping = G_mapping
        self.G_synthesis = G_synthesis
        self.pl_decay = pl_decay
        self.pl_weight = pl_weight
        self.pl_mean = torch.zeros([])

    def accumulate_gradients_Gpl(self, gen_z):
        gen_ws = self.G_mapping(gen_z)
        gen_img = self.G_synthesis(gen_ws)
        pl_noise = torch.randn_like(gen_img) / np.sqrt(gen_img.shape[1])
        pl_grads = torch.autograd.grad(outputs=[(gen_img * pl_noise).sum()], inputs=[gen_ws],
                                       create_graph=True, only_inputs=True)[0]
        pl_lengths = pl_grads.square().sum(2).mean(1).sqrt()
        pl_mean = self.pl_mean.lerp(pl_lengths.mean(), self.pl_decay)
        self.pl_mean.copy_(pl_mean.detach())
        pl_penalty = (pl_lengths - pl_mean).square()
        loss_Gpl = pl_penalty * self.pl_weight
        loss_Gpl.mean().backward()
        return loss_Gpl.mean()
