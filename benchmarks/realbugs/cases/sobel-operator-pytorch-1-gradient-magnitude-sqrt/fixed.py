# chaddy1004/sobel-operator-pytorch#1, with the fix the issue asks for: a small epsilon is added
# inside the square root, so flat patches have a finite gradient.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Sobel(nn.Module):
    def __init__(self):
        super().__init__()
        self.filter = nn.Conv2d(in_channels=1, out_channels=2, kernel_size=3, stride=1, padding=0, bias=False)
        Gx = torch.tensor([[2.0, 0.0, -2.0], [4.0, 0.0, -4.0], [2.0, 0.0, -2.0]])
        Gy = torch.tensor([[2.0, 4.0, 2.0], [0.0, 0.0, 0.0], [-2.0, -4.0, -2.0]])
        G = torch.cat([Gx.unsqueeze(0), Gy.unsqueeze(0)], 0)
        G = G.unsqueeze(1)
        self.filter.weight = nn.Parameter(G, requires_grad=False)

    def forward(self, img):
        x = self.filter(img)
        x = torch.mul(x, x)
        x = torch.sum(x, dim=1, keepdim=True)
        x = torch.sqrt(x + 1e-6)
        return x


class Inpainter(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(2, ch, 3, padding=1), nn.ReLU(), nn.Conv2d(ch, 1, 3, padding=1))

    def forward(self, image, hole):
        return torch.sigmoid(self.body(torch.cat([image * (1 - hole), hole], dim=1)))


torch.manual_seed(0)
model, sobel = Inpainter(), Sobel()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
gt = torch.rand(2, 1, 16, 16)
gt[:, :, :, :6] = 0.0  # black border of the scan
hole = torch.zeros(2, 1, 16, 16)
hole[:, :, 5:11, 7:13] = 1.0
pred = model(gt, hole)
comp = hole * pred + (1 - hole) * gt
loss = F.l1_loss(pred * hole, gt * hole) + 0.1 * F.l1_loss(sobel(comp), sobel(gt))
optimizer.zero_grad()
loss.backward()
grad = model.body[0].weight.grad
