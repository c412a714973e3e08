import torch

torch.manual_seed(0)


def calculate_stability_score(masks, mask_threshold, threshold_offset):
    intersections = (masks > (mask_threshold + threshold_offset)).sum(-1, dtype=torch.int16).sum(-1, dtype=torch.int32)
    unions = (masks > (mask_threshold - threshold_offset)).sum(-1, dtype=torch.int16).sum(-1, dtype=torch.int32)
    return intersections / unions.clamp(min=1)


mask_logits = torch.randn(3, 16, 16) * 4
mask_logits[2] = -8.0
stability_score = calculate_stability_score(mask_logits, 0.0, 1.0)
keep = stability_score >= 0.95
print(stability_score, keep)
