import torch


class ConfusionMatrix:
    "Computes the confusion matrix."

    def __init__(self, n_classes=0):
        self.n_classes = n_classes

    def on_epoch_begin(self):
        self.cm = None

    def on_batch_end(self, last_output, last_target):
        preds = last_output.argmax(-1).view(-1).cpu()
        targs = last_target.view(-1).cpu()
        if self.n_classes == 0:
            self.n_classes = last_output.shape[-1]
        self.x = torch.arange(0, self.n_classes)
        cm = ((preds == self.x[:, None]) & (targs == self.x[:, None, None])).sum(dim=2, dtype=torch.float32)
        if self.cm is None:
            self.cm = cm
        else:
            self.cm += cm

    def on_epoch_end(self):
        self.metric = self.cm


class CMScores(ConfusionMatrix):
    "Base class for metrics which rely on the calculation of the precision and/or recall score."

    def __init__(self, average="macro", pos_label=1):
        super().__init__()
        self.average, self.pos_label = average, pos_label

    def _precision(self):
        prec = torch.diag(self.cm) / (self.cm.sum(dim=0) + 1e-9)
        if self.average is None:
            return prec
        weights = self._weights(avg=self.average)
        return (prec * weights).sum()

    def _recall(self):
        rec = torch.diag(self.cm) / (self.cm.sum(dim=1) + 1e-9)
        if self.average is None:
            return rec
        weights = self._weights(avg=self.average)
        return (rec * weights).sum()

    def _weights(self, avg):
        if avg == "macro":
            return torch.ones((self.n_classes,)) / self.n_classes
        if avg == "weighted":
            return self.cm.sum(dim=1) / self.cm.sum()


class Precision(CMScores):
    def on_epoch_end(self):
        self.metric = self._precision()
