import torch

torch.manual_seed(0)


def get_label_counts(labels):
    unique, counts = torch.unique(labels, return_counts=True)
    return dict(zip(unique.tolist(), counts.tolist()))


def get_relevance_mask(shape, gt_labels, label_counts):
    relevance_mask = torch.zeros(shape, dtype=torch.bool)
    for k, v in label_counts.items():
        matching_rows = torch.where(gt_labels == k)[0]
        relevance_mask[matching_rows, : v - 1] = True
    return relevance_mask


def r_precision(knn_labels, gt_labels, label_counts):
    relevance_mask = get_relevance_mask(knn_labels.shape, gt_labels, label_counts)
    matches_per_row = ((knn_labels == gt_labels[:, None]) & relevance_mask).sum(dim=1).float()
    max_possible_matches_per_row = relevance_mask.sum(dim=1).float()
    not_lone = max_possible_matches_per_row > 0
    return torch.mean(matches_per_row[not_lone] / max_possible_matches_per_row[not_lone])


embeddings = torch.randn(7, 8)
labels = torch.tensor([0, 0, 0, 1, 1, 1, 2])
dist = torch.cdist(embeddings, embeddings)
dist.fill_diagonal_(float("inf"))
knn_idx = dist.topk(3, largest=False).indices
knn_labels = labels[knn_idx]
score = r_precision(knn_labels, labels, get_label_counts(labels))
