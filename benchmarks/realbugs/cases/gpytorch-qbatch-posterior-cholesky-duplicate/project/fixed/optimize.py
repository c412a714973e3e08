import torch
from gp import ExactGP
from acquisition import qExpectedImprovement

torch.manual_seed(0)
train_x = torch.rand(8, 2)
train_y = torch.sin(6 * train_x).sum(-1)
model = ExactGP(train_x, train_y)
acqf = qExpectedImprovement(model, best_f=train_y.max())

candidates = torch.tensor([[3.5, 3.2], [3.5, 3.2], [0.80, 0.15]], requires_grad=True)
opt = torch.optim.Adam([candidates], lr=0.01)
opt.zero_grad()
acq_value = acqf(candidates)
(-acq_value).backward()
opt.step()
print("qEI", acq_value.item())
