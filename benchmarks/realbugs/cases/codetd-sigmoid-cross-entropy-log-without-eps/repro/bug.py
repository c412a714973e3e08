# sigmoid_cross_entropy written as log(sigmoid(x)) and log(sigmoid(-x)): for a saturated logit
# (|x| > ~104 in float32) the sigmoid rounds to 0, log gives -inf, and the label that multiplies it
# by 0 turns the loss into nan.
import torch

torch.manual_seed(0)


def sigmoid_cross_entropy(logits, labels):
    logits = logits.float()
    log_p = torch.log(torch.sigmoid(logits))
    log_not_p = torch.log(torch.sigmoid(-logits))
    loss = -labels * log_p - (1 - labels) * log_not_p
    return loss


logits = torch.tensor([2.0, -1.5, 130.0, -120.0], requires_grad=True)
labels = torch.tensor([1.0, 0.0, 1.0, 0.0])
loss = sigmoid_cross_entropy(logits, labels).mean()
loss.backward()
