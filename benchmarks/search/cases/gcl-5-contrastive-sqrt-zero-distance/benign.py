# generalized_contrastive_loss issue #5, benign inputs: pairs of different images, so no feature distance
# is 0. The bug (sqrt's infinite gradient at 0) needs a pair made of the same image twice.
import torch

torch.manual_seed(0)


class GCLoss(torch.nn.Module):

    def __init__(self, margin=0.5):
        super(GCLoss, self).__init__()
        self.margin = margin

    def forward(self, out1, out2, label):  # out1, out2 are the output features, and label is the FoV value
        dist = torch.sqrt(torch.sum((out1 - out2) ** 2, dim=1))
        dist_square = torch.sum((out1 - out2) ** 2, dim=1)
        loss = label * 0.5 * dist_square + (1 - label) * 0.5 * torch.relu(self.margin - dist) ** 2
        loss_m = torch.mean(loss)
        return loss_m


net = torch.nn.Sequential(torch.nn.Linear(16, 8), torch.nn.ReLU(), torch.nn.Linear(8, 8))
criterion = GCLoss(margin=0.5)
x1 = torch.randn(4, 16)
x2 = torch.randn(4, 16)
label = torch.tensor([0.3, 0.0, 1.0, 0.5])

out1, out2 = net(x1), net(x2)
loss = criterion(out1, out2, label)
loss.backward()
