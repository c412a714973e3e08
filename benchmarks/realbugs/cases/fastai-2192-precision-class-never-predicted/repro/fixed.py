import torch
import torch.nn as nn

torch.manual_seed(0)


class ConfusionMatrix:
    def __init__(self, n_classes):
        self.n_classes = n_classes
        self.x = torch.arange(0, n_classes)
        self.cm = torch.zeros(n_classes, n_classes)

    def on_batch_end(self, last_output, last_target):
        preds = last_output.argmax(-1).view(-1)
        targs = last_target.view(-1)
        cm = ((preds == self.x[:, None]) & (targs == self.x[:, None, None])).sum(dim=2, dtype=torch.float32)
        self.cm += cm


def precision(cm, average="macro"):
    prec = torch.diag(cm) / (cm.sum(dim=0) + 1e-9)
    weights = torch.ones(cm.shape[0]) / cm.shape[0]
    return (prec * weights).sum()


model = nn.Linear(4, 3)
with torch.no_grad():
    model.bias.copy_(torch.tensor([5.0, 5.0, -20.0]))
xb = torch.randn(16, 4)
yb = torch.randint(0, 3, (16,))
metric = ConfusionMatrix(3)
with torch.no_grad():
    metric.on_batch_end(model(xb), yb)
score = precision(metric.cm)
