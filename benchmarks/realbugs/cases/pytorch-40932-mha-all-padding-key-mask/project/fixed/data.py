import torch


def collate(sequences, max_seq_length):
    batch = len(sequences)
    src = torch.zeros(max_seq_length, batch, sequences[0].shape[-1])
    lengths = torch.tensor([len(s) for s in sequences])
    for b, seq in enumerate(sequences):
        src[: len(seq), b] = seq
    src_key_padding_mask = torch.arange(max_seq_length)[None, :] >= lengths[:, None]
    return src, src_key_padding_mask
