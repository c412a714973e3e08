# naoto0804/pytorch-AdaIN#2, benign inputs: an encoder with no dead channel, so every content channel
# varies and its std is positive. The bug (0 / 0) needs a constant content channel (a dead ReLU).
import torch
import torch.nn as nn

torch.manual_seed(0)


def calc_mean_std(feat):
    size = feat.size()
    N, C = size[:2]
    feat_std = feat.view(N, C, -1).std(dim=2).view(N, C, 1, 1)
    feat_mean = feat.view(N, C, -1).mean(dim=2).view(N, C, 1, 1)
    return feat_mean, feat_std


def adaptive_instance_normalization(content_feat, style_feat):
    size = content_feat.size()
    style_mean, style_std = calc_mean_std(style_feat)
    content_mean, content_std = calc_mean_std(content_feat)
    normalized_feat = (content_feat - content_mean.expand(size)) / content_std.expand(size)
    return normalized_feat * style_std.expand(size) + style_mean.expand(size)


encoder = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU())
content = torch.rand(1, 3, 16, 16)
style = torch.rand(1, 3, 16, 16)
t = adaptive_instance_normalization(encoder(content), encoder(style))
