import torch.nn as nn

vgg = nn.Sequential(
    nn.Conv2d(3, 8, 3, padding=1),
    nn.ReLU(),
)

decoder = nn.Sequential(
    nn.Conv2d(8, 3, 3, padding=1),
)
