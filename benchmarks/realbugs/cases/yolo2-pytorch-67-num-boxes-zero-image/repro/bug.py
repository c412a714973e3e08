# https://github.com/longcw/yolo2-pytorch/issues/67 -- the YOLOv2 loss divides the summed box, IoU and class losses by num_boxes, the number of ground-truth boxes in the batch; a batch of background-only images has num_boxes = 0, so bbox_loss = 0 / 0 = NaN and the IoU mask is 0 * inf.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
head = nn.Conv2d(8, 2 * 8, 1)
conv5 = head(torch.rand(2, 8, 2, 2))
conv5_reshaped = conv5.permute(0, 2, 3, 1).contiguous().view(2, -1, 2, 8)
bbox_pred = torch.cat([torch.sigmoid(conv5_reshaped[:, :, :, 0:2]), torch.exp(conv5_reshaped[:, :, :, 2:4])], 3)
iou_pred = torch.sigmoid(conv5_reshaped[:, :, :, 4:5])

# a batch of images with no annotated object: every target and mask is zero
_boxes = torch.zeros(2, 4, 2, 4)
_ious = torch.zeros(2, 4, 2, 1)
_mask = torch.zeros(2, 4, 2, 1)
num_boxes = _mask.data.sum()

bbox_mask = _mask.expand_as(_boxes)
bbox_loss = F.smooth_l1_loss(bbox_mask * bbox_pred, bbox_mask * _boxes, reduction='sum') / num_boxes
iou_mask = _mask * (iou_pred.data.numel() / num_boxes)
iou_loss = nn.L1Loss()(iou_pred * iou_mask, _ious * iou_mask)
loss = bbox_loss * 5 + iou_loss
loss.backward()
