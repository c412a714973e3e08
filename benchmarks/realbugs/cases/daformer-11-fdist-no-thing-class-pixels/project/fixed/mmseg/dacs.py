import torch
import torch.nn as nn
import torch.nn.functional as F

from mmseg.utils import downscale_label_ratio


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
        if pw_feat_dist.numel() == 0:
            # no thing-class pixel in this crop: nothing to distill
            return pw_feat_dist.sum()
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
