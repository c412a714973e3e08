import math

import torch
import torch.nn as nn
from torch.optim import Optimizer


class StableSPAM(Optimizer):
    """How to Train in 4-Bit More Stably than 16-Bit Adam."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), gamma1=0.7, gamma2=0.9, theta=0.999,
                 weight_decay=0.0, update_proj_gap=1000, eps=1e-8):
        self.gamma1 = betas[0] if gamma1 == -1.0 else gamma1
        self.gamma2 = gamma2
        self.theta = theta
        self.update_proj_gap = update_proj_gap
        self.total_step = 0
        defaults = {'lr': lr, 'betas': betas, 'weight_decay': weight_decay, 'eps': eps}
        super().__init__(params, defaults)

    def init_group(self, group):
        for p in group['params']:
            if p.grad is None:
                continue
            grad = p.grad
            state = self.state[p]
            if 'exp_avg' not in state:
                state['exp_avg'] = torch.zeros_like(grad)
                state['exp_avg_sq'] = torch.zeros_like(grad)
                state['m_norm_t'] = torch.zeros(1, device=grad.device, dtype=grad.dtype)
                state['v_norm_t'] = torch.zeros(1, device=grad.device, dtype=grad.dtype)
                state['m_max_t'] = torch.zeros(1, device=grad.device, dtype=grad.dtype)

    @staticmethod
    def debias(beta, step):
        return 1.0 - math.pow(beta, step)

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()

        self.total_step += 1
        scale = 1.0

        for group in self.param_groups:
            if 'step' not in group:
                self.init_group(group)
                group['step'] = 1
            else:
                group['step'] += 1

            beta1, beta2 = group['betas']
            beta1 *= scale

            bias_correction1 = self.debias(beta1, group['step'])
            bias_correction2 = self.debias(beta2, group['step'])
            bias_correction2_sq = math.sqrt(bias_correction2)

            step_size = group['lr'] / bias_correction1

            theta_t = 1.0 - self.theta ** group['step']

            for p in group['params']:
                if p.grad is None:
                    continue

                grad = p.grad
                state = self.state[p]

                if group['weight_decay'] > 0.0:
                    p.mul_(1.0 - group['weight_decay'] * group['lr'])

                max_grad = torch.max(grad.abs())

                exp_avg, exp_avg_sq, m_max_t = state['exp_avg'], state['exp_avg_sq'], state['m_max_t']

                m_max_t.lerp_(max_grad, weight=1.0 - self.theta)

                m_max_hat = m_max_t / theta_t

                mask = grad.abs() > m_max_hat
                if mask.sum() > 0:
                    grad[mask].div_(max_grad).mul_(m_max_hat)

                grad_norm = torch.norm(grad)

                m_norm_t, v_norm_t = state['m_norm_t'], state['v_norm_t']
                m_norm_t.lerp_(grad_norm, weight=1.0 - self.gamma1 * scale)
                v_norm_t.lerp_(grad_norm.pow(2), weight=1.0 - self.gamma2)

                m_norm_hat = m_norm_t / (1.0 - (self.gamma1 * scale) ** group['step'])
                v_norm_hat = v_norm_t / (1.0 - self.gamma2 ** group['step'])

                c_norm_t = m_norm_hat.div_(v_norm_hat.sqrt_().add_(group['eps']))

                grad.div_(grad_norm).mul_(c_norm_t)

                if self.update_proj_gap > 0 and self.total_step % self.update_proj_gap == 0:
                    state['exp_avg'] = torch.zeros_like(grad)
                    state['exp_avg_sq'] = torch.zeros_like(grad)
                    group['step'] = 1

                exp_avg.mul_(beta1).add_(grad, alpha=1.0 - beta1)
                exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1.0 - beta2)

                de_nom = exp_avg_sq.sqrt().div_(bias_correction2_sq).add_(group['eps'])

                p.addcdiv_(exp_avg, de_nom, value=-step_size)

        return loss


class LoRALinear(nn.Module):
    """A frozen linear layer with a trainable low-rank update; B starts at zero so the adapter is a no-op at init."""

    def __init__(self, in_features, out_features, r=4, alpha=8):
        super().__init__()
        self.base = nn.Linear(in_features, out_features)
        self.base.requires_grad_(False)
        self.lora_A = nn.Parameter(torch.empty(r, in_features))
        self.lora_B = nn.Parameter(torch.zeros(out_features, r))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
        self.scaling = alpha / r

    def forward(self, x):
        return self.base(x) + (x @ self.lora_A.t() @ self.lora_B.t()) * self.scaling

torch.manual_seed(0)

model = nn.Sequential(LoRALinear(32, 32), nn.GELU(), LoRALinear(32, 4))
trainable = [p for p in model.parameters() if p.requires_grad]
optimizer = StableSPAM(trainable, lr=1e-3, weight_decay=0.0)

x = torch.randn(16, 32)
y = torch.randint(0, 4, (16,))

loss = nn.functional.cross_entropy(model(x), y)
optimizer.zero_grad()
loss.backward()
optimizer.step()
lora_A = model[0].lora_A
