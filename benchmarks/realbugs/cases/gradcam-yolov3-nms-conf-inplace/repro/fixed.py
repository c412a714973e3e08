import torch
import torch.nn as nn

torch.manual_seed(0)
backbone = nn.Sequential(nn.Conv2d(3, 8, 3, stride=4, padding=1), nn.LeakyReLU(0.1))
head = nn.Conv2d(8, 3 * 8, 1)

img = torch.rand(1, 3, 32, 32)
activations = backbone(img)
activations.retain_grad()
p = head(activations).view(1, 3, 8, 8, 8).permute(0, 1, 3, 4, 2).reshape(1, -1, 8)
prediction = torch.cat([torch.sigmoid(p), torch.sigmoid(p[:, :24] * 0.5)], 1)
x = prediction[0]
x = x[x[:, 4] > 0.1]
x[..., 5:] = x[..., 5:].clone() * x[..., 4:5].clone()
scores, _ = x[:, 5:].max(1)
top = scores.topk(5).values
top.sum().backward()
cam_weights = activations.grad.mean(dim=(2, 3))
print(cam_weights.shape)
