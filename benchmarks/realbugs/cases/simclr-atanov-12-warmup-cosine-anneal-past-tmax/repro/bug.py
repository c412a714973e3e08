# AndrewAtanov/simclr-pytorch#12: LinearWarmupAndCosineAnneal updates the lr by the ratio
# (1 + cos(pi * le / T)) / (1 + cos(pi * (le - 1) / T)); once the schedule is stepped past T_max the lr is 0 and
# the denominator 1 + cos(pi) is 0, so the next lr is 0 * (x / 0) = NaN.
import warnings

import numpy as np
import torch

warnings.simplefilter("ignore")
torch.manual_seed(0)

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
warm_up = int(0.25 * 4)
T_max = 4 - warm_up
lrs = []
for last_epoch in range(1, 7):
    loss = model(torch.randn(8, 4)).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    for group in optimizer.param_groups:
        if last_epoch <= warm_up:
            group["lr"] = group["lr"] * (last_epoch + 1) / last_epoch
        else:
            le = last_epoch - warm_up
            group["lr"] = (1 + np.cos(np.pi * le / T_max)) / (1 + np.cos(np.pi * (le - 1) / T_max)) * group["lr"]
    lrs.append(float(optimizer.param_groups[0]["lr"]))
