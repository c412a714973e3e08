# https://github.com/harvardnlp/annotated-transformer/issues/109 - the label-smoothing example passes predict.log() to KLDivLoss, but predict has exact zeros, so the log-probabilities hold -inf and the loss is NaN.
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
loss = crit(predict.log(), true_dist)
print(loss)
