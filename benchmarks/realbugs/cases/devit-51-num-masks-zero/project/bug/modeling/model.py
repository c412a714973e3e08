import torch.nn as nn


class MaskHeadModel(nn.Module):
    def __init__(self, in_ch=3, dim=8, num_queries=4):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(in_ch, dim, 3, padding=1), nn.ReLU())
        self.mask_head = nn.Conv2d(dim, num_queries, 1)

    def forward(self, images):
        return {"pred_masks": self.mask_head(self.backbone(images))}
