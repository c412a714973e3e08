import torch


class GridEnv:
    """Toy multi-actor environment that reports which actions each actor may take."""

    n_actions = 4

    def __init__(self, n_actors=3, seed=0):
        self.g = torch.Generator().manual_seed(seed)
        self.n_actors = n_actors

    def observe(self):
        obs = torch.randn(self.n_actors, 6, generator=self.g)
        mask = torch.ones(self.n_actors, self.n_actions, dtype=torch.long)
        mask[0, 2] = 0
        mask[1] = 0  # actor 1 is stunned: no legal action this step
        mask[2, 1:] = 0
        return obs, mask
