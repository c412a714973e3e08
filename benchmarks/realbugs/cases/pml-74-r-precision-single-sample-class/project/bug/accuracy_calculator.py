import torch


def get_label_counts(reference_labels):
    unique_labels, label_counts = torch.unique(reference_labels, return_counts=True)
    return {k: v for k, v in zip(unique_labels.tolist(), label_counts.tolist())}


def get_relevance_mask(shape, gt_labels, embeddings_come_from_same_source, label_counts):
    relevance_mask = torch.zeros(shape, dtype=torch.bool)
    for k, v in label_counts.items():
        matching_rows = torch.where(gt_labels == k)[0]
        max_column = v - 1 if embeddings_come_from_same_source else v
        relevance_mask[matching_rows, :max_column] = True
    return relevance_mask


def r_precision(knn_labels, gt_labels, embeddings_come_from_same_source, label_counts):
    relevance_mask = get_relevance_mask(knn_labels.shape, gt_labels, embeddings_come_from_same_source, label_counts)
    same_label = knn_labels == gt_labels[:, None]
    matches_per_row = (same_label & relevance_mask).sum(dim=1).float()
    max_possible_matches_per_row = relevance_mask.sum(dim=1).float()
    return torch.mean(matches_per_row / max_possible_matches_per_row).item()


class AccuracyCalculator:
    def __init__(self, k):
        self.k = k

    def get_accuracy(self, query, query_labels):
        dist = torch.cdist(query, query)
        dist.fill_diagonal_(float("inf"))
        knn_indices = dist.topk(self.k, largest=False).indices
        knn_labels = query_labels[knn_indices]
        label_counts = get_label_counts(query_labels)
        return {"r_precision": r_precision(knn_labels, query_labels, True, label_counts)}
