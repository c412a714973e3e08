"""A small inpainting network fed the masked image and the hole mask."""
import torch
import torch.nn as nn


class Inpainter(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(2, ch, 3, padding=1), nn.ReLU(),
                                  nn.Conv2d(ch, ch, 3, padding=1), nn.ReLU(),
                                  nn.Conv2d(ch, 1, 3, padding=1))

    def forward(self, image, hole):
        return torch.sigmoid(self.body(torch.cat([image * (1 - hole), hole], dim=1)))
