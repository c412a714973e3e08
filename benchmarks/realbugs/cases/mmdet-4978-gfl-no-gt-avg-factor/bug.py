# open-mmlab/mmdetection#4978: GFLHead's bbox loss is divided by avg_factor, which is 0 for an image with no gt -> NaN.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
num_classes = 3


def loss_single(cls_score, bbox_pred, labels, bbox_targets):
    bg_class_ind = num_classes
    pos_inds = ((labels >= 0) & (labels < bg_class_ind)).nonzero().squeeze(1)
    if len(pos_inds) > 0:
        weight_targets = cls_score.detach().sigmoid().max(dim=1)[0][pos_inds]
        loss_bbox = (weight_targets[:, None] * (bbox_pred[pos_inds] - bbox_targets[pos_inds]).abs()).sum()
    else:
        loss_bbox = bbox_pred.sum() * 0
        weight_targets = bbox_pred.new_tensor(0)
    onehot = F.one_hot(labels, num_classes + 1)[:, :num_classes].float()
    loss_cls = F.binary_cross_entropy_with_logits(cls_score, onehot, reduction='sum')
    return loss_cls, loss_bbox, weight_targets.sum()


def loss(cls_scores, bbox_preds, labels_list, bbox_targets_list):
    losses_cls, losses_bbox, avg_factor = zip(*map(loss_single, cls_scores, bbox_preds, labels_list, bbox_targets_list))
    avg_factor = sum(avg_factor)
    avg_factor = avg_factor.item()
    losses_bbox = list(map(lambda x: x / avg_factor, losses_bbox))
    return dict(loss_cls=losses_cls, loss_bbox=losses_bbox)


# two FPN levels, one image whose random crop contains no objects: every anchor is background
cls_scores = [torch.randn(16, num_classes, requires_grad=True), torch.randn(4, num_classes, requires_grad=True)]
bbox_preds = [torch.randn(16, 4, requires_grad=True), torch.randn(4, 4, requires_grad=True)]
labels_list = [torch.full((16,), num_classes), torch.full((4,), num_classes)]
bbox_targets_list = [torch.zeros(16, 4), torch.zeros(4, 4)]
losses = loss(cls_scores, bbox_preds, labels_list, bbox_targets_list)
total = sum(losses['loss_cls']) + sum(losses['loss_bbox'])
total.backward()
