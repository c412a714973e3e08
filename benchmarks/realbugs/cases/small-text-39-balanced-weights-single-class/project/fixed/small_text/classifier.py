import torch
import torch.nn as nn
from torch.nn.modules import BCEWithLogitsLoss, CrossEntropyLoss

from small_text.data import get_class_weights


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
