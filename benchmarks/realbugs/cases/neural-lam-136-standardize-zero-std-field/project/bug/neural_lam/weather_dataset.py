import torch
from torch.utils.data import Dataset


class WeatherDataset(Dataset):
    def __init__(self, datastore, split="train", ar_steps=1, standardize=True):
        self.da_state = datastore.get_dataarray(split)
        self.ar_steps = ar_steps
        self.standardize = standardize
        if standardize:
            stats = datastore.get_standardization_dataarray()
            self.da_state_mean = stats["state_mean"]
            self.da_state_std = stats["state_std"]

    def __len__(self):
        return self.da_state.shape[0] - self.ar_steps

    def __getitem__(self, idx):
        da_state = self.da_state[idx: idx + self.ar_steps + 1]
        if self.standardize:
            da_state = (da_state - self.da_state_mean) / self.da_state_std
        return da_state[0], da_state[1:]
