import torch


class MDPDatastore:
    """Holds the gridded state fields of a forecast domain."""

    state_feature_names = ["t2m", "msl", "precip_rate"]

    def __init__(self, n_times=48, n_grid=64, seed=0):
        g = torch.Generator().manual_seed(seed)
        t2m = 280 + 3 * torch.randn(n_times, n_grid, generator=g)
        msl = 1010 + 4 * torch.randn(n_times, n_grid, generator=g)
        precip = torch.zeros(n_times, n_grid)
        self.state = torch.stack([t2m, msl, precip], dim=-1)

    def get_dataarray(self, split):
        n = self.state.shape[0]
        return self.state[: int(0.75 * n)] if split == "train" else self.state[int(0.75 * n):]

    def get_standardization_dataarray(self):
        train = self.get_dataarray("train")
        return {"state_mean": train.mean(dim=(0, 1)), "state_std": train.std(dim=(0, 1))}
