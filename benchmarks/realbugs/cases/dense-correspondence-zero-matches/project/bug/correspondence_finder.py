import torch


def sample_matches(mask_a, num_samples, generator=None):
    candidates = torch.nonzero(mask_a.flatten()).squeeze(1)
    if candidates.numel() == 0:
        print("warning, empty mask a")
        return torch.tensor([], dtype=torch.long), torch.tensor([], dtype=torch.long)
    idx = candidates[torch.randint(0, candidates.numel(), (num_samples,), generator=generator)]
    return idx, idx.clone()
