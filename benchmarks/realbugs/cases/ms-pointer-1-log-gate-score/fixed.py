# ms_pointer_network #1 fixed (the reporter's fix): add 1e-45 inside both gate logs.
import torch
import torch.nn as nn

torch.manual_seed(0)


def logsumexp(tensor, dim=-1, keepdim=False):
    max_score, _ = tensor.max(dim, keepdim=keepdim)
    stable_vec = tensor - (max_score if keepdim else max_score.unsqueeze(dim))
    return max_score + (stable_vec.exp().sum(dim, keepdim=keepdim)).log()


def _get_ll(copy_scores_1, copy_scores_2, target_to_source_1, target_to_source_2, source_mask_1, source_mask_2, gate_score):
    combined_log_probs_1 = (copy_scores_1 + 1e-45).log() + (target_to_source_1.float() + 1e-45).log() + (source_mask_1.float() + 1e-45).log()
    log_probs_1 = logsumexp(combined_log_probs_1)
    combined_log_probs_2 = (copy_scores_2 + 1e-45).log() + (target_to_source_2.float() + 1e-45).log() + (source_mask_2.float() + 1e-45).log()
    log_probs_2 = logsumexp(combined_log_probs_2)
    log_gate_score_1 = (gate_score + 1e-45).log()
    log_gate_score_2 = (1 - gate_score + 1e-45).log()
    item_1 = (log_gate_score_1 + log_probs_1).unsqueeze(-1)
    item_2 = (log_gate_score_2 + log_probs_2).unsqueeze(-1)
    return logsumexp(torch.cat((item_1, item_2), -1))


batch, len1, len2, hidden = 4, 7, 5, 16
gate_layer = nn.Linear(hidden, 1)
decoder_hidden = torch.randn(batch, hidden) * 200  # a confident decoder: the gate sigmoid rounds to 0.0 / 1.0
gate_score = torch.sigmoid(gate_layer(decoder_hidden)).squeeze(-1)
copy_scores_1 = torch.softmax(torch.randn(batch, len1), -1)
copy_scores_2 = torch.softmax(torch.randn(batch, len2), -1)
target_to_source_1 = torch.zeros(batch, len1, dtype=torch.bool)
target_to_source_1[:, 2] = True
target_to_source_2 = torch.zeros(batch, len2, dtype=torch.bool)
target_to_source_2[:, 0] = True
source_mask_1 = torch.ones(batch, len1)
source_mask_2 = torch.ones(batch, len2)
step_ll = _get_ll(copy_scores_1, copy_scores_2, target_to_source_1, target_to_source_2, source_mask_1, source_mask_2, gate_score)
loss = -step_ll.sum() / batch
loss.backward()
grad = gate_layer.weight.grad
