"""GRPO run with the DAPO loss; a long-winded batch hits max_completion_length everywhere."""
import torch

from trainer import GRPOConfig, GRPOTrainer, TinyPolicy

torch.manual_seed(0)
args = GRPOConfig()
policy = TinyPolicy()
trainer = GRPOTrainer(policy, args, eos_token_id=1)
advantages = torch.tensor([0.5, -0.5, 1.0, -1.0])
batches = [torch.randint(2, 32, (4, args.max_completion_length + 1)) for _ in range(2)]  # no EOS generated
batches[0][:, 5] = 1  # the first batch finished its completions
losses = [trainer.training_step(ids, advantages) for ids in batches]
last_loss = losses[-1]
lm_head = policy.lm_head.weight.detach()
