import torch

from solver_gan import Solver

torch.manual_seed(0)
config = dict(z_dim=8, batch_size=16, n_critic=1, lambda_wgan=0.5, g_lr=1e-3, d_lr=1e-3)
solver = Solver(config)
for cur_step in range(2):
    loss_G, loss_V = solver.train_step(cur_step)
