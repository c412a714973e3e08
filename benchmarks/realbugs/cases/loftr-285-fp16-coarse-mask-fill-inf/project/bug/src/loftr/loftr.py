import torch.nn as nn

from .utils.coarse_matching import CoarseMatching


class LoFTR(nn.Module):
    def __init__(self, config):
        super().__init__()
        d = config['d_model']
        self.backbone = nn.Sequential(
            nn.Conv2d(1, d // 2, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(d // 2, d, 3, stride=4, padding=1))
        self.coarse_matching = CoarseMatching(config['match_coarse'])

    def forward(self, data):
        feat_c0 = self.backbone(data['image0'])
        feat_c1 = self.backbone(data['image1'])
        data.update({'hw0_c': feat_c0.shape[2:], 'hw1_c': feat_c1.shape[2:]})
        feat_c0 = feat_c0.flatten(2).transpose(1, 2)
        feat_c1 = feat_c1.flatten(2).transpose(1, 2)

        mask_c0 = mask_c1 = None  # mask is useful in training
        if 'mask0' in data:
            mask_c0, mask_c1 = data['mask0'].flatten(-2), data['mask1'].flatten(-2)
        self.coarse_matching(feat_c0, feat_c1, data, mask_c0=mask_c0, mask_c1=mask_c1)
