import math

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

float_info = torch.finfo(torch.float32)
INF = float_info.max


class DiscreteBCQPolicy(nn.Module):
    """Discrete batch-constrained deep Q-learning (greedy action selection)."""

    def __init__(self, model: nn.Module, imitator: nn.Module,
                 unlikely_action_threshold: float = 0.3) -> None:
        super().__init__()
        self.model = model
        self.imitator = imitator
        assert 0.0 <= unlikely_action_threshold < 1.0
        if unlikely_action_threshold > 0:
            self._log_tau = math.log(unlikely_action_threshold)
        else:
            self._log_tau = -np.inf
        self.max_action_num = None

    def forward(self, obs, state=None, info=None):
        q_value, state = self.model(obs, state=state, info=info)
        if self.max_action_num is None:
            self.max_action_num = q_value.shape[1]
        imitation_logits, _ = self.imitator(obs, state=state, info=info)
        imitation_logits = F.log_softmax(imitation_logits, dim=-1)

        # mask actions for argmax
        ratio = imitation_logits - imitation_logits.max(dim=-1, keepdim=True).values
        mask = (ratio < self._log_tau).float()
        masked_q = q_value - INF * mask
        act = masked_q.argmax(dim=-1)
        return act, masked_q, imitation_logits
