# https://github.com/HobbitLong/SupContrast/issues/141 -- SupConLoss divides the positives' summed
# log-probability by mask.sum(1), the anchor's number of positives; an anchor whose label occurs once in
# the batch (one view) has none: 0 / 0 = NaN, and the mean loss is NaN.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
temperature, base_temperature = 0.8, 0.07
features = torch.randn(4, 1, 3)
features = F.normalize(features, p=2, dim=2).requires_grad_(True)
labels = torch.tensor([0, 1, 1, 3]).view(-1, 1)       # labels 0 and 3 have a single sample

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
