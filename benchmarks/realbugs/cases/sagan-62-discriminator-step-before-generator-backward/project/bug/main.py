import torch

from trainer import Trainer

torch.manual_seed(0)

trainer = Trainer(z_dim=16)
real_images = torch.rand(4, 3, 16, 16) * 2 - 1
d_loss, g_loss_fake = None, None
d_loss, g_loss_fake = trainer.train_step(real_images)
