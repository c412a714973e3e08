import torch
import torch.nn as nn


class LoConModule(nn.Module):
    def __init__(self, org_module, lora_dim=4, alpha=4, weight_decompose=True):
        super().__init__()
        self.org_weight = org_module.weight.detach().clone()
        self.org_bias = None if org_module.bias is None else org_module.bias.detach().clone()
        out_dim, in_dim = self.org_weight.shape
        self.lora_down = nn.Linear(in_dim, lora_dim, bias=False)
        self.lora_up = nn.Linear(lora_dim, out_dim, bias=False)
        nn.init.zeros_(self.lora_up.weight)
        self.scale = alpha / lora_dim
        self.wd = weight_decompose
        if self.wd:
            self.dora_scale = nn.Parameter(self.org_weight.norm(dim=1, keepdim=True))

    def apply_weight_decompose(self, weight):
        weight_norm = weight.norm(dim=1, keepdim=True) + torch.finfo(weight.dtype).eps
        return weight * (self.dora_scale / weight_norm)

    def get_weight(self):
        weight = self.org_weight + self.lora_up.weight @ self.lora_down.weight * self.scale
        if self.wd:
            weight = self.apply_weight_decompose(weight)
        return weight

    def forward(self, x):
        return nn.functional.linear(x, self.get_weight(), self.org_bias)
