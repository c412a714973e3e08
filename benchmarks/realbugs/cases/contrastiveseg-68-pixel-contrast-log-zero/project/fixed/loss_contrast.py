import torch
import torch.nn as nn


class PixelContrastLoss(nn.Module):
    def __init__(self, configer):
        super().__init__()
        self.temperature = configer['contrast']['temperature']
        self.base_temperature = configer['contrast']['base_temperature']
        self.ignore_label = -1
        self.max_samples = configer['contrast']['max_samples']
        self.max_views = configer['contrast']['max_views']

    def _anchor_sampling(self, X, y_hat):
        batch_size, feat_dim = X.shape[0], X.shape[-1]
        classes = []
        for ii in range(batch_size):
            this_classes = [c for c in torch.unique(y_hat[ii]) if c != self.ignore_label
                            and (y_hat[ii] == c).nonzero().shape[0] > self.max_views]
            classes.append(this_classes)
        total_classes = sum(len(c) for c in classes)
        n_view = min(self.max_samples // total_classes, self.max_views)
        X_ = torch.zeros((total_classes, n_view, feat_dim), dtype=torch.float)
        y_ = torch.zeros(total_classes, dtype=torch.float)
        X_ptr = 0
        for ii in range(batch_size):
            for cls_id in classes[ii]:
                indices = (y_hat[ii] == cls_id).nonzero()[:n_view]
                X_[X_ptr, :, :] = X[ii, indices, :].squeeze(1)
                y_[X_ptr] = cls_id
                X_ptr += 1
        return X_, y_

    def _contrastive(self, feats_, labels_):
        anchor_num, n_view = feats_.shape[0], feats_.shape[1]
        labels_ = labels_.contiguous().view(-1, 1)
        mask = torch.eq(labels_, torch.transpose(labels_, 0, 1)).float()
        contrast_count = n_view
        contrast_feature = torch.cat(torch.unbind(feats_, dim=1), dim=0)
        anchor_feature = contrast_feature
        anchor_count = contrast_count
        anchor_dot_contrast = torch.div(torch.matmul(anchor_feature, torch.transpose(contrast_feature, 0, 1)),
                                        self.temperature)
        logits_max, _ = torch.max(anchor_dot_contrast, dim=1, keepdim=True)
        logits = anchor_dot_contrast - logits_max.detach()
        mask = mask.repeat(anchor_count, contrast_count)
        neg_mask = 1 - mask
        logits_mask = torch.ones_like(mask).scatter_(1, torch.arange(anchor_num * anchor_count).view(-1, 1), 0)
        mask = mask * logits_mask
        neg_logits = torch.exp(logits) * neg_mask
        neg_logits = neg_logits.sum(1, keepdim=True)
        exp_logits = torch.exp(logits)
        log_prob = logits - torch.log(exp_logits + neg_logits + 1e-10)
        mean_log_prob_pos = (mask * log_prob).sum(1) / mask.sum(1)
        loss = - (self.temperature / self.base_temperature) * mean_log_prob_pos
        return loss.mean()

    def forward(self, feats, labels):
        batch_size = feats.shape[0]
        labels = labels.contiguous().view(batch_size, -1)
        feats = feats.permute(0, 2, 3, 1)
        feats = feats.contiguous().view(feats.shape[0], -1, feats.shape[-1])
        feats_, labels_ = self._anchor_sampling(feats, labels)
        return self._contrastive(feats_, labels_)
