import torch
from typing import List, Callable, Union
from torch import nn


class TwinFlow(torch.nn.Module):
    def __init__(
        self,
        consistc_ratio: float = 1.0,
        time_dist_ctrl: List[float] = [1.0, 1.0, 1.0],
        estimate_order: int = 2,
        **kwargs,
    ):
        super().__init__()
        self.cor = consistc_ratio
        self.tdc = time_dist_ctrl
        self.eso = estimate_order
        self.integ_st = 1

    def alpha_in(self, t):
        return t

    def gamma_in(self, t):
        return 1 - t

    def alpha_to(self, t):
        return 1

    def gamma_to(self, t):
        return -1

    def sample_beta(self, theta_1, theta_2, x):
        size = [x.size(0)] + [1] * (len(x.shape) - 1)
        beta_dist = torch.distributions.Beta(theta_1, theta_2)
        beta_samples = beta_dist.sample(size)
        return beta_samples.to(x)

    def l2_loss(self, pred, target):
        loss = (pred.float() - target.float()) ** 2
        return loss.flatten(1).mean(dim=1).to(pred.dtype)

    def prepare_inputs(self, model, x):
        bsz = x.shape[0]
        t = self.sample_beta(self.tdc[0], self.tdc[1], x).clamp_(0, 1) * self.tdc[2]
        tt = t - torch.rand_like(t) * self.cor * t
        t_min = t - torch.rand_like(t) * t * min(0.05, self.cor)
        mul = torch.zeros(bsz, dtype=torch.bool)
        mul[: bsz // 2] = True
        tt[mul] = t_min[mul]
        z = torch.randn_like(x)
        x_t = z * self.alpha_in(t) + x * self.gamma_in(t)
        target = z * self.alpha_to(t) + x * self.gamma_to(t)
        return x_t, t, tt, target

    @torch.no_grad()
    def multi_fwd(self, model, x_t, t, tt, N):
        pred = 0
        ts = [t * (1 - i / (N)) + tt * (i / (N)) for i in range(N + 1)]
        for t_c, t_n in zip(ts[:-1], ts[1:]):
            hx, hz, F_c, _ = self.forward(model, x_t, t_c, t_n)
            x_t = self.alpha_in(t_n) * hz + self.gamma_in(t_n) * hx
            pred = pred + F_c * (t_c - t_n)
        return hx, hz, pred

    @torch.no_grad()
    def get_rcgm_target(self, model, F_th_t, target, x_t, t, tt, N):
        """
        References:
        - RCGM: https://github.com/LINs-lab/RCGM/blob/main/assets/paper.pdf
        """
        t_m = (t - 0.01).clamp_min(tt)
        x_t = x_t - target * 0.01
        _, _, Ft_tar = self.multi_fwd(model, x_t, t_m, tt, N)
        mask = t < (tt + 0.01)
        cof_l = torch.where(mask, torch.ones_like(t), 100 * (t - tt))
        cof_r = torch.where(mask, 1 / (t - tt), torch.ones_like(t) * 100)
        Ft_tar = (F_th_t * cof_l - Ft_tar * cof_r) - target
        Ft_tar = F_th_t.data - (Ft_tar).clamp(min=-1.0, max=1.0)
        return Ft_tar

    def training_step(self, model, x):
        with torch.no_grad():
            x_t, t, tt, target = self.prepare_inputs(model, x)
        x_wc_t, z_wc_t, F_th_t, den_t = self.forward(model, x_t, t, tt)
        if (self.eso >= 1) and (self.cor != 0.0):
            target = self.get_rcgm_target(model, F_th_t, target, x_t, t, tt, self.eso)
        loss = self.l2_loss(F_th_t, target)
        return loss.mean()

    def forward(self, model, x_t, t, tt=None):
        tt = tt.flatten()
        dent = -1
        q = torch.ones(x_t.size(0), dtype=x_t.dtype) * (t).flatten()
        F_t = model(x_t, t=q, tt=tt)
        t = torch.abs(t)
        z_hat = (x_t * self.gamma_to(t) - F_t * self.gamma_in(t)) / dent
        x_hat = (F_t * self.alpha_in(t) - x_t * self.alpha_to(t)) / dent
        return x_hat, z_hat, F_t, dent
