import torch
from torch.optim.optimizer import Optimizer, required


class LARS(Optimizer):
    def __init__(self, params, lr=required, momentum=.9, weight_decay=.0005, eta=0.001, max_epoch=200):
        if lr is not required and lr < 0.0:
            raise ValueError("Invalid learning rate: {}".format(lr))
        if momentum < 0.0:
            raise ValueError("Invalid momentum value: {}".format(momentum))
        if weight_decay < 0.0:
            raise ValueError("Invalid weight_decay value: {}".format(weight_decay))
        if eta < 0.0:
            raise ValueError("Invalid LARS coefficient value: {}".format(eta))
        self.epoch = 0
        defaults = dict(lr=lr, momentum=momentum, weight_decay=weight_decay, eta=eta, max_epoch=max_epoch)
        super(LARS, self).__init__(params, defaults)

    def step(self, epoch=None, closure=None):
        loss = None
        if closure is not None:
            loss = closure()
        if epoch is None:
            epoch = self.epoch
            self.epoch += 1
        for group in self.param_groups:
            weight_decay = group["weight_decay"]
            momentum = group["momentum"]
            eta = group["eta"]
            lr = group["lr"]
            max_epoch = group["max_epoch"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                param_state = self.state[p]
                d_p = p.grad.data
                weight_norm = torch.norm(p.data)
                grad_norm = torch.norm(d_p)
                decay = (1 - float(epoch) / max_epoch) ** 2
                global_lr = lr * decay
                local_lr = eta * weight_norm / (grad_norm + weight_decay * weight_norm)
                actual_lr = local_lr * global_lr
                if "momentum_buffer" not in param_state:
                    buf = param_state["momentum_buffer"] = torch.zeros_like(p.data)
                else:
                    buf = param_state["momentum_buffer"]
                buf.mul_(momentum).add_(d_p + weight_decay * p.data, alpha=actual_lr)
                p.data.add_(-buf)
        return loss
