import torch as th

from imitation.rewards.common import compute_train_stats


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
