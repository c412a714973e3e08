# Fix as in the repository's own loss/_func.py version of weighted_bce_with_logits: a
# 1e-5 added to both mask sums.
import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
from torch.utils.data import Dataset
from torch.utils.data import DataLoader


class MobileV2_MLSD_Tiny(nn.Module):
    def __init__(self, width=16):
        super(MobileV2_MLSD_Tiny, self).__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, width, 3, stride=2, padding=1), nn.BatchNorm2d(width), nn.ReLU6(inplace=True),
            nn.Conv2d(width, width, 3, stride=1, padding=1), nn.BatchNorm2d(width), nn.ReLU6(inplace=True),
        )
        self.head = nn.Conv2d(width, 16, 1)

    def forward(self, x):
        x = self.backbone(x)
        return self.head(x)


def weighted_bce_with_logits(out, gt, pos_w=1.0, neg_w=30.0):
    pos_mask = torch.where(gt != 0, torch.ones_like(gt), torch.zeros_like(gt))
    neg_mask = torch.ones_like(pos_mask) - pos_mask

    loss = F.binary_cross_entropy_with_logits(out, gt, reduction='none')
    loss_pos = (loss * pos_mask).sum() / (torch.sum(pos_mask) + 1e-5)
    loss_neg = (loss * neg_mask).sum() / (torch.sum(neg_mask) + 1e-5)

    loss = loss_pos * pos_w + loss_neg * neg_w
    return loss


class LineSegmentLoss(nn.Module):
    def __init__(self, with_focal_loss=False):
        super(LineSegmentLoss, self).__init__()
        self.with_focal_loss = with_focal_loss
        self.loss_w_dict = {
            'tp_center_loss': 10.0,
            'line_seg_loss': 1.0,
            'junc_seg_loss': 1.0
        }

    def tp_mask_loss(self, out, gt):
        out_center = out[:, 7, :, :]
        gt_center = gt[:, 7, :, :]
        center_loss = weighted_bce_with_logits(out_center, gt_center, 1.0, 30.0)
        return {'tp_center_loss': center_loss}

    def line_and_juc_seg_loss(self, out, gt):
        out_line_seg = out[:, 15, :, :]
        gt_line_seg = gt[:, 15, :, :]
        line_seg_loss = weighted_bce_with_logits(out_line_seg, gt_line_seg, 1.0, 1.0)

        out_junc_seg = out[:, 14, :, :]
        gt_junc_seg = gt[:, 14, :, :]
        junc_seg_loss = weighted_bce_with_logits(out_junc_seg, gt_junc_seg, 1.0, 30.0)

        return line_seg_loss, junc_seg_loss

    def forward(self, preds, gts):
        line_seg_loss, junc_seg_loss = self.line_and_juc_seg_loss(preds, gts)

        loss_dict = {
            'line_seg_loss': line_seg_loss,
            'junc_seg_loss': junc_seg_loss
        }
        loss_dict.update(self.tp_mask_loss(preds, gts))

        loss = 0.0
        for k, v in loss_dict.items():
            if k in self.loss_w_dict.keys():
                v = v * self.loss_w_dict[k]
                loss_dict[k] = v
                loss += v
        loss_dict['loss'] = loss
        return loss_dict


def draw_line(mask, x0, y0, x1, y1):
    n = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
    for t in np.linspace(0.0, 1.0, n):
        mask[int(round(y0 + t * (y1 - y0))), int(round(x0 + t * (x1 - x0)))] = 1.0


class Line_Dataset(Dataset):
    """Wireframe-style samples: an image and its 16-channel target maps at 1/2 size."""

    def __init__(self, samples, input_size=64):
        self.samples = samples
        self.input_size = input_size

    def __len__(self):
        return len(self.samples)

    def _line_to_tp_maps(self, lines):
        s = self.input_size // 2
        gt = np.zeros((16, s, s), dtype=np.float32)
        for x0, y0, x1, y1 in lines:
            x0, y0, x1, y1 = [v / 2.0 for v in (x0, y0, x1, y1)]
            cx, cy = (x0 + x1) / 2.0, (y0 + y1) / 2.0
            gt[7, int(cy), int(cx)] = 1.0
            gt[14, int(y0), int(x0)] = 1.0
            gt[14, int(y1), int(x1)] = 1.0
            draw_line(gt[15], x0, y0, x1, y1)
        return gt

    def __getitem__(self, index):
        img, lines = self.samples[index]
        gt = self._line_to_tp_maps(lines)
        return torch.from_numpy(img), torch.from_numpy(gt)


torch.manual_seed(0)
rng = np.random.RandomState(0)

# a few samples: (image, line segments as x0, y0, x1, y1 in input pixels)
samples = [
    (rng.rand(3, 64, 64).astype(np.float32), [(5, 5, 50, 40), (10, 60, 60, 12)]),
    (rng.rand(3, 64, 64).astype(np.float32), [(2, 30, 62, 30)]),
    (rng.rand(3, 64, 64).astype(np.float32), []),
    (rng.rand(3, 64, 64).astype(np.float32), []),
]
train_loader = DataLoader(Line_Dataset(samples), batch_size=2, shuffle=False)

model = MobileV2_MLSD_Tiny()
loss_fn = LineSegmentLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

model.train()
for step, (imgs, label) in enumerate(train_loader):
    outputs = model(imgs)
    loss_dict = loss_fn(outputs, label)
    loss = loss_dict['loss']
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, 'loss', loss.item())
