import warnings

import torch
import torch.nn.functional as F

from model.base_model import build_baseline

warnings.filterwarnings("ignore")
torch.manual_seed(0)


def instance_bce_with_logits(logits, labels):
    loss = F.binary_cross_entropy_with_logits(logits, labels)
    loss *= labels.size(1)
    return loss


model = build_baseline(ntoken=50, num_ans_candidates=10)
optim = torch.optim.Adamax(model.parameters(), lr=2e-3)
model.train()

v = torch.randn(4, 6, 32)  # [batch, num_objs, obj_dim]
q = torch.randint(0, 50, (4, 7))
a = torch.rand(4, 10)  # soft answer scores

pred, att = model(v, q)
loss = instance_bce_with_logits(pred, a)
loss.backward()
optim.step()
optim.zero_grad()
