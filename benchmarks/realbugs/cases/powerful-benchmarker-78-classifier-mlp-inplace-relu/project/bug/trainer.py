"""TrainWithClassifier: a metric loss on the embeddings plus a classifier loss on top of them."""
import torch


class TrainWithClassifier:
    def __init__(self, models, optimizers, loss_funcs, loss_weights):
        self.models, self.optimizers = models, optimizers
        self.loss_funcs, self.loss_weights = loss_funcs, loss_weights
        self.losses = {}

    def compute_embeddings(self, data):
        trunk_output = self.models["trunk"](data)
        return self.models["embedder"](trunk_output)

    def calculate_loss(self, data, labels):
        embeddings = self.compute_embeddings(data)
        self.losses["metric_loss"] = self.loss_funcs["metric_loss"](embeddings, labels)
        logits = self.models["classifier"](embeddings)
        self.losses["classifier_loss"] = self.loss_funcs["classifier_loss"](logits, labels)

    def train_step(self, data, labels):
        for opt in self.optimizers.values():
            opt.zero_grad()
        self.calculate_loss(data, labels)
        total = sum(self.loss_weights[k] * v for k, v in self.losses.items())
        total.backward()
        for opt in self.optimizers.values():
            opt.step()
        return total.detach()
