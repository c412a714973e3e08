import torch
import torch.nn as nn

torch.manual_seed(0)


def squash(input_tensor):
    squared_norm = (input_tensor ** 2).sum(-1, keepdim=True)
    output_tensor = squared_norm * input_tensor / ((1.0 + squared_norm) * torch.sqrt(squared_norm))
    return output_tensor


conv1 = nn.Conv2d(1, 16, kernel_size=5)
primary = nn.Conv2d(16, 4 * 8, kernel_size=5, stride=2)
for m in (conv1, primary):
    nn.init.zeros_(m.bias)

images = torch.zeros(2, 1, 28, 28)
images[:, :, 10:18, 10:18] = torch.rand(2, 1, 8, 8)
features = torch.relu(conv1(images))
u = primary(features).view(2, 4, 8, -1).permute(0, 1, 3, 2).reshape(2, -1, 8)
v = squash(u)
loss = v.norm(dim=-1).mean()
loss.backward()
