import torch
from torch.utils.data import Dataset


class GriddedWeatherDataset(Dataset):
    """Toy ERA5-like samples: (state_t, state_t+1) on a lat/lon grid.

    Channel 1 is sea surface temperature, undefined (NaN) over land.
    """

    def __init__(self, n_samples=4, n_lat=8, n_lon=8, interpolate_nans=False, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.states = torch.randn(n_samples + 1, 2, n_lat, n_lon, generator=g)
        land = torch.zeros(n_lat, n_lon, dtype=torch.bool)
        land[:3, :3] = True
        self.states[:, 1][:, land] = float("nan")
        self.interpolate_nans = interpolate_nans

    def __len__(self):
        return len(self.states) - 1

    def __getitem__(self, i):
        x, y = self.states[i], self.states[i + 1]
        if self.interpolate_nans:
            x = torch.nan_to_num(x)
            y = torch.nan_to_num(y)
        return torch.nan_to_num(x), y
