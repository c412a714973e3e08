# YOLOv5 issue #671: an adversarial-patch script backpropagates through the model in eval mode,
# where Detect decodes boxes in place on the sigmoid output (y[..., 0:2] = ...); SigmoidBackward needs
# that output, so backward fails with "modified by an inplace operation".
import torch
import torch.nn as nn

torch.manual_seed(0)


class Detect(nn.Module):
    def __init__(self, nc=80, anchors=((10, 13, 16, 30, 33, 23),), ch=(16,), stride=(8.0,)):
        super().__init__()
        self.no, self.nl, self.na = nc + 5, len(anchors), len(anchors[0]) // 2
        self.grid = [torch.zeros(1)] * self.nl
        self.anchor_grid = torch.tensor(anchors).float().view(self.nl, 1, -1, 1, 1, 2)
        self.stride = torch.tensor(stride)
        self.m = nn.ModuleList(nn.Conv2d(x, self.no * self.na, 1) for x in ch)

    def forward(self, x):
        z = []
        for i in range(self.nl):
            x[i] = self.m[i](x[i])
            bs, _, ny, nx = x[i].shape
            x[i] = x[i].view(bs, self.na, self.no, ny, nx).permute(0, 1, 3, 4, 2).contiguous()
            if not self.training:
                yv, xv = torch.meshgrid(torch.arange(ny), torch.arange(nx), indexing="ij")
                self.grid[i] = torch.stack((xv, yv), 2).view(1, 1, ny, nx, 2).float()
                y = x[i].sigmoid()
                y[..., 0:2] = (y[..., 0:2] * 2. - 0.5 + self.grid[i]) * self.stride[i]
                y[..., 2:4] = (y[..., 2:4] * 2) ** 2 * self.anchor_grid[i]
                z.append(y.view(bs, -1, self.no))
        return x if self.training else (torch.cat(z, 1), x)


model = nn.Sequential(nn.Conv2d(3, 16, 3, 8, 1), nn.SiLU())
detect = Detect()
model.eval()
detect.eval()
for p in list(model.parameters()) + list(detect.parameters()):
    p.requires_grad_(False)
adv_patch = torch.rand(3, 16, 16, requires_grad=True)
optimizer = torch.optim.Adam([adv_patch], lr=0.03)
img = torch.rand(2, 3, 64, 64)
img_patched = img.clone()
img_patched[:, :, 24:40, 24:40] = adv_patch
output = detect([model(img_patched)])[0]
loss = output[..., 4].max(dim=1)[0].mean()  # max objectness per image
optimizer.zero_grad()
loss.backward()
optimizer.step()
