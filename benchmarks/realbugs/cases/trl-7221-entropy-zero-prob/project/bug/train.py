import torch

from trainer.grpo_trainer import GRPOTrainer

torch.manual_seed(0)

model = torch.nn.Sequential(torch.nn.Embedding(8, 16), torch.nn.Linear(16, 8))
trainer = GRPOTrainer(model, allowed_token_ids=[0, 1, 2, 3])
input_ids = torch.tensor([[1, 2, 3], [0, 2, 1]])
with torch.no_grad():
    logps, entropies = trainer._get_per_token_logps_and_entropies(input_ids)
