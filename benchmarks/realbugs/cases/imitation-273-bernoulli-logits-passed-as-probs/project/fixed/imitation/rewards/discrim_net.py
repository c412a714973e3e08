import torch as th
import torch.nn as nn
import torch.nn.functional as F


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
