# SakuraRiven/EAST#2: loss goes NaN when an image has no text region (torch.sum(gt_score) == 0 in the geo loss).
import torch
import torch.nn as nn

torch.manual_seed(0)


def get_dice_loss(gt_score, pred_score):
    inter = torch.sum(gt_score * pred_score)
    union = torch.sum(gt_score) + torch.sum(pred_score) + 1e-5
    return 1. - (2 * inter / union)


def get_geo_loss(gt_geo, pred_geo):
    d1_gt, d2_gt, d3_gt, d4_gt, angle_gt = torch.split(gt_geo, 1, 1)
    d1_pred, d2_pred, d3_pred, d4_pred, angle_pred = torch.split(pred_geo, 1, 1)
    area_gt = (d1_gt + d2_gt) * (d3_gt + d4_gt)
    area_pred = (d1_pred + d2_pred) * (d3_pred + d4_pred)
    w_union = torch.min(d3_gt, d3_pred) + torch.min(d4_gt, d4_pred)
    h_union = torch.min(d1_gt, d1_pred) + torch.min(d2_gt, d2_pred)
    area_intersect = w_union * h_union
    area_union = area_gt + area_pred - area_intersect
    iou_loss_map = -torch.log((area_intersect + 1.0) / (area_union + 1.0))
    angle_loss_map = 1 - torch.cos(angle_pred - angle_gt)
    return iou_loss_map, angle_loss_map


class Loss(nn.Module):
    def forward(self, gt_score, pred_score, gt_geo, pred_geo):
        if torch.sum(gt_score) < 1:
            return torch.sum(pred_score + pred_geo) * 0
        classify_loss = get_dice_loss(gt_score, pred_score)
        iou_loss_map, angle_loss_map = get_geo_loss(gt_geo, pred_geo)

        angle_loss = torch.sum(angle_loss_map * gt_score) / torch.sum(gt_score)
        iou_loss = torch.sum(iou_loss_map * gt_score) / torch.sum(gt_score)
        geo_loss = 10 * angle_loss + iou_loss
        return geo_loss + classify_loss


model = nn.Conv2d(3, 6, 1)
criterion = Loss()
img = torch.rand(1, 3, 8, 8)
gt_score = torch.zeros(1, 1, 8, 8)  # the image has no text region
gt_geo = torch.zeros(1, 5, 8, 8)
out = model(img)
pred_score, pred_geo = torch.sigmoid(out[:, :1]), torch.relu(out[:, 1:])
loss = criterion(gt_score, pred_score, gt_geo, pred_geo)
loss.backward()
