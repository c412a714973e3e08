import torch

from solver import Solver

config = {"win_size": 16, "input_c": 5, "output_c": 5, "k": 3.0, "lr": 1e-4}

torch.manual_seed(0)
train_loader = [torch.randn(4, config["win_size"], config["input_c"]) for _ in range(2)]
solver = Solver(config)
loss1, loss2 = solver.train(train_loader)
