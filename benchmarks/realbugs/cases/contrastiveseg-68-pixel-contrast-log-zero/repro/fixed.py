# https://github.com/tfzhou/ContrastiveSeg/issues/68 -- fixed as in the thread (kevinhongzl's comment):
# a small constant inside the log, torch.log(exp_logits + neg_logits + 1e-10).
import torch

torch.manual_seed(0)
temperature, base_temperature = 0.1, 0.07
feats_ = (torch.randn(1, 6, 16) * 4.0).requires_grad_(True)   # one class, 6 sampled pixels, unnormalised
labels_ = torch.zeros(1)

anchor_num, n_view = feats_.shape[0], feats_.shape[1]
labels_ = labels_.contiguous().view(-1, 1)
mask = torch.eq(labels_, torch.transpose(labels_, 0, 1)).float()
contrast_count = n_view
contrast_feature = torch.cat(torch.unbind(feats_, dim=1), dim=0)
anchor_feature = contrast_feature
anchor_count = contrast_count
anchor_dot_contrast = torch.div(torch.matmul(anchor_feature, torch.transpose(contrast_feature, 0, 1)), temperature)
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
loss = - (temperature / base_temperature) * mean_log_prob_pos
loss = loss.mean()
loss.backward()
