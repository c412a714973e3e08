import torch

from whiten import compute_whitening_stats, whiten


class WhitenedPatches(torch.utils.data.Dataset):
    def __init__(self, images, patch_size=4, algorithm="zca", n_components=None, epsilon=0.0):
        p = patch_size
        patches = images.unfold(1, p, p).unfold(2, p, p).reshape(-1, p * p)
        self.stats = compute_whitening_stats(patches, n_components=n_components)
        self.patches = whiten(patches, algorithm=algorithm, stats=self.stats, epsilon=epsilon)

    def __len__(self):
        return self.patches.size(0)

    def __getitem__(self, idx):
        return self.patches[idx]
