import torch
import torch.nn as nn
import torch.nn.functional as F


class PointNetSetAbstraction(nn.Module):
    def __init__(self, in_channel, mlp):
        super().__init__()
        layers, last = [], in_channel
        for out_channel in mlp:
            layers += [nn.Conv1d(last, out_channel, 1), nn.BatchNorm1d(out_channel), nn.ReLU()]
            last = out_channel
        self.mlp = nn.Sequential(*layers)

    def forward(self, xyz):
        return self.mlp(xyz).max(dim=2)[0]


class get_model(nn.Module):
    def __init__(self, num_class, normal_channel=False):
        super().__init__()
        in_channel = 6 if normal_channel else 3
        self.sa = PointNetSetAbstraction(in_channel, [32, 64, 128])
        self.fc1 = nn.Linear(128, 64)
        self.bn1 = nn.BatchNorm1d(64)
        self.drop1 = nn.Dropout(0.4)
        self.fc2 = nn.Linear(64, 32)
        self.bn2 = nn.BatchNorm1d(32)
        self.drop2 = nn.Dropout(0.4)
        self.fc3 = nn.Linear(32, num_class)

    def forward(self, xyz):
        x = self.sa(xyz)
        x = self.drop1(F.relu(self.bn1(self.fc1(x))))
        x = self.drop2(F.relu(self.bn2(self.fc2(x))))
        return F.log_softmax(self.fc3(x), -1), x


class get_loss(nn.Module):
    def forward(self, pred, target, trans_feat):
        return F.nll_loss(pred, target)
