import torch
import torch.nn as nn


class TinyYOLO(nn.Module):
    def __init__(self, nc=3, na=3):
        super().__init__()
        self.no = nc + 5
        self.na = na
        self.features = nn.Sequential(nn.Conv2d(3, 8, 3, stride=4, padding=1), nn.LeakyReLU(0.1))
        self.yolo = nn.Conv2d(8, na * self.no, 1)

    def forward(self, img):
        f = self.features(img)
        outputs = []
        for scale, fm in enumerate((f, nn.functional.avg_pool2d(f, 2))):
            bs, _, ny, nx = fm.shape
            p = self.yolo(fm).view(bs, self.na, self.no, ny, nx).permute(0, 1, 3, 4, 2)
            outputs.append(torch.sigmoid(p.reshape(bs, -1, self.no)))
        return torch.cat(outputs, 1), f
