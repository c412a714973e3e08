import torch
import torch.nn as nn

from torch_utils import _sigmoid


def _neg_loss(pred, gt, alpha=2, beta=4):
    """Modified focal loss. Exactly the same as CornerNet."""
    pos_inds = gt.eq(1).float()
    neg_inds = gt.lt(1).float()
    neg_weights = torch.pow(1 - gt, beta)
    loss = 0
    pos_loss = torch.log(pred) * torch.pow(1 - pred, alpha) * pos_inds
    neg_loss = torch.log(1 - pred) * torch.pow(pred, alpha) * neg_weights * neg_inds
    num_pos = pos_inds.float().sum()
    pos_loss = pos_loss.sum()
    neg_loss = neg_loss.sum()
    if num_pos == 0:
        loss = loss - neg_loss
    else:
        loss = loss - (pos_loss + neg_loss) / num_pos
    return loss


class FocalLoss(nn.Module):
    def __init__(self):
        super().__init__()
        self.neg_loss = _neg_loss

    def forward(self, out, target):
        return self.neg_loss(out, target)


class Compute_Loss(nn.Module):
    def __init__(self):
        super().__init__()
        self.focal_loss = FocalLoss()
        self.weight_hm_mc = 1.0
        self.weight_wh = 0.1

    def forward(self, outputs, tg):
        outputs["hm_mc"] = _sigmoid(outputs["hm_mc"])
        l_hm_mc = self.focal_loss(outputs["hm_mc"], tg["hm_mc"])
        l_wh = (outputs["wh"] - tg["wh"]).abs().mean()
        total_loss = l_hm_mc * self.weight_hm_mc + l_wh * self.weight_wh
        return total_loss, {"hm_mc_loss": l_hm_mc.item(), "wh_loss": l_wh.item()}
