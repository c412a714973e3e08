import torch

from models.gan_aux_model import GANAuxModel

torch.manual_seed(0)
model = GANAuxModel()
data = {'A': torch.rand(2, 3, 32, 32) * 2 - 1, 'B_style': torch.rand(1, 3, 32, 32) * 2 - 1}
model.set_input(data)
model.optimize_parameters()
loss_G = model.loss_G
loss_G_aux = model.loss_G_aux
