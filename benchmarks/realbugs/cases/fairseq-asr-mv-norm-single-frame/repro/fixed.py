# https://github.com/facebookresearch/fairseq/issues/1863 -- fixed as upstream: an utterance with fewer than 2 frames is returned unnormalised.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def apply_mv_norm(features):
    if features.size(0) < 2:
        return features
    mean = features.mean(dim=0)
    stddev = features.std(dim=0)
    features = features - mean
    features = features / stddev
    return features


utterances = [torch.randn(12, 40), torch.randn(1, 40)]   # the second one has a single frame
feats = [apply_mv_norm(u) for u in utterances]
lengths = torch.tensor([f.size(0) for f in feats])
padded = nn.utils.rnn.pad_sequence(feats)                # (T, B, 40)

encoder = nn.Linear(40, 6)
log_probs = F.log_softmax(encoder(padded), dim=-1)
targets = torch.tensor([[1, 2], [3, 0]])
target_lengths = torch.tensor([2, 1])
loss = F.ctc_loss(log_probs, targets, lengths, target_lengths)
loss.backward()
