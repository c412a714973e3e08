# https://github.com/yhenon/pytorch-retinanet/issues/3 -- FocalLoss takes torch.log(classification) and
# torch.log(1 - classification) of the sigmoid scores; a saturated anchor (sigmoid == 1.0 in float32)
# gives log(0) = -inf, and 0 * -inf = NaN for the positive anchor's second term.
import torch

torch.manual_seed(0)
alpha, gamma = 0.25, 2.0
logits = torch.randn(1, 6, 3)
logits[0, 2, 1] = 40.0                      # an anchor the head is (over)confident about
logits.requires_grad_(True)
classification = torch.sigmoid(logits)[0]
targets = torch.zeros(6, 3)
targets[2, 1] = 1.0

alpha_factor = torch.ones(targets.shape) * alpha
alpha_factor = torch.where(torch.eq(targets, 1.), alpha_factor, 1. - alpha_factor)
focal_weight = torch.where(torch.eq(targets, 1.), 1. - classification, classification)
focal_weight = alpha_factor * torch.pow(focal_weight, gamma)
bce = -(targets * torch.log(classification) + (1.0 - targets) * torch.log(1.0 - classification))
cls_loss = (focal_weight * bce).sum() / torch.clamp(targets.sum(), min=1.0)
cls_loss.backward()
