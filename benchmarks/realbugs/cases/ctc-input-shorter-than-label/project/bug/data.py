import torch

CHARACTERS = "-0123456789"
N_LEN = 4


def make_batch(batch_size, height=32, width=32, seed=0):
    g = torch.Generator().manual_seed(seed)
    images = torch.rand(batch_size, 3, height, width, generator=g)
    labels = torch.tensor([[1, 1, 2, 2], [3, 4, 5, 6]][:batch_size])
    label_lengths = torch.full((batch_size,), N_LEN, dtype=torch.long)
    return images, labels, label_lengths
