import torch
import numpy as np
import torch.nn as nn
import torch.nn.functional as F
import cfgs.config as cfg


class Darknet19(nn.Module):
    def __init__(self):
        super(Darknet19, self).__init__()
        self.conv1s = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.LeakyReLU(0.1),
                                    nn.Conv2d(16, 32, 3, 4, 1), nn.LeakyReLU(0.1),
                                    nn.Conv2d(32, 32, 3, 4, 1), nn.LeakyReLU(0.1))
        out_channels = cfg.num_anchors * (cfg.num_classes + 5)
        self.conv5 = nn.Conv2d(32, out_channels, 1, 1)

        # train
        self.bbox_loss = None
        self.iou_loss = None
        self.cls_loss = None

    @property
    def loss(self):
        return self.bbox_loss * 5 + self.iou_loss + self.cls_loss

    def forward(self, im_data, gt_boxes=None, gt_classes=None, dontcare=None):
        conv5 = self.conv5(self.conv1s(im_data))   # batch_size, out_channels, h, w

        bsize, _, h, w = conv5.size()
        conv5_reshaped = conv5.permute(0, 2, 3, 1).contiguous().view(bsize, -1, cfg.num_anchors, cfg.num_classes + 5)

        # tx, ty, tw, th, to -> sig(tx), sig(ty), exp(tw), exp(th), sig(to)
        xy_pred = F.sigmoid(conv5_reshaped[:, :, :, 0:2])
        wh_pred = torch.exp(conv5_reshaped[:, :, :, 2:4])
        bbox_pred = torch.cat([xy_pred, wh_pred], 3)

        iou_pred = F.sigmoid(conv5_reshaped[:, :, :, 4:5])

        score_pred = conv5_reshaped[:, :, :, 5:].contiguous()
        prob_pred = F.softmax(score_pred.view(-1, score_pred.size()[-1]), dim=1).view_as(score_pred)

        # for training
        if self.training:
            _boxes, _ious, _classes, _mask = self._build_target(bbox_pred.data.numpy(), gt_boxes, gt_classes, dontcare)
            _boxes = torch.from_numpy(_boxes).float()
            _ious = torch.from_numpy(_ious).float()
            _classes = torch.from_numpy(_classes).float()
            _mask = torch.from_numpy(_mask).float()
            num_boxes = _mask.data.sum()

            bbox_mask = _mask.expand_as(_boxes)
            self.bbox_loss = F.smooth_l1_loss(bbox_mask * bbox_pred, bbox_mask * _boxes,
                                              reduction='sum') / num_boxes

            iou_mask = _mask * (iou_pred.data.numel() / num_boxes)
            self.iou_loss = nn.L1Loss()(iou_pred * iou_mask, _ious * iou_mask)

            cls_mask = _mask.expand_as(score_pred)
            self.cls_loss = nn.L1Loss(reduction='sum')(prob_pred * cls_mask, _classes * cls_mask) / num_boxes

        return bbox_pred, iou_pred, prob_pred

    def _build_target(self, bbox_pred_np, gt_boxes, gt_classes, dontcare):
        W, H = cfg.out_size
        inp_size = cfg.inp_size
        out_size = cfg.out_size
        bsize, hw, num_anchors, _ = bbox_pred_np.shape
        _boxes = np.zeros([bsize, hw, num_anchors, 4], dtype=np.float64)
        _ious = np.zeros([bsize, hw, num_anchors, 1], dtype=np.float64)
        _classes = np.zeros([bsize, hw, num_anchors, cfg.num_classes], dtype=np.int64)
        _mask = np.zeros([bsize, hw, num_anchors, 1], dtype=np.int64)

        for b in range(bsize):
            gt_boxes_b = np.asarray(gt_boxes[b], dtype=np.float64).reshape(-1, 4)
            cell_w = float(inp_size[0]) / W
            cell_h = float(inp_size[1]) / H
            cx = (gt_boxes_b[:, 0] + gt_boxes_b[:, 2]) * 0.5 / cell_w
            cy = (gt_boxes_b[:, 1] + gt_boxes_b[:, 3]) * 0.5 / cell_h
            cell_inds = (np.floor(cy) * W + np.floor(cx)).astype(np.int64)
            for j, ind in enumerate(cell_inds):
                a = 0
                _mask[b, ind, a, :] = 1
                _ious[b, ind, a, 0] = 1.0
                _boxes[b, ind, a, :] = [cx[j] - np.floor(cx[j]), cy[j] - np.floor(cy[j]),
                                        (gt_boxes_b[j, 2] - gt_boxes_b[j, 0]) / inp_size[0] * out_size[0] / cfg.anchors[a][0],
                                        (gt_boxes_b[j, 3] - gt_boxes_b[j, 1]) / inp_size[1] * out_size[1] / cfg.anchors[a][1]]
                _classes[b, ind, a, gt_classes[b][j]] = 1
        return _boxes, _ious, _classes, _mask
