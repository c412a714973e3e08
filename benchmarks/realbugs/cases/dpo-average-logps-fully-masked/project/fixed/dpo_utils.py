import torch
import torch.nn.functional as F


def _get_batch_logps(logits, labels, average_log_prob=False):
    labels = labels[:, 1:].clone()
    logits = logits[:, :-1, :]
    loss_mask = labels != -100
    labels[labels == -100] = 0
    per_token_logps = torch.gather(logits.log_softmax(-1), dim=2, index=labels.unsqueeze(2)).squeeze(2)
    if average_log_prob:
        return (per_token_logps * loss_mask).sum(-1) / loss_mask.sum(-1).clamp(min=1)
    return (per_token_logps * loss_mask).sum(-1)


def dpo_loss(policy_chosen, policy_rejected, ref_chosen, ref_rejected, beta=0.1):
    logits = (policy_chosen - policy_rejected) - (ref_chosen - ref_rejected)
    return -F.logsigmoid(beta * logits).mean()


def concatenated_forward(model, batch, average_log_prob):
    chosen = _get_batch_logps(model(batch["chosen_input_ids"]), batch["chosen_labels"], average_log_prob)
    rejected = _get_batch_logps(model(batch["rejected_input_ids"]), batch["rejected_labels"], average_log_prob)
    return chosen, rejected
