from torch.nn import CrossEntropyLoss

loss_fct = CrossEntropyLoss(reduction='mean')


def causal_lm_loss(logits, labels):
    logits = logits[:, :-1, :].contiguous()
    labels = labels[:, 1:].contiguous()
    loss = loss_fct(logits.view(-1, logits.size(-1)), labels.view(-1))
    return loss
