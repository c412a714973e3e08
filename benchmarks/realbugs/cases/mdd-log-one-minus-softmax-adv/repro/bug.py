# https://github.com/thuml/MDD/issues/4 - the MDD target term takes log(1 - softmax(outputs_adv)); when the adversarial classifier saturates on a target sample, 1 - p is exactly 0 and the log is -inf (loss inf, gradients NaN).
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
classifier = nn.Linear(16, 5)
classifier_adv = nn.Linear(16, 5)
src_feats = torch.randn(4, 16)
tgt_feats = torch.randn(4, 16) * 40.0  # target domain: far larger feature scale
labels_source = torch.randint(0, 5, (4,))

features = torch.cat([src_feats, tgt_feats])
outputs = classifier(features)
outputs_adv = classifier_adv(features)
classifier_loss = nn.CrossEntropyLoss()(outputs.narrow(0, 0, 4), labels_source)
target_adv = outputs.max(1)[1]
classifier_loss_adv_src = nn.CrossEntropyLoss()(outputs_adv.narrow(0, 0, 4), target_adv.narrow(0, 0, 4))
logloss_tgt = torch.log(1 - F.softmax(outputs_adv.narrow(0, 4, 4), dim=1))
classifier_loss_adv_tgt = F.nll_loss(logloss_tgt, target_adv.narrow(0, 4, 4))
total_loss = classifier_loss + 4.0 * classifier_loss_adv_src + classifier_loss_adv_tgt
total_loss.backward()
grad = classifier_adv.weight.grad
print(total_loss.item())
