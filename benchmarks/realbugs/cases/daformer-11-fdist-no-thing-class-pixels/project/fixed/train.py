import copy

import torch

from mmseg.dacs import DACS
from mmseg.segmentor import TinySegmentor

torch.manual_seed(0)
cfg = dict(
    imnet_feature_dist_lambda=0.005,
    imnet_feature_dist_classes=[6, 7, 11, 12, 13, 14, 15, 16, 17, 18],
    imnet_feature_dist_scale_min_ratio=0.75)
model = TinySegmentor(num_classes=19)
imnet_model = copy.deepcopy(model)
uda = DACS(model, imnet_model, **cfg)
optimizer = torch.optim.AdamW(model.parameters(), lr=6e-5)

# a source crop of road (0), building (2) and sky (10): no thing-class pixel
img = torch.randn(2, 3, 64, 64)
gt_semantic_seg = torch.zeros(2, 1, 64, 64, dtype=torch.long)
gt_semantic_seg[:, :, :20] = 10
gt_semantic_seg[:, :, 20:40] = 2

optimizer.zero_grad()
clean_loss, feat_loss = uda.forward_train(img, gt_semantic_seg)
optimizer.step()
