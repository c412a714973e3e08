from collections import OrderedDict

import torch
from torch import nn, Tensor

from module.sttr import NestedTensor


class Criterion(nn.Module):
    """
    Compute loss and evaluation metrics
    """

    def __init__(self, threshold: int = 3, validation_max_disp: int = -1, loss_weight: dict = None):
        super(Criterion, self).__init__()

        if loss_weight is None:
            loss_weight = {}

        self.px_threshold = threshold
        self.validation_max_disp = validation_max_disp
        self.weights = loss_weight

        self.l1_criterion = nn.SmoothL1Loss()
        self.epe_criterion = nn.L1Loss()

    def compute_rr_loss(self, outputs: dict, inputs: NestedTensor, invalid_mask: Tensor):
        if invalid_mask is not None:
            invalid_mask = invalid_mask[:, ::4, ::4]

        # compute rr loss in non-occluded region
        gt_response = outputs['gt_response']
        eps = 1e-6
        rr_loss = - torch.log(gt_response + eps)

        if invalid_mask is not None:
            rr_loss = rr_loss[~invalid_mask]

        # if there is occlusion
        try:
            rr_loss_occ_left = - torch.log(outputs['gt_response_occ_left'] + eps)
            rr_loss = torch.cat([rr_loss, rr_loss_occ_left])
        except KeyError:
            pass

        return rr_loss.mean()

    def compute_l1_loss(self, pred: Tensor, inputs: NestedTensor, invalid_mask: Tensor, fullres: bool = True):
        disp = inputs.disp
        if not fullres:
            invalid_mask = invalid_mask[:, ::4, ::4]
            disp = disp[:, ::4, ::4]

        return self.l1_criterion(pred[~invalid_mask], disp[~invalid_mask])

    def compute_entropy_loss(self, occ_pred: Tensor, inputs: NestedTensor, invalid_mask: Tensor):
        eps = 1e-6

        occ_mask = inputs.occ_mask

        entropy_loss_occ = -torch.log(occ_pred[occ_mask] + eps)
        entropy_loss_noc = - torch.log(
            1.0 - occ_pred[~invalid_mask] + eps)  # invalid mask includes both occ and invalid points

        entropy_loss = torch.cat([entropy_loss_occ, entropy_loss_noc])

        return entropy_loss.mean()

    def aggregate_loss(self, loss_dict: dict):
        loss = 0.0
        for key in loss_dict:
            loss += loss_dict[key] * self.weights[key]

        loss_dict['aggregated'] = loss
        return

    def forward(self, inputs: NestedTensor, outputs: dict):
        loss = {}

        if self.validation_max_disp == -1:
            invalid_mask = inputs.disp <= 0.0
        else:
            invalid_mask = torch.logical_or(inputs.disp <= 0.0, inputs.disp >= self.validation_max_disp)

        loss['rr'] = self.compute_rr_loss(outputs, inputs, invalid_mask)
        loss['l1_raw'] = self.compute_l1_loss(outputs['disp_pred_low_res'], inputs, invalid_mask, fullres=False)
        loss['l1'] = self.compute_l1_loss(outputs['disp_pred'], inputs, invalid_mask)
        loss['occ_be'] = self.compute_entropy_loss(outputs['occ_pred'], inputs, invalid_mask)

        self.aggregate_loss(loss)

        return OrderedDict(loss)


def build_criterion(loss_weight_str):
    loss_weight = {}
    for weight in loss_weight_str.split(','):
        k, v = weight.split(':')
        k = k.strip()
        v = float(v)
        loss_weight[k] = v

    return Criterion(3, -1, loss_weight)
