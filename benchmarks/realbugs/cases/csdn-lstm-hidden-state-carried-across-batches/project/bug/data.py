import torch


def make_loader(num_batches=3, batch_size=4, seq_len=8, embedding_dim=6):
    g = torch.Generator().manual_seed(1)
    series = torch.randn(num_batches * batch_size, seq_len + 1, embedding_dim, generator=g)
    batches = []
    for i in range(num_batches):
        chunk = series[i * batch_size:(i + 1) * batch_size]
        batches.append((chunk[:, :-1], chunk[:, 1:]))
    return batches
