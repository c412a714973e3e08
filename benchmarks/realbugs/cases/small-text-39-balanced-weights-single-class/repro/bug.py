import numpy as np
import torch
import torch.nn as nn
from torch.nn.modules import BCEWithLogitsLoss, CrossEntropyLoss


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
        class_weights[c] = (num_samples - label_counter[c]) / (label_counter[c] + eps)

    if num_classes == 2:
        class_weights[class_weights.argmin()] = 1.0
    else:
        class_weights /= class_weights.min()

    return class_weights


class KimCNNClassifier:
    def __init__(self, num_classes, vocab_size=100, embed_dim=16, class_weight=None, lr=1e-3, multi_label=False):
        self.num_classes = num_classes
        self.class_weight = class_weight
        self.multi_label = multi_label
        self.lr = lr
        self.model = nn.Sequential(nn.EmbeddingBag(vocab_size, embed_dim), nn.Linear(embed_dim, num_classes))

    def initialize_class_weights(self, y):
        if self.class_weight == 'balanced':
            class_weights_ = get_class_weights(y, self.num_classes)
        elif self.class_weight is None:
            class_weights_ = None
        else:
            raise ValueError(f'Invalid value for class_weight kwarg: {self.class_weight}')
        return class_weights_

    def get_default_criterion(self):
        if self.multi_label or self.num_classes == 2:
            return BCEWithLogitsLoss(pos_weight=self.class_weights_)
        else:
            return CrossEntropyLoss(weight=self.class_weights_)

    def fit(self, x, y):
        self.class_weights_ = self.initialize_class_weights(y.numpy())
        criterion = self.get_default_criterion()
        optimizer = torch.optim.Adam(self.model.parameters(), lr=self.lr)
        self.model.train()
        optimizer.zero_grad()
        output = self.model(x)
        loss = criterion(output, y.float() if self.multi_label else y)
        loss.backward()
        optimizer.step()
        self.last_loss_ = loss.detach()
        return self

torch.manual_seed(0)
rng = np.random.default_rng(0)

num_classes = 4
pool_x = torch.randint(0, 100, (200, 12))
pool_y = torch.from_numpy((rng.random((200, num_classes)) < 0.3).astype(np.int64))

# initial labeled set drawn for the first active-learning round: every sample carries only label 2
only_label_2 = (pool_y[:, 2] == 1) & (pool_y.sum(dim=1) == 1)
indices_labeled = np.where(only_label_2.numpy())[0][:10]

clf = KimCNNClassifier(num_classes, class_weight='balanced', multi_label=True)
clf.fit(pool_x[indices_labeled], pool_y[indices_labeled])
loss = clf.last_loss_
class_weights = clf.class_weights_
