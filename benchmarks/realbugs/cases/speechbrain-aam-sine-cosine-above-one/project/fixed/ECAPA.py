import torch
import torch.nn as nn
import torch.nn.functional as F


class Embedder(nn.Module):
    def __init__(self, input_size=20, lin_neurons=16):
        super().__init__()
        self.blocks = nn.Sequential(nn.Conv1d(input_size, 32, 3, padding=1), nn.ReLU(), nn.BatchNorm1d(32))
        self.fc = nn.Linear(32, lin_neurons)

    def forward(self, x):
        h = self.blocks(x.transpose(1, 2)).mean(dim=2)
        return self.fc(h).unsqueeze(1)


class Classifier(nn.Module):
    def __init__(self, input_size=16, out_neurons=4):
        super().__init__()
        self.weight = nn.Parameter(torch.FloatTensor(out_neurons, input_size))
        nn.init.xavier_uniform_(self.weight)

    def forward(self, x):
        x = F.linear(F.normalize(x.squeeze(1)), F.normalize(self.weight))
        return x.unsqueeze(1)
