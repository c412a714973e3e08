import torch


def build_optimizer(params, cfg):
    if cfg.get("type", "adam") == "adam":
        return torch.optim.Adam(params, lr=cfg.get("lr", 1e-4), eps=1e-4)
    return torch.optim.SGD(params, lr=cfg.get("lr", 1e-4), momentum=0.9)
