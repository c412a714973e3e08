import torch

from advgan import AdvGAN
from nets import PerturbationGenerator, TargetModel

torch.manual_seed(0)
target = TargetModel()
for p in target.parameters():
    p.requires_grad_(False)
gan = AdvGAN(PerturbationGenerator(), target, n_steps_G=2)
images = torch.rand(3, 3, 8, 8)
labels = torch.randint(0, 4, (3,))
loss = gan.train_G(images, labels)
print(loss.item())
