"""DAFormer: ImageNet feature distance on a source crop without thing classes.

Source: https://github.com/lhoyer/DAFormer/issues/11

"""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


def downscale_label_ratio(gt,
                          scale_factor,
                          min_ratio,
                          n_classes,
                          ignore_index=255):
    assert scale_factor > 1
    bs, orig_c, orig_h, orig_w = gt.shape
    assert orig_c == 1
    trg_h, trg_w = orig_h // scale_factor, orig_w // scale_factor
    ignore_substitute = n_classes

    out = gt.clone()  # otw. next line would modify original gt
    out[out == ignore_index] = ignore_substitute
    out = F.one_hot(
        out.squeeze(1), num_classes=n_classes + 1).permute(0, 3, 1, 2)
    assert list(out.shape) == [bs, n_classes + 1, orig_h, orig_w], out.shape
    out = F.avg_pool2d(out.float(), kernel_size=scale_factor)
    gt_ratio, out = torch.max(out, dim=1, keepdim=True)
    out[out == ignore_substitute] = ignore_index
    out[gt_ratio < min_ratio] = ignore_index
    assert list(out.shape) == [bs, 1, trg_h, trg_w], out.shape
    return out


class TinySegmentor(nn.Module):

    def __init__(self, num_classes=19, channels=32):
        super().__init__()
        self.num_classes = num_classes
        self.backbone = nn.Sequential(
            nn.Conv2d(3, channels, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(channels, channels, 3, stride=2, padding=1), nn.ReLU())
        self.decode_head = nn.Conv2d(channels, num_classes, 1)

    def extract_feat(self, img):
        return [self.backbone(img)]

    def forward(self, img):
        feat = self.extract_feat(img)
        logits = self.decode_head(feat[-1])
        return logits, feat


class DACS(nn.Module):

    def __init__(self, model, imnet_model, **cfg):
        super().__init__()
        self.model = model
        self.imnet_model = imnet_model
        self.num_classes = model.num_classes
        self.fdist_lambda = cfg['imnet_feature_dist_lambda']
        self.fdist_classes = cfg['imnet_feature_dist_classes']
        self.fdist_scale_min_ratio = cfg['imnet_feature_dist_scale_min_ratio']
        self.enable_fdist = self.fdist_lambda > 0

    def masked_feat_dist(self, f1, f2, mask=None):
        feat_diff = f1 - f2
        pw_feat_dist = torch.norm(feat_diff, dim=1, p=2)
        if mask is not None:
            pw_feat_dist = pw_feat_dist[mask.squeeze(1)]
        return torch.mean(pw_feat_dist)

    def calc_feat_dist(self, img, gt, feat=None):
        assert self.enable_fdist
        with torch.no_grad():
            self.imnet_model.eval()
            feat_imnet = self.imnet_model.extract_feat(img)
            feat_imnet = [f.detach() for f in feat_imnet]
        lay = -1
        if self.fdist_classes is not None:
            fdclasses = torch.tensor(self.fdist_classes, device=gt.device)
            scale_factor = gt.shape[-1] // feat[lay].shape[-1]
            gt_rescaled = downscale_label_ratio(gt, scale_factor,
                                                self.fdist_scale_min_ratio,
                                                self.num_classes,
                                                255).long().detach()
            fdist_mask = torch.any(gt_rescaled[..., None] == fdclasses, -1)
            feat_dist = self.masked_feat_dist(feat[lay], feat_imnet[lay],
                                              fdist_mask)
        else:
            feat_dist = self.masked_feat_dist(feat[lay], feat_imnet[lay])
        feat_dist = self.fdist_lambda * feat_dist
        return feat_dist

    def forward_train(self, img, gt_semantic_seg):
        logits, src_feat = self.model(img)
        seg_logits = F.interpolate(
            logits, size=gt_semantic_seg.shape[-2:], mode='bilinear',
            align_corners=False)
        clean_loss = F.cross_entropy(
            seg_logits, gt_semantic_seg.squeeze(1), ignore_index=255)
        clean_loss.backward(retain_graph=self.enable_fdist)
        feat_loss = None
        if self.enable_fdist:
            feat_loss = self.calc_feat_dist(img, gt_semantic_seg, src_feat)
            feat_loss.backward()
        return clean_loss, feat_loss

torch.manual_seed(0)
cfg = dict(
    imnet_feature_dist_lambda=0.005,
    imnet_feature_dist_classes=[6, 7, 11, 12, 13, 14, 15, 16, 17, 18],
    imnet_feature_dist_scale_min_ratio=0.75)
model = TinySegmentor(num_classes=19)
imnet_model = copy.deepcopy(model)
uda = DACS(model, imnet_model, **cfg)
optimizer = torch.optim.AdamW(model.parameters(), lr=6e-5)

# a source crop of road (0), building (2) and sky (10): no thing-class pixel
img = torch.randn(2, 3, 64, 64)
gt_semantic_seg = torch.zeros(2, 1, 64, 64, dtype=torch.long)
gt_semantic_seg[:, :, :20] = 10
gt_semantic_seg[:, :, 20:40] = 2

optimizer.zero_grad()
clean_loss, feat_loss = uda.forward_train(img, gt_semantic_seg)
optimizer.step()
