# unslothai/unsloth-zoo#1286: "Floor the DAPO normalizer so an empty batch is not a nan".
# With loss_type="dapo", grpo_compute_loss divides the masked token-loss sum by
# normalizer = num_items_in_batch / num_processes, where num_items_in_batch is the summed
# completion mask. With mask_truncated_completions, a batch whose completions were all
# truncated has an all-zero mask: 0 / 0 is a NaN loss and NaN gradients.
import torch
import torch.nn as nn


def grpo_compute_loss(new_logps, old_logps, mask, advantages, *, loss_type="dapo",
                      epsilon_low=0.2, epsilon_high=0.28, num_items_in_batch=None, num_processes=1):
    coef_1 = torch.exp(new_logps - old_logps)
    coef_2 = torch.clamp(coef_1, 1 - epsilon_low, 1 + epsilon_high)
    loss_1 = coef_1 * advantages.unsqueeze(1)
    loss_2 = coef_2 * advantages.unsqueeze(1)
    loss_i = -torch.min(loss_1, loss_2)
    mask = mask.to(torch.float32)
    if loss_type == "grpo":
        loss = ((loss_i * mask).sum(-1) / mask.sum(-1).clamp(min=1.0)).mean()
    elif loss_type == "bnpo":
        loss = (loss_i * mask).sum() / mask.sum().clamp(min=1.0)
    elif loss_type == "dapo":
        normalizer = num_items_in_batch / num_processes
        loss = (loss_i * mask).sum() / normalizer
    else:
        raise ValueError(loss_type)
    return loss


class TinyPolicy(nn.Module):
    def __init__(self, vocab=32, hidden=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.lm_head = nn.Linear(hidden, vocab)

    def token_logps(self, input_ids):
        logits = self.lm_head(self.embed(input_ids[:, :-1]))
        return torch.log_softmax(logits, -1).gather(-1, input_ids[:, 1:, None]).squeeze(-1)


torch.manual_seed(0)
policy = TinyPolicy()
completion_ids = torch.randint(2, 32, (4, 9))
is_eos = torch.zeros(4, 8, dtype=torch.bool)  # no completion reached EOS within max_completion_length
completion_mask = torch.ones(4, 8)
completion_mask = completion_mask * is_eos.any(dim=1, keepdim=True)  # mask_truncated_completions
num_items_in_batch = completion_mask.sum()
advantages = torch.tensor([0.5, -0.5, 1.0, -1.0])
new_logps = policy.token_logps(completion_ids)
old_logps = new_logps.detach()
loss = grpo_compute_loss(new_logps, old_logps, completion_mask, advantages,
                         num_items_in_batch=num_items_in_batch, num_processes=1)
loss.backward()
grad = policy.lm_head.weight.grad
