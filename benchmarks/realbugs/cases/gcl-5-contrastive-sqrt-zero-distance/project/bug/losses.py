import torch

from utils import squared_distance


class GCLoss(torch.nn.Module):

    def __init__(self, margin=0.5):
        super(GCLoss, self).__init__()
        self.margin = margin

    def forward(self, out1, out2, label):
        dist_square = squared_distance(out1, out2)
        dist = torch.sqrt(dist_square)
        loss = label * 0.5 * dist_square + (1 - label) * 0.5 * torch.relu(self.margin - dist) ** 2
        return torch.mean(loss)
