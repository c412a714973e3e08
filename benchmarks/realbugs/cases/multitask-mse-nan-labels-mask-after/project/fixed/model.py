from torch import nn


class PropertyPredictor(nn.Module):
    def __init__(self, n_feat=8, n_tasks=3):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_feat, 16), nn.SiLU())
        self.head = nn.Linear(16, n_tasks)

    def forward(self, x):
        return self.head(self.body(x))
