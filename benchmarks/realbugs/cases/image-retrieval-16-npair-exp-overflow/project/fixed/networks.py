import torch.nn as nn


class EmbeddingNetwork(nn.Module):
    def __init__(self, in_features=512, embedding_size=128):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(in_features, 512), nn.ReLU())
        self.embedding = nn.Linear(512, embedding_size)

    def forward(self, x):
        return self.embedding(self.backbone(x))
