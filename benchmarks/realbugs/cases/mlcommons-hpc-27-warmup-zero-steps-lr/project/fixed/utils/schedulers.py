import warnings
import torch
from torch.optim.lr_scheduler import LRScheduler


class CosineAnnealingLRWarmup(LRScheduler):
    def __init__(self, optimizer, warmup_steps, warmup_factor, T_max, eta_min=0, last_epoch=-1):
        self.warmup_steps = warmup_steps
        self.warmup_factor = warmup_factor
        self.T_max = T_max
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.warmup_steps == 0 or self.last_epoch > self.warmup_steps:
            last_epoch_eff = self.last_epoch - self.warmup_steps
            return [self.eta_min + (base_lr - self.eta_min) * (1 + torch.cos(torch.tensor(torch.pi * last_epoch_eff / self.T_max)).item()) / 2
                    for base_lr in self.base_lrs]
        else:
            if self.warmup_factor == 1.0:
                return [base_lr * (float(self.last_epoch) / self.warmup_steps)
                        for base_lr in self.base_lrs]
            return [base_lr * ((self.warmup_factor - 1.) * float(self.last_epoch) / self.warmup_steps + 1.)
                    for base_lr in self.base_lrs]
