import torch


NUM_CLASSES = 6


def load_training_labels():
    """Labels of the (small) training split used for a test run; class 4 was never annotated in it."""
    counts = [310, 2489, 114, 17, 0, 725]
    return torch.cat([torch.full((n,), c, dtype=torch.long) for c, n in enumerate(counts)])


def class_counts(labels, num_classes=NUM_CLASSES):
    return torch.bincount(labels, minlength=num_classes).tolist()
