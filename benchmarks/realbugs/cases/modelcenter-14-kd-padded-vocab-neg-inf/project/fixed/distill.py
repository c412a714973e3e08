import torch.nn.functional as F


def distill_loss(logits_s, logits_t, temperature=1.0):
    prob_t = F.softmax(logits_t / temperature, dim=-1)
    log_prob_s = F.log_softmax(logits_s / temperature, dim=-1)
    d_loss = -(prob_t * log_prob_s)[:, :, :-1].sum(dim=-1).mean()  # fix of ModelCenter#14: skip the -inf padded column
    return d_loss
