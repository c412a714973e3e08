import torch
import torch.nn as nn

from necks.dcn_fpn import TransConvEncoderModule

torch.manual_seed(0)

trans_cfg = dict(attn_in_dims=[16, 32], attn_out_dims=[32, 32], strides=[1, 1], ratios=[4, 4],
                 pos_shape=(2, 6, 10))
neck = TransConvEncoderModule(**trans_cfg)
head = nn.Conv2d(32, 1, 1)
optimizer = torch.optim.SGD(list(neck.parameters()) + list(head.parameters()), lr=0.01, momentum=0.9)

feat = torch.randn(2, 16, 6, 10)
target = torch.rand(2, 1, 6, 10)
trans_feat = neck(feat)
loss = nn.functional.binary_cross_entropy_with_logits(head(trans_feat), target)
optimizer.zero_grad()
loss.backward()
optimizer.step()
