"""Benchmark run: trunk + MLP embedder + MLP classifier, trained on random labelled images."""
import torch
import torch.nn as nn

from architectures.misc_models import MLP, Trunk
from losses import ContrastiveLoss
from trainer import TrainWithClassifier

torch.manual_seed(0)
models = {"trunk": Trunk(16), "embedder": MLP([16, 32, 32]), "classifier": MLP([32, 32, 10])}
optimizers = {name: torch.optim.Adam(m.parameters(), lr=1e-3) for name, m in models.items()}
loss_funcs = {"metric_loss": ContrastiveLoss(), "classifier_loss": nn.CrossEntropyLoss()}
trainer = TrainWithClassifier(models, optimizers, loss_funcs, {"metric_loss": 1.0, "classifier_loss": 0.5})

labels = torch.tensor([0, 0, 1, 1, 2, 2, 3, 3])
for _ in range(2):
    total_loss = trainer.train_step(torch.randn(8, 3, 8, 8), labels)
