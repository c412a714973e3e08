import torch
import torch.nn as nn

from capsnet import CapsNet

torch.manual_seed(0)


def weights_init(m):
    if isinstance(m, nn.Conv2d):
        nn.init.kaiming_normal_(m.weight)
        nn.init.zeros_(m.bias)


model = CapsNet()
model.apply(weights_init)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

images = torch.zeros(4, 1, 28, 28)
images[:, :, 9:19, 9:19] = torch.rand(4, 1, 10, 10)
target = torch.eye(10)[torch.tensor([3, 1, 7, 0])]

output = model(images)
loss = model.margin_loss(output, target.unsqueeze(-1).view(4, 10))
optimizer.zero_grad()
loss.backward()
optimizer.step()
