# adambielski/siamese-triplet#18 fixed: add self.eps = 1e-9 under the sqrt (the maintainer's change).
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class ContrastiveLoss(nn.Module):
    def __init__(self, margin):
        super(ContrastiveLoss, self).__init__()
        self.margin = margin
        self.eps = 1e-9

    def forward(self, output1, output2, target, size_average=True):
        distances = (output2 - output1).pow(2).sum(1)  # squared distances
        losses = 0.5 * (target.float() * distances +
                        (1 + -1 * target).float() * F.relu(self.margin - (distances + self.eps).sqrt()).pow(2))
        return losses.mean() if size_average else losses.sum()


embedding_net = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 2))
x1 = torch.randn(6, 10)
x2 = torch.randn(6, 10)
x2[0] = x1[0]  # the pair sampler drew the same image twice
target = torch.tensor([1, 0, 1, 0, 1, 0])
loss_fn = ContrastiveLoss(margin=1.0)
loss = loss_fn(embedding_net(x1), embedding_net(x2), target)
loss.backward()
