import torch
from torch.utils.data import DataLoader, Dataset


class TabularDataset(Dataset):
    def __init__(self, n, n_features, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.x = torch.randn(n, n_features, generator=g)
        self.y = (self.x.sum(dim=1) > 0).long()

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


def make_loader(cfg):
    ds = TabularDataset(cfg["n_samples"], cfg["n_features"])
    return DataLoader(ds, batch_size=cfg["batch_size"], shuffle=True)
