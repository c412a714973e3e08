# https://github.com/Lightning-Universe/lightning-bolts/issues/320 - fix suggested in the thread: compute NT-Xent with CrossEntropyLoss on the logits (log-sum-exp inside), as in sthalles/SimCLR, instead of exponentiating the similarities.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
projection = nn.Linear(32, 16)
view_1 = torch.randn(4, 32) * 3.0
view_2 = view_1 + 0.1 * torch.randn(4, 32)
temperature = 0.5

out_1, out_2 = projection(view_1), projection(view_2)
out = torch.cat([out_1, out_2], dim=0)
n_samples = len(out)
cov = torch.mm(out, out.t().contiguous())
logits = cov / temperature
mask = ~torch.eye(n_samples, device=logits.device).bool()
logits = logits.masked_select(mask).view(n_samples, -1)
targets = torch.cat([torch.arange(n_samples // 2 - 1, n_samples - 1), torch.arange(0, n_samples // 2)])
loss = F.cross_entropy(logits, targets)
print(cov.max().item(), loss.item())
