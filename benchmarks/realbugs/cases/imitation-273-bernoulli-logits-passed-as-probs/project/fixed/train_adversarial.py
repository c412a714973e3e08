import torch as th

from imitation.algorithms.adversarial import AdversarialTrainer
from imitation.rewards.discrim_net import DiscrimNetGAIL

th.manual_seed(0)
obs_dim, act_dim = 4, 2
discrim = DiscrimNetGAIL(obs_dim, act_dim)
trainer = AdversarialTrainer(discrim, disc_lr=1e-3)

expert_samples = {"obs": th.randn(32, obs_dim), "acts": th.randn(32, act_dim)}
gen_samples = {"obs": th.randn(32, obs_dim) + 1.0, "acts": th.randn(32, act_dim)}

train_stats = trainer.train_disc(expert_samples, gen_samples)
disc_loss = train_stats["disc_loss"]
disc_entropy = train_stats["disc_entropy"]
