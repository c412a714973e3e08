from dataclasses import dataclass

import torch


@dataclass
class GRPOConfig:
    max_completion_length: int = 6
    epsilon: float = 0.2
    beta: float = 0.0
    mask_truncated_completions: bool = True
    eos_token_id: int = 2


class GRPOTrainer:
    def __init__(self, model, args, optimizer):
        self.model, self.args, self.optimizer = model, args, optimizer

    def _prepare_inputs(self, prompt_ids, completion_ids, rewards):
        is_eos = completion_ids == self.args.eos_token_id
        eos_idx = torch.full((is_eos.size(0),), is_eos.size(1), dtype=torch.long)
        eos_idx[is_eos.any(dim=1)] = is_eos.int().argmax(dim=1)[is_eos.any(dim=1)]
        sequence_indices = torch.arange(is_eos.size(1)).expand(is_eos.size(0), -1)
        completion_mask = (sequence_indices <= eos_idx.unsqueeze(1)).int()
        if self.args.mask_truncated_completions:
            truncated_completions = ~is_eos.any(dim=1)
            completion_mask = completion_mask * (~truncated_completions).unsqueeze(1).int()
        advantages = (rewards - rewards.mean()) / (rewards.std() + 1e-4)
        with torch.no_grad():
            old_per_token_logps = self._get_per_token_logps(prompt_ids, completion_ids)
        return {"prompt_ids": prompt_ids, "completion_ids": completion_ids, "completion_mask": completion_mask,
                "advantages": advantages, "old_per_token_logps": old_per_token_logps}

    def _get_per_token_logps(self, prompt_ids, completion_ids):
        input_ids = torch.cat([prompt_ids, completion_ids], dim=1)
        logits = self.model(input_ids)[:, prompt_ids.size(1) - 1:-1]
        return torch.gather(logits.log_softmax(-1), 2, completion_ids.unsqueeze(-1)).squeeze(-1)

    def compute_loss(self, inputs):
        completion_mask = inputs["completion_mask"]
        per_token_logps = self._get_per_token_logps(inputs["prompt_ids"], inputs["completion_ids"])
        advantages = inputs["advantages"]
        coef_1 = torch.exp(per_token_logps - inputs["old_per_token_logps"])
        coef_2 = torch.clamp(coef_1, 1 - self.args.epsilon, 1 + self.args.epsilon)
        per_token_loss1 = coef_1 * advantages.unsqueeze(1)
        per_token_loss2 = coef_2 * advantages.unsqueeze(1)
        per_token_loss = -torch.min(per_token_loss1, per_token_loss2)
        loss = (per_token_loss * completion_mask).sum() / completion_mask.sum()
        return loss

    def training_step(self, prompt_ids, completion_ids, rewards):
        inputs = self._prepare_inputs(prompt_ids, completion_ids, rewards)
        loss = self.compute_loss(inputs)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss
