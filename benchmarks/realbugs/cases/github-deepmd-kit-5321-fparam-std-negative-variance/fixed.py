# deepmd-kit PR #5321 fixed: the variance is clipped at 0 before the sqrt (np.maximum(..., 0.0)).
import numpy as np
import torch
import torch.nn as nn

torch.manual_seed(0)
numb_fparam, protection = 1, 1e-2

fparams = np.full((100, numb_fparam), 0.3)  # e.g. the electronic temperature, fixed in the data set
sumn = fparams.shape[0]
sumv = np.sum(fparams, axis=0)
sumv2 = np.sum(fparams * fparams, axis=0)
fparam_avg = sumv / sumn
fparam_std = np.sqrt(np.maximum(sumv2 / sumn - fparam_avg ** 2, 0.0))
fparam_std[fparam_std < protection] = protection
fparam_avg_t = torch.tensor(fparam_avg, dtype=torch.float32)
fparam_inv_std_t = torch.tensor(1.0 / fparam_std, dtype=torch.float32)

fitting = nn.Sequential(nn.Linear(8 + numb_fparam, 32), nn.Tanh(), nn.Linear(32, 1))
optimizer = torch.optim.Adam(fitting.parameters(), lr=1e-3)
descriptor = torch.randn(4, 5, 8)  # 4 frames, 5 atoms
fparam = torch.full((4, numb_fparam), 0.3)
fparam_n = (fparam - fparam_avg_t) * fparam_inv_std_t
xx = torch.cat([descriptor, fparam_n[:, None, :].expand(-1, 5, -1)], dim=-1)
energy = fitting(xx).sum(dim=(1, 2))
loss = ((energy - torch.randn(4)) ** 2).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()
