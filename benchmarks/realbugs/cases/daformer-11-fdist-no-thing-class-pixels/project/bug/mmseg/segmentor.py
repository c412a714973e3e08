import torch.nn as nn


class TinySegmentor(nn.Module):

    def __init__(self, num_classes=19, channels=32):
        super().__init__()
        self.num_classes = num_classes
        self.backbone = nn.Sequential(
            nn.Conv2d(3, channels, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(channels, channels, 3, stride=2, padding=1), nn.ReLU())
        self.decode_head = nn.Conv2d(channels, num_classes, 1)

    def extract_feat(self, img):
        return [self.backbone(img)]

    def forward(self, img):
        feat = self.extract_feat(img)
        logits = self.decode_head(feat[-1])
        return logits, feat
