import torch
import torch.nn as nn
import torch.nn.functional as F


def _gather_feat(feat, ind):
    dim = feat.size(2)
    ind = ind.unsqueeze(2).expand(ind.size(0), ind.size(1), dim)
    return feat.gather(1, ind)


def _transpose_and_gather_feat(feat, ind):
    feat = feat.permute(0, 2, 3, 1).contiguous()
    feat = feat.view(feat.size(0), -1, feat.size(3))
    return _gather_feat(feat, ind)


def extract_input_from_tensor(input, ind, mask):
    input = _transpose_and_gather_feat(input, ind)  # B*C*H*W --> B*K*C
    return input[mask.bool()]  # B*K*C --> M * C


def extract_target_from_tensor(target, mask):
    return target[mask.bool()]


class GupnetLoss(nn.Module):
    def __init__(self, epoch):
        super().__init__()
        self.stat = {}
        self.epoch = epoch

    def forward(self, preds, targets):
        seg_loss = self.compute_segmentation_loss(preds, targets)
        bbox2d_loss = self.compute_bbox2d_loss(preds, targets)
        loss = seg_loss + bbox2d_loss
        return loss, self.stat

    def compute_segmentation_loss(self, input, target):
        heatmap = torch.clamp(input['heatmap'].sigmoid(), min=1e-4, max=1 - 1e-4)
        loss = F.binary_cross_entropy(heatmap, target['heatmap'])
        self.stat['seg_loss'] = loss
        return loss

    def compute_bbox2d_loss(self, input, target):
        # compute size2d loss
        size2d_input = extract_input_from_tensor(input['size_2d'], target['indices'], target['mask_2d'])
        size2d_target = extract_target_from_tensor(target['size_2d'], target['mask_2d'])
        size2d_loss = F.l1_loss(size2d_input, size2d_target, reduction='mean')
        # compute offset2d loss
        offset2d_input = extract_input_from_tensor(input['offset_2d'], target['indices'], target['mask_2d'])
        offset2d_target = extract_target_from_tensor(target['offset_2d'], target['mask_2d'])
        offset2d_loss = F.l1_loss(offset2d_input, offset2d_target, reduction='mean')
        loss = offset2d_loss + size2d_loss
        self.stat['offset2d_loss'] = offset2d_loss
        self.stat['size2d_loss'] = size2d_loss
        return loss
