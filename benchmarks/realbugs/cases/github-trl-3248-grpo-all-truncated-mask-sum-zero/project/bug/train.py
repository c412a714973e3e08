import torch

from grpo_trainer import GRPOConfig, GRPOTrainer
from model import TinyCausalLM

torch.manual_seed(0)
args = GRPOConfig(max_completion_length=6, mask_truncated_completions=True)
model = TinyCausalLM(vocab_size=32)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-5)
trainer = GRPOTrainer(model, args, optimizer)

prompt_ids = torch.randint(3, 32, (4, 3))
# sampled completions that never emit EOS within max_completion_length: all truncated
completion_ids = torch.randint(3, 32, (4, args.max_completion_length))
rewards = torch.tensor([1.0, 0.0, 0.5, 0.2])
loss = trainer.training_step(prompt_ids, completion_ids, rewards)
