from torch.nn import CrossEntropyLoss

loss_fct = CrossEntropyLoss(reduction='sum')


def causal_lm_loss(logits, labels):
    logits = logits[:, :-1, :].contiguous()
    labels = labels[:, 1:].contiguous()
    n_valid = (labels != -100).sum().clamp(min=1)
    loss = loss_fct(logits.view(-1, logits.size(-1)), labels.view(-1)) / n_valid
    return loss
