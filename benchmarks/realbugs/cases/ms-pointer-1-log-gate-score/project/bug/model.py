import torch
import torch.nn as nn

from modules import SourceGate
from nn_util import logsumexp


class MultiSourcePointer(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.gate = SourceGate(hidden)

    def _get_ll(self, copy_scores_1, copy_scores_2, target_to_source_1, target_to_source_2,
                source_mask_1, source_mask_2, gate_score):
        combined_log_probs_1 = (copy_scores_1 + 1e-45).log() + (target_to_source_1.float() + 1e-45).log() \
            + (source_mask_1.float() + 1e-45).log()
        log_probs_1 = logsumexp(combined_log_probs_1)
        combined_log_probs_2 = (copy_scores_2 + 1e-45).log() + (target_to_source_2.float() + 1e-45).log() \
            + (source_mask_2.float() + 1e-45).log()
        log_probs_2 = logsumexp(combined_log_probs_2)
        log_gate_score_1 = gate_score.log()
        log_gate_score_2 = (1 - gate_score).log()
        item_1 = (log_gate_score_1 + log_probs_1).unsqueeze(-1)
        item_2 = (log_gate_score_2 + log_probs_2).unsqueeze(-1)
        return logsumexp(torch.cat((item_1, item_2), -1))

    def forward(self, decoder_hidden, copy_scores_1, copy_scores_2, target_to_source_1, target_to_source_2,
                source_mask_1, source_mask_2):
        gate_score = self.gate(decoder_hidden)
        step_ll = self._get_ll(copy_scores_1, copy_scores_2, target_to_source_1, target_to_source_2,
                               source_mask_1, source_mask_2, gate_score)
        return -step_ll.sum() / decoder_hidden.size(0)
