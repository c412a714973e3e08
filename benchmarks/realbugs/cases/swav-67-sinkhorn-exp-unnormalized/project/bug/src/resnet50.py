import torch.nn as nn
import torch.nn.functional as F


class ResNet(nn.Module):
    def __init__(self, output_dim=32, nmb_prototypes=30, normalize=False):
        super(ResNet, self).__init__()
        self.l2norm = normalize
        self.projection_head = nn.Linear(64, output_dim)
        self.prototypes = nn.Linear(output_dim, nmb_prototypes, bias=False)

    def forward_head(self, x):
        x = self.projection_head(x)
        if self.l2norm:
            x = nn.functional.normalize(x, dim=1, p=2)
        return x, self.prototypes(x)

    def forward(self, inputs):
        return self.forward_head(inputs)
