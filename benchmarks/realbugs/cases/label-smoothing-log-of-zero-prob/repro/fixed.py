# https://github.com/harvardnlp/annotated-transformer/issues/109 - fix from the thread: keep the example probabilities away from exact 0 (1e-9) before taking their log.
import torch
import torch.nn as nn

crit = nn.KLDivLoss(reduction="sum")
size, padding_idx, smoothing = 5, 0, 0.1
target = torch.LongTensor([1])

x = 3.0
d = x + 3 * 1
predict = torch.FloatTensor([[0, x / d, 1 / d, 1 / d, 1 / d]])
true_dist = torch.full_like(predict, smoothing / (size - 2))
true_dist.scatter_(1, target.unsqueeze(1), 1.0 - smoothing)
true_dist[:, padding_idx] = 0
loss = crit(predict.clamp(min=1e-9).log(), true_dist)
print(loss)
