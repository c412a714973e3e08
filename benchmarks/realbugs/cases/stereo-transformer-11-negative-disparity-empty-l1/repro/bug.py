import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
from collections import OrderedDict
from torch import nn, Tensor
from torch.utils import data
from torch.utils.data import DataLoader


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


def read_disparity_pfm(rng, h, w):
    # left-view disparity as stored in the DispNet/FlyingThings3D 'disparity' folder
    return -(rng.uniform(1.0, 30.0, size=(h, w))).astype(np.float32)


class DispNetDataset(data.Dataset):
    def __init__(self, num_samples=4, h=32, w=64, mode="train"):
        self.rng = np.random.RandomState(0)
        self.h, self.w = h, w
        self.num_samples = num_samples
        self.mode = mode

    def __len__(self):
        return self.num_samples

    def __getitem__(self, idx):
        left = self.rng.rand(3, self.h, self.w).astype(np.float32)
        right = self.rng.rand(3, self.h, self.w).astype(np.float32)
        disp = read_disparity_pfm(self.rng, self.h, self.w)
        occ_mask = self.rng.rand(self.h, self.w) < 0.1
        return {
            'left': torch.from_numpy(left),
            'right': torch.from_numpy(right),
            'disp': torch.from_numpy(disp),
            'occ_mask': torch.from_numpy(occ_mask),
        }


torch.manual_seed(0)

model = STTR(max_disp=32)
criterion = build_criterion('rr:1.0, l1_raw:1.0, l1:1.0, occ_be:1.0')
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=1e-4)

data_loader_train = DataLoader(DispNetDataset(num_samples=4), batch_size=2, shuffle=True)

model.train()
data = next(iter(data_loader_train))
inputs = NestedTensor(data['left'], data['right'], disp=data['disp'], occ_mask=data['occ_mask'])
outputs = model(inputs)
losses = criterion(inputs, outputs)
loss = losses['aggregated']
optimizer.zero_grad()
loss.backward()
optimizer.step()
print('loss', loss.item(), {k: float(v) for k, v in losses.items()})
