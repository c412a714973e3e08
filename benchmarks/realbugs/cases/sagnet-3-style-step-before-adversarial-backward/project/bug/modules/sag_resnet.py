import torch
import torch.nn as nn


class StyleRandomization(nn.Module):
    def __init__(self, eps=1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x):
        N, C, H, W = x.size()
        if self.training:
            x = x.view(N, C, -1)
            mean = x.mean(-1, keepdim=True)
            var = x.var(-1, keepdim=True)
            x = (x - mean) / (var + self.eps).sqrt()
            idx_swap = torch.randperm(N)
            alpha = torch.rand(N, 1, 1)
            mean = alpha * mean + (1 - alpha) * mean[idx_swap]
            var = alpha * var + (1 - alpha) * var[idx_swap]
            x = x * (var + self.eps).sqrt() + mean
            x = x.view(N, C, H, W)
        return x


class SagResNet(nn.Module):
    def __init__(self, num_classes=7, width=16):
        super().__init__()
        self.layer0 = nn.Sequential(nn.Conv2d(3, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU())
        self.layer1 = nn.Sequential(nn.Conv2d(width, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU())
        self.style_randomization = StyleRandomization()
        self.content_net = nn.Sequential(nn.Conv2d(width, width, 3, padding=1), nn.ReLU(),
                                         nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(width, num_classes))
        self.style_net = nn.Sequential(nn.Conv2d(width, width, 3, padding=1), nn.ReLU(),
                                       nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(width, num_classes))

    def adv_params(self):
        return list(self.layer0.parameters()) + list(self.layer1.parameters())

    def style_params(self):
        return list(self.style_net.parameters())

    def forward(self, x):
        x = self.layer1(self.layer0(x))
        y = self.content_net(self.style_randomization(x))
        y_style = self.style_net(x)
        return y, y_style


def sag_resnet(num_classes=7):
    return SagResNet(num_classes=num_classes)
