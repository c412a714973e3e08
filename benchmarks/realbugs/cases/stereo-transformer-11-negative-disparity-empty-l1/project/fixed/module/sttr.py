import torch
import torch.nn as nn
import torch.nn.functional as F


class NestedTensor(object):
    def __init__(self, left, right, disp=None, occ_mask=None, occ_mask_right=None):
        self.left = left
        self.right = right
        self.disp = disp
        self.occ_mask = occ_mask
        self.occ_mask_right = occ_mask_right


class STTR(nn.Module):
    """Small stand-in for STTR: features at 1/4 resolution, a disparity regression head
    and an occlusion head, upsampled to full resolution."""

    def __init__(self, max_disp=32, hidden=16):
        super(STTR, self).__init__()
        self.max_disp = max_disp
        self.backbone = nn.Sequential(
            nn.Conv2d(6, hidden, 3, stride=2, padding=1),
            nn.ReLU(),
            nn.Conv2d(hidden, hidden, 3, stride=2, padding=1),
            nn.ReLU(),
        )
        self.disp_head = nn.Conv2d(hidden, 1, 3, padding=1)
        self.occ_head = nn.Conv2d(hidden, 1, 3, padding=1)
        self.resp_head = nn.Conv2d(hidden, 1, 3, padding=1)

    def forward(self, x: NestedTensor):
        feat = self.backbone(torch.cat([x.left, x.right], dim=1))
        disp_low = torch.sigmoid(self.disp_head(feat)) * self.max_disp
        occ_low = torch.sigmoid(self.occ_head(feat))
        response = torch.sigmoid(self.resp_head(feat))
        h, w = x.left.shape[-2:]
        disp_pred = F.interpolate(disp_low, size=(h, w), mode='bilinear', align_corners=False)
        occ_pred = F.interpolate(occ_low, size=(h, w), mode='bilinear', align_corners=False)
        occ_left = x.occ_mask[:, ::4, ::4]
        return {
            'disp_pred_low_res': disp_low.squeeze(1),
            'disp_pred': disp_pred.squeeze(1),
            'occ_pred': occ_pred.squeeze(1),
            'gt_response': response.squeeze(1),
            'gt_response_occ_left': 1.0 - response.squeeze(1)[occ_left],
        }
