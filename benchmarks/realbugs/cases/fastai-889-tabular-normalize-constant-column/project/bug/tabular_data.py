import numpy as np
import torch
from torch.utils.data import Dataset


class TabularDataset(Dataset):
    "Class for tabular data."

    def __init__(self, df, dep_var, cat_names=None, cont_names=None, stats=None):
        self.y = torch.from_numpy(np.asarray(df[dep_var]).astype("int64"))
        self.cats = np.stack([np.asarray(df[n]).astype("int64") for n in cat_names], 1) if cat_names else None
        if cont_names:
            self.conts = np.stack([np.asarray(df[n]).astype("float32") for n in cont_names], 1)
            means, stds = stats if stats is not None else (self.conts.mean(0), self.conts.std(0))
            self.conts = (self.conts - means[None]) / stds[None]
            self.stats = means, stds

    def __len__(self):
        return len(self.y)

    def __getitem__(self, idx):
        return (torch.from_numpy(self.cats[idx]), torch.from_numpy(self.conts[idx])), self.y[idx]
