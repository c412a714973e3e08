import torch
import torch.nn as nn

torch.manual_seed(0)
temperature = 0.07
encoder = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 32))
x = torch.randn(8, 32) * 3
labels = torch.tensor([0, 1, 2, 3, 0, 1, 2, 3])

features = encoder(x)
batch_size = features.shape[0]
mask = torch.eq(labels.view(-1, 1), labels.view(1, -1)).float()
anchor_dot_contrast = torch.div(features @ features.T, temperature)
logits_max, _ = torch.max(anchor_dot_contrast, dim=1, keepdim=True)
logits = anchor_dot_contrast - logits_max.detach()
logits_mask = torch.scatter(torch.ones_like(mask), 1, torch.arange(batch_size).view(-1, 1), 0)
mask = mask * logits_mask
exp_logits = torch.exp(logits) * logits_mask
log_prob = logits - torch.log(exp_logits.sum(1, keepdim=True))
mean_log_prob_pos = (mask * log_prob).sum(1) / mask.sum(1)
loss = -mean_log_prob_pos.mean()
print(loss)
