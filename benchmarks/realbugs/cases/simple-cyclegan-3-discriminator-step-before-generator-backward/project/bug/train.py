import torch
from cyclegan import CycleGAN

torch.manual_seed(0)
model = CycleGAN()
for epoch in range(2):
    real_A = torch.randn(2, 3, 16, 16)
    real_B = torch.randn(2, 3, 16, 16)
    loss_G, loss_D = model.train_step(real_A, real_B)
    print(epoch, loss_G.item(), loss_D.item())
