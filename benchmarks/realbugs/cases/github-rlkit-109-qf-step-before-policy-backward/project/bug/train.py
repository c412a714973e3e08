import copy

import torch

from networks import FlattenMlp, TanhGaussianPolicy
from sac import SACTrainer

torch.manual_seed(0)
obs_dim, action_dim, batch_size = 6, 2, 16

qf1 = FlattenMlp(obs_dim + action_dim, 1)
qf2 = FlattenMlp(obs_dim + action_dim, 1)
policy = TanhGaussianPolicy(obs_dim, action_dim)
trainer = SACTrainer(policy, qf1, qf2, copy.deepcopy(qf1), copy.deepcopy(qf2))

stats = None
for step in range(2):
    batch = {
        "observations": torch.randn(batch_size, obs_dim),
        "actions": torch.rand(batch_size, action_dim) * 2 - 1,
        "rewards": torch.randn(batch_size, 1),
        "terminals": torch.zeros(batch_size, 1),
        "next_observations": torch.randn(batch_size, obs_dim),
    }
    stats = trainer.train_from_torch(batch)
loss = torch.tensor(stats["policy_loss"])
