import torch


def sigmoid_cross_entropy(logits, labels):
    logits = logits.float()
    log_p = torch.log(torch.sigmoid(logits))
    log_not_p = torch.log(torch.sigmoid(-logits))
    loss = -labels * log_p - (1 - labels) * log_not_p
    return loss


def contact_loss(logits, contacts, mask):
    loss = sigmoid_cross_entropy(logits, contacts)
    return (loss * mask).sum() / (mask.sum() + 1e-6)
