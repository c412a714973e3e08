import numpy as np
import torch
import torch.nn as nn

torch.manual_seed(0)


def _divide_no_nan(a, b):
    nonzero = b != 0
    safe_b = torch.where(nonzero, b, torch.ones_like(b))
    return torch.where(nonzero, a / safe_b, torch.zeros_like(a))


def mape_loss(inpt, tgt):
    return torch.mean(torch.abs(_divide_no_nan(tgt - inpt, tgt)))


model = nn.Linear(12, 3)
past = torch.rand(8, 12) * 10
target = torch.rand(8, 3) * 10
target[2, 1] = 0.0
pred = model(past)
loss = mape_loss(pred, target)
loss.backward()
