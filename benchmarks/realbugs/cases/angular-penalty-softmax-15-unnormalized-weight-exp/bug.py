# cvqluu/Angular-Penalty-Softmax-Losses-Pytorch#15: "The error of the training about arcface"
# (loss goes to NaN in the second epoch). AngularPenaltySMLoss means to normalise the class
# weights with `for W in self.fc.parameters(): W = F.normalize(W, p=2, dim=1)`, but that only
# rebinds the loop variable: fc keeps raw weights, so wf = fc(x) is no cosine. Once the weight
# norms grow past ~1.4, exp(s * wf) with s = 64 overflows float32 to inf, log(inf) makes the
# loss inf, and its gradient NaN.
import torch
import torch.nn as nn
import torch.nn.functional as F


class AngularPenaltySMLoss(nn.Module):
    def __init__(self, in_features, out_features, loss_type="arcface", eps=1e-7, s=None, m=None):
        super().__init__()
        self.s = 64.0 if not s else s
        self.m = 0.5 if not m else m
        self.loss_type = loss_type
        self.fc = nn.Linear(in_features, out_features, bias=False)
        self.eps = eps

    def forward(self, x, labels):
        for W in self.fc.parameters():
            W = F.normalize(W, p=2, dim=1)
        x = F.normalize(x, p=2, dim=1)
        wf = self.fc(x)
        numerator = self.s * torch.cos(torch.acos(torch.clamp(torch.diagonal(wf.transpose(0, 1)[labels]), -1. + self.eps, 1 - self.eps)) + self.m)
        excl = torch.cat([torch.cat((wf[i, :y], wf[i, y + 1:])).unsqueeze(0) for i, y in enumerate(labels)], dim=0)
        denominator = torch.exp(numerator) + torch.sum(torch.exp(self.s * excl), dim=1)
        L = numerator - torch.log(denominator)
        return -torch.mean(L)


class EmbedNet(nn.Module):
    def __init__(self, in_dim=20, num_classes=10, loss_type="arcface"):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(in_dim, 64), nn.ReLU(), nn.BatchNorm1d(64), nn.Linear(64, 3))
        self.adms_loss = AngularPenaltySMLoss(3, num_classes, loss_type=loss_type)

    def forward(self, x, labels):
        return self.adms_loss(self.layers(x), labels)


torch.manual_seed(0)
model = EmbedNet()
optimizer = torch.optim.Adam(model.parameters(), lr=0.2)
centers = torch.randn(10, 20)
losses = []
for step in range(200):  # two epochs of 100 batches
    labels = torch.randint(0, 10, (32,))
    x = centers[labels] + 0.3 * torch.randn(32, 20)
    loss = model(x, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    losses.append(loss.detach())
loss_history = torch.stack(losses)
fc_weight = model.adms_loss.fc.weight.detach()
