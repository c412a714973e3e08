import torch
from torch import optim

from model import OGNet

torch.manual_seed(0)

opt = {"batch_size": 4, "g_learning_rate": 1e-3, "d_learning_rate": 1e-4,
       "sigma_noise": 0.9, "adversarial_training_factor": 0.5}
model = OGNet(opt)
model.g.train()
model.d.train()
g_optim = optim.Adam(model.g.parameters(), lr=model.g_learning_rate)
d_optim = optim.Adam(model.d.parameters(), lr=model.d_learning_rate)

images = torch.rand(opt["batch_size"], 1, 16, 16) * 2 - 1
d_loss_value, g_loss_value = model.train_step(images, g_optim, d_optim)
