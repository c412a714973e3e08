import torch


def sigmoid_cross_entropy(logits, labels, eps=1e-8):
    logits = logits.float()
    log_p = torch.log(torch.sigmoid(logits) + eps)
    log_not_p = torch.log(torch.sigmoid(-logits) + eps)
    loss = -labels * log_p - (1 - labels) * log_not_p
    return loss


def contact_loss(logits, contacts, mask):
    loss = sigmoid_cross_entropy(logits, contacts)
    return (loss * mask).sum() / (mask.sum() + 1e-6)
