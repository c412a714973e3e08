import torch
import torch.nn as nn

from anchor_head_rdiou import AnchorHeadRDIoU

torch.manual_seed(0)
backbone_2d = nn.Sequential(nn.Conv2d(8, 16, 3, padding=1), nn.ReLU())
dense_head = AnchorHeadRDIoU(16)
params = list(backbone_2d.parameters()) + list(dense_head.parameters())
optimizer = torch.optim.Adam(params, lr=3e-3)

spatial_features = torch.randn(2, 8, 4, 4)
spatial_features[1, :, 2, 1] = 1000.0  # a BEV cell hit by an exploding activation
box_reg_targets = torch.randn(2, 16, 7) * 0.3
box_cls_labels = torch.randint(0, 3, (2, 16))
dense_head(backbone_2d(spatial_features), box_reg_targets, box_cls_labels)
loss = dense_head.get_loss()
optimizer.zero_grad()
loss.backward()
optimizer.step()
