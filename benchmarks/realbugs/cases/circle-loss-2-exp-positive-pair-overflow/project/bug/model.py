import torch.nn as nn


class EmbeddingNet(nn.Module):
    def __init__(self, in_dim=64, emb_dim=2):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(in_dim, 128), nn.ReLU())
        self.head = nn.Linear(128, emb_dim)

    def forward(self, x):
        return self.head(self.backbone(x))
