import torch
from torch.nn.utils.rnn import pad_sequence

PAD_VALUE = 0.0                   # padding is kept finite: the padded steps still pass through the layers


def make_series(seed=0):
    g = torch.Generator().manual_seed(seed)
    lengths = [12, 7, 9, 4]
    return [(torch.rand(n, 8, generator=g), torch.rand(n, 1, generator=g)) for n in lengths]


def collate(batch):
    xs = pad_sequence([x for x, _ in batch], batch_first=True, padding_value=PAD_VALUE)
    ys = pad_sequence([y for _, y in batch], batch_first=True, padding_value=0.0)
    lengths = torch.tensor([len(x) for x, _ in batch])
    mask = torch.arange(xs.shape[1])[None, :] < lengths[:, None]
    return xs, ys, mask
