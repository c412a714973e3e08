"""A GRPO trainer step: build completion masks, count the items, compute the policy loss."""
from dataclasses import dataclass

import torch
import torch.nn as nn

from rl_replacements import grpo_compute_loss


@dataclass
class GRPOConfig:
    loss_type: str = "dapo"
    epsilon_low: float = 0.2
    epsilon_high: float = 0.28
    max_completion_length: int = 8
    mask_truncated_completions: bool = True
    learning_rate: float = 1e-4


class TinyPolicy(nn.Module):
    def __init__(self, vocab=32, hidden=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.lm_head = nn.Linear(hidden, vocab)

    def token_logps(self, input_ids):
        logits = self.lm_head(self.embed(input_ids[:, :-1]))
        return torch.log_softmax(logits, -1).gather(-1, input_ids[:, 1:, None]).squeeze(-1)


class GRPOTrainer:
    def __init__(self, model, args, eos_token_id=1, num_processes=1):
        self.model, self.args = model, args
        self.eos_token_id, self.num_processes = eos_token_id, num_processes
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)

    def completion_mask(self, completion_ids):
        is_eos = completion_ids[:, 1:] == self.eos_token_id
        mask = torch.ones_like(is_eos, dtype=torch.float32)
        if self.args.mask_truncated_completions:
            mask = mask * is_eos.any(dim=1, keepdim=True)
        return mask

    def training_step(self, completion_ids, advantages):
        mask = self.completion_mask(completion_ids)
        num_items_in_batch = mask.sum()  # gathered across processes in the real trainer
        new_logps = self.model.token_logps(completion_ids)
        old_logps = new_logps.detach()
        loss = grpo_compute_loss(new_logps, old_logps, mask, advantages, loss_type=self.args.loss_type,
                                 epsilon_low=self.args.epsilon_low, epsilon_high=self.args.epsilon_high,
                                 max_completion_length=self.args.max_completion_length,
                                 num_items_in_batch=num_items_in_batch, num_processes=self.num_processes)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.detach()
