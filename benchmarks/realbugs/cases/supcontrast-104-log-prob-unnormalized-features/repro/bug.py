# https://github.com/HobbitLong/SupContrast/issues/104 -- SupConLoss takes
# log_prob = logits - torch.log(exp_logits.sum(1)); with unnormalised features (the reporter's ResNet12
# head, temperature 0.07) each row's max is the anchor's self-similarity, which logits_mask then removes,
# and every other exp(logit - max) underflows to 0: log(0) = -inf and the loss is NaN.
import torch

torch.manual_seed(0)
temperature, base_temperature = 0.07, 0.07
features = (torch.randn(8, 2, 64) * 3.0).requires_grad_(True)     # two views, not L2-normalised
labels = torch.arange(8).view(-1, 1)

batch_size = features.shape[0]
mask = torch.eq(labels, labels.T).float()
contrast_count = features.shape[1]
contrast_feature = torch.cat(torch.unbind(features, dim=1), dim=0)
anchor_feature, anchor_count = contrast_feature, contrast_count
anchor_dot_contrast = torch.div(torch.matmul(anchor_feature, contrast_feature.T), temperature)
logits_max, _ = torch.max(anchor_dot_contrast, dim=1, keepdim=True)
logits = anchor_dot_contrast - logits_max.detach()
mask = mask.repeat(anchor_count, contrast_count)
logits_mask = torch.scatter(torch.ones_like(mask), 1, torch.arange(batch_size * anchor_count).view(-1, 1), 0)
mask = mask * logits_mask
exp_logits = torch.exp(logits) * logits_mask
log_prob = logits - torch.log(exp_logits.sum(1, keepdim=True))
mean_log_prob_pos = (mask * log_prob).sum(1) / mask.sum(1)
loss = -(temperature / base_temperature) * mean_log_prob_pos
loss = loss.view(anchor_count, batch_size).mean()
loss.backward()
