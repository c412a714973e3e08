import torch

from trainer.utils import entropy_from_logits


class GRPOTrainer:
    def __init__(self, model, allowed_token_ids=None):
        self.model = model
        self.allowed_token_ids = allowed_token_ids

    def _get_per_token_logps_and_entropies(self, input_ids):
        logits = self.model(input_ids)
        if self.allowed_token_ids is not None:
            disallowed = torch.ones(logits.shape[-1], dtype=torch.bool)
            disallowed[self.allowed_token_ids] = False
            logits = logits.masked_fill(disallowed, float("-inf"))
        logps = torch.log_softmax(logits, dim=-1)
        entropies = entropy_from_logits(logits)
        return logps, entropies
