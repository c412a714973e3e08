import torch


class SiameseHead(torch.nn.Module):
    def __init__(self, in_dim=16, out_dim=8):
        super().__init__()
        self.backbone = torch.nn.Sequential(torch.nn.Linear(in_dim, 8), torch.nn.ReLU(), torch.nn.Linear(8, out_dim))

    def forward(self, x1, x2):
        return self.backbone(x1), self.backbone(x2)
