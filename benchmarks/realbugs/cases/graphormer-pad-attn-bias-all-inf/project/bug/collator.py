import torch


def pad_attn_bias_unsqueeze(x, padlen):
    xlen = x.size(0)
    if xlen < padlen:
        new_x = x.new_zeros([padlen, padlen], dtype=x.dtype).fill_(float("-inf"))
        new_x[:xlen, :xlen] = x
        x = new_x
    return x.unsqueeze(0)


def pad_2d_unsqueeze(x, padlen):
    xlen, dim = x.size()
    if xlen < padlen:
        new_x = x.new_zeros([padlen, dim], dtype=x.dtype)
        new_x[:xlen] = x
        x = new_x
    return x.unsqueeze(0)


def collator(items):
    max_nodes = max(i["x"].size(0) for i in items)
    x = torch.cat([pad_2d_unsqueeze(i["x"], max_nodes) for i in items])
    attn_bias = torch.cat([pad_attn_bias_unsqueeze(i["attn_bias"], max_nodes) for i in items])
    y = torch.stack([i["y"] for i in items])
    return x, attn_bias, y
