import torch


def label_nll(label_logits, labels):
    log_label_probs = -torch.nn.functional.log_softmax(label_logits, dim=-1)
    loss = log_label_probs * labels.float()
    return torch.sum(loss)
