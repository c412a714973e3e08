# LDAM-DRW issue #17: focal_loss (1 - exp(-CE)) ** gamma * CE with gamma=0.5 gives NaN during training
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def focal_loss(input_values, gamma):
    """Computes the focal loss"""
    p = torch.exp(-input_values)
    loss = (1 - p + 1e-7) ** gamma * input_values
    return loss.mean()


class FocalLoss(nn.Module):
    def __init__(self, weight=None, gamma=0.):
        super(FocalLoss, self).__init__()
        assert gamma >= 0
        self.gamma = gamma
        self.weight = weight

    def forward(self, input, target):
        return focal_loss(F.cross_entropy(input, target, reduction='none', weight=self.weight), self.gamma)


model = nn.Linear(8, 3)
criterion = FocalLoss(gamma=0.5)
x = torch.randn(4, 8)
# triggering input: one sample the model classifies with a huge margin, so its cross-entropy is exactly 0
x[0] = 100 * model.weight[0].detach().sign()
with torch.no_grad():
    target = model(x).argmax(dim=1)
loss = criterion(model(x), target)
loss.backward()
