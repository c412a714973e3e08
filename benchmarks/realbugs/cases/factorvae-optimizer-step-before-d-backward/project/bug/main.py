import torch

from solver import Solver

torch.manual_seed(1)
data = (torch.rand(64, 16, 16) > 0.5).float()
args = {"max_iter": 3, "batch_size": 16, "z_dim": 10, "gamma": 6.4,
        "lr_VAE": 1e-4, "lr_D": 1e-4, "data": data}
net = Solver(args)
vae_loss, D_tc_loss = net.train()
print(net.history)
