"""Trainer: one optimisation step per batch, delegated to the loss object."""
from collections import defaultdict


class Trainer:
    def __init__(self, model, optimizer, loss_f):
        self.model = model
        self.optimizer = optimizer
        self.loss_f = loss_f

    def __call__(self, data_loader, epochs=1):
        self.model.train()
        storer = defaultdict(list)
        for _ in range(epochs):
            for data in data_loader:
                self.loss_f.call_optimize(data, self.model, self.optimizer, storer)
        return storer
