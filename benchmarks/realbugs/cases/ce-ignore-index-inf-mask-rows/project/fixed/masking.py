import torch

IGNORE_INDEX = -1


def build_vocab_mask(allowed, targets, vocab_size):
    """Additive mask over the vocabulary.

    allowed: (seq_len, k) token ids allowed at each position.
    Positions whose target is IGNORE_INDEX are not scored, so everything is masked there.
    """
    seq_len = targets.shape[0]
    mask = torch.full((seq_len, vocab_size), float("-inf"))
    for t in range(seq_len):
        if targets[t] != IGNORE_INDEX:
            mask[t, allowed[t]] = 0.0
        else:
            mask[t] = 0.0
    return mask
