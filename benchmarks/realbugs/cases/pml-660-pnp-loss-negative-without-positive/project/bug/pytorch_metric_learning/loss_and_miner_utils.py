import torch


def get_all_pairs_indices(labels, ref_labels=None):
    if ref_labels is None:
        ref_labels = labels
    matches = (labels.unsqueeze(1) == ref_labels.unsqueeze(0)).byte()
    diffs = matches ^ 1
    if ref_labels is labels:
        matches.fill_diagonal_(0)
    a1_idx, p_idx = torch.where(matches)
    a2_idx, n_idx = torch.where(diffs)
    return a1_idx, p_idx, a2_idx, n_idx
