"""imitation: discriminator logits passed to Bernoulli as probabilities in compute_train_stats.

Source: https://github.com/HumanCompatibleAI/imitation/pull/273
Fix (from the PR): Bernoulli(logits=disc_logits_gen_is_high).
"""
from collections import OrderedDict
from typing import Dict

import torch as th
import torch.nn as nn
import torch.nn.functional as F


def compute_train_stats(
    disc_logits_gen_is_high: th.Tensor,
    labels_gen_is_one: th.Tensor,
    disc_loss: th.Tensor,
) -> Dict[str, float]:
    """Train statistics for GAIL/AIRL discriminator, or other binary classifiers.

    Args:
        disc_logits_gen_is_high: discriminator logits produced by
            `DiscrimNet.logits_gen_is_high`.
        labels_gen_is_one: integer labels describing whether logit was for an
            expert (0) or generator (1) sample.
        disc_loss: final discriminator loss.

    Returns:
        stats: dictionary mapping statistic names for float values."""
    with th.no_grad():
        bin_is_generated_pred = disc_logits_gen_is_high > 0
        bin_is_generated_true = labels_gen_is_one > 0
        bin_is_expert_true = th.logical_not(bin_is_generated_true)
        int_is_generated_true = bin_is_generated_true.long()
        n_generated = float(th.sum(int_is_generated_true))
        n_labels = float(len(labels_gen_is_one))
        n_expert = n_labels - n_generated
        correct_vec = th.eq(bin_is_generated_pred, bin_is_generated_true)
        acc = th.mean(correct_vec.float())

        _n_pred_expert = th.sum(th.logical_and(bin_is_expert_true, correct_vec))
        if n_expert < 1:
            expert_acc = float("NaN")
        else:
            expert_acc = _n_pred_expert / float(n_expert)

        _n_pred_gen = th.sum(th.logical_and(bin_is_generated_true, correct_vec))
        _n_gen_or_1 = max(1, n_generated)
        generated_acc = _n_pred_gen / float(_n_gen_or_1)

        label_dist = th.distributions.Bernoulli(logits=disc_logits_gen_is_high)
        entropy = th.mean(label_dist.entropy())

    pairs = [
        ("disc_loss", float(th.mean(disc_loss))),
        ("disc_acc", float(acc)),
        ("disc_acc_expert", float(expert_acc)),
        ("disc_acc_gen", float(generated_acc)),
        # entropy of the predicted label distribution, averaged equally across
        # both classes (if this drops then disc is very good or has given up)
        ("disc_entropy", float(entropy)),
    ]
    return OrderedDict(pairs)


class DiscrimNetGAIL(nn.Module):
    """The discriminator to use for GAIL."""

    def __init__(self, obs_dim, act_dim, hid_size=32):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(obs_dim + act_dim, hid_size), nn.Tanh(),
            nn.Linear(hid_size, hid_size), nn.Tanh(),
            nn.Linear(hid_size, 1))

    def logits_gen_is_high(self, state, action):
        """Compute the discriminator's logits for each state-action sample.

        A high value corresponds to predicting generator, and a low value
        corresponds to predicting expert.
        """
        return self.net(th.cat([state, action], dim=-1)).squeeze(-1)

    def disc_loss(self, disc_logits_gen_is_high, labels_gen_is_one):
        return F.binary_cross_entropy_with_logits(disc_logits_gen_is_high, labels_gen_is_one.float())


class AdversarialTrainer:
    def __init__(self, discrim, disc_lr=1e-3):
        self.discrim = discrim
        self._disc_opt = th.optim.Adam(self.discrim.parameters(), lr=disc_lr)

    def _make_disc_train_batch(self, expert_samples, gen_samples):
        obs = th.cat([expert_samples["obs"], gen_samples["obs"]])
        acts = th.cat([expert_samples["acts"], gen_samples["acts"]])
        labels_gen_is_one = th.cat([th.zeros(len(expert_samples["obs"]), dtype=th.long),
                                    th.ones(len(gen_samples["obs"]), dtype=th.long)])
        return obs, acts, labels_gen_is_one

    def train_disc(self, expert_samples, gen_samples):
        """Perform a single discriminator update and return training stats."""
        obs, acts, labels_gen_is_one = self._make_disc_train_batch(expert_samples, gen_samples)
        disc_logits = self.discrim.logits_gen_is_high(obs, acts)
        loss = self.discrim.disc_loss(disc_logits, labels_gen_is_one)

        self._disc_opt.zero_grad()
        loss.backward()
        self._disc_opt.step()

        train_stats = compute_train_stats(disc_logits.detach(), labels_gen_is_one, loss.detach())
        return train_stats

th.manual_seed(0)
obs_dim, act_dim = 4, 2
discrim = DiscrimNetGAIL(obs_dim, act_dim)
trainer = AdversarialTrainer(discrim, disc_lr=1e-3)

expert_samples = {"obs": th.randn(32, obs_dim), "acts": th.randn(32, act_dim)}
gen_samples = {"obs": th.randn(32, obs_dim) + 1.0, "acts": th.randn(32, act_dim)}

train_stats = trainer.train_disc(expert_samples, gen_samples)
disc_loss = train_stats["disc_loss"]
disc_entropy = train_stats["disc_entropy"]
