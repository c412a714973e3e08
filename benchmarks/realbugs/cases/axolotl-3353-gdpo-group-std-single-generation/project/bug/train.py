import torch

from config import GDPOConfig
from trainer import GDPOTrainer

torch.manual_seed(0)

vocab, hidden, seq = 32, 16, 5
model = torch.nn.Sequential(torch.nn.Embedding(vocab, hidden), torch.nn.Linear(hidden, vocab))
args = GDPOConfig(num_generations=1, scale_rewards=True, per_device_train_batch_size=4)
trainer = GDPOTrainer(model, args)

prompts = torch.randint(0, vocab, (4, seq))
completions = torch.randint(0, vocab, (4, seq))
rewards = torch.tensor([1.0, 0.0, 0.5, 1.0])
loss, advantages = trainer.training_step(prompts, completions, rewards)
