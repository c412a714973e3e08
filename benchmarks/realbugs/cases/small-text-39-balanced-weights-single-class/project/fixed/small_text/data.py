import numpy as np
import torch


def _get_class_histogram(y, num_classes, normalize=True):
    if y.ndim == 2:  # multi-label indicator matrix
        histogram = y.sum(axis=0).astype(float)
        if normalize:
            return histogram / histogram.sum()
        return histogram.astype(int)

    ind, counts = np.unique(y, return_counts=True)
    ind = set(ind)

    histogram = np.zeros(num_classes)
    for i, c in enumerate(range(num_classes)):
        if c in ind:
            counts_index = np.where(np.unique(y) == c)[0][0]
            histogram[i] = counts[counts_index]

    if normalize:
        return histogram / histogram.sum()
    return histogram.astype(int)


def get_class_weights(y, num_classes, eps=1e-8):
    """Computes class weights inversely proportional to their observed occurence. The most frequent
    class receives a weight of `1.0` and the other classes receive a weight greater than that.
    """
    label_counter = _get_class_histogram(y, num_classes, normalize=False)
    class_weights = torch.ones(num_classes, dtype=torch.float)
    num_samples = label_counter.sum()
    for c in range(num_classes):
        class_weights[c] = (num_samples - label_counter[c]) / max(label_counter[c], 1)

    if num_classes == 2:
        class_weights[class_weights.argmin()] = 1.0
    else:
        class_weights /= max(class_weights.min(), 1)

    return class_weights
