import torch
import torch.nn.functional as F
from intensity import Compose, ZNormalization, RandomGamma
from unet import TinyUNet3D

torch.manual_seed(0)
transform = Compose([ZNormalization(), RandomGamma(log_gamma=(-0.3, 0.3))])
model = TinyUNet3D()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

mri = torch.rand(1, 1, 8, 8, 8) * 1000.0
label = torch.randint(0, 2, (1, 8, 8, 8))

augmented = transform(mri)
optimizer.zero_grad()
loss = F.cross_entropy(model(augmented), label)
loss.backward()
optimizer.step()
print("loss", loss.item())
