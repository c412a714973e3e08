import torch
import torch.nn as nn

from box_utils import get_rdiou


class AnchorHeadRDIoU(nn.Module):
    def __init__(self, input_channels, num_class=3, code_size=7, loc_weight=2.0):
        super().__init__()
        self.conv_cls = nn.Conv2d(input_channels, num_class, 1)
        self.conv_box = nn.Conv2d(input_channels, code_size, 1)
        self.code_size, self.num_class, self.loc_weight = code_size, num_class, loc_weight
        self.forward_ret_dict = {}

    def forward(self, spatial_features_2d, box_reg_targets, box_cls_labels):
        cls_preds = self.conv_cls(spatial_features_2d).permute(0, 2, 3, 1).contiguous()
        box_preds = self.conv_box(spatial_features_2d).permute(0, 2, 3, 1).contiguous()
        self.forward_ret_dict.update(cls_preds=cls_preds, box_preds=box_preds,
                                     box_reg_targets=box_reg_targets, box_cls_labels=box_cls_labels)

    def get_rdiou_guided_reg_loss(self):
        box_preds = self.forward_ret_dict["box_preds"]
        box_reg_targets = self.forward_ret_dict["box_reg_targets"]
        box_cls_labels = self.forward_ret_dict["box_cls_labels"]
        batch_size = int(box_preds.shape[0])
        positives = box_cls_labels > 0
        reg_weights = positives.float()
        reg_weights /= torch.clamp(positives.sum(1, keepdim=True).float(), min=1.0)
        box_preds = box_preds.view(batch_size, -1, self.code_size)
        u, rdiou = get_rdiou(box_preds, box_reg_targets)
        rdiou_loss_n = torch.clamp(rdiou - u, min=-1.0, max=1.0)
        rdiou_loss_src = (1 - rdiou_loss_n) * reg_weights
        return rdiou_loss_src.sum() / batch_size * self.loc_weight

    def get_loss(self):
        cls_preds = self.forward_ret_dict["cls_preds"].view(-1, self.num_class)
        labels = self.forward_ret_dict["box_cls_labels"].view(-1)
        cls_loss = nn.functional.cross_entropy(cls_preds, labels)
        return cls_loss + self.get_rdiou_guided_reg_loss()
