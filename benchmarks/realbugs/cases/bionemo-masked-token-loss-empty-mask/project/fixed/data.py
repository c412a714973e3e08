import torch


def mlm_microbatch(batch_size, seq_len, vocab, mask_prob, generator):
    tokens = torch.randint(4, vocab, (batch_size, seq_len), generator=generator)
    labels = tokens.clone()
    loss_mask = torch.rand(batch_size, seq_len, generator=generator) < mask_prob
    masked = tokens.masked_fill(loss_mask, 32)
    return masked, labels, loss_mask
