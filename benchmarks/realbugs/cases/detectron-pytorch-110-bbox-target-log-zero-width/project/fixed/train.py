import torch
import torch.nn as nn
import torch.nn.functional as F

import roi_data

torch.manual_seed(0)


class FastRCNNOutputs(nn.Module):
    def __init__(self, dim_in=64, num_classes=3):
        super().__init__()
        self.cls_score = nn.Linear(dim_in, num_classes)
        self.bbox_pred = nn.Linear(dim_in, 4)

    def forward(self, x):
        return self.cls_score(x), self.bbox_pred(x)


def fast_rcnn_losses(cls_score, bbox_pred, blobs):
    loss_cls = F.cross_entropy(cls_score, blobs["labels_int32"])
    diff = bbox_pred - blobs["bbox_targets"]
    loss_bbox = (F.smooth_l1_loss(diff, torch.zeros_like(diff), beta=1.0 / 9, reduction="none")
                 * blobs["bbox_inside_weights"]).sum() / bbox_pred.size(0)
    return loss_cls, loss_bbox


head = FastRCNNOutputs()
optimizer = torch.optim.SGD(head.parameters(), lr=0.01, momentum=0.9)

rois = torch.tensor([[10.0, 10.0, 50.0, 60.0], [100.0, 40.0, 140.0, 90.0]])
gt_boxes = torch.tensor([[12.0, 11.0, 48.0, 58.0], [120.0, 42.0, 119.0, 88.0]])  # annotation of zero width
gt_classes = torch.tensor([1, 2])
roi_feats = torch.randn(2, 64)

blobs = roi_data.sample_rois(rois, gt_boxes, gt_classes)
cls_score, bbox_pred = head(roi_feats)
loss_cls, loss_bbox = fast_rcnn_losses(cls_score, bbox_pred, blobs)
loss = loss_cls + loss_bbox
optimizer.zero_grad()
loss.backward()
optimizer.step()
