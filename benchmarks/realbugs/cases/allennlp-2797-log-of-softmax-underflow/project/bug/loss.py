import torch


def label_nll(label_logits, labels):
    label_probs = torch.nn.functional.softmax(label_logits, dim=-1)
    log_label_probs = -torch.log(label_probs)
    loss = log_label_probs * labels.float()
    return torch.sum(loss)
