import torch


class Loss:
    """A loss function for use in training models."""

    def _create_pytorch_loss(self):
        raise NotImplementedError("Subclasses must implement this")


class PoissonLoss(Loss):
    """The Poisson loss function is defined as the mean of the elements of
    y_pred - (y_true * log(y_pred) for an input of (y_true, y_pred).
    Poisson loss is generally used for regression tasks where the data
    follows the poisson distribution."""

    def _create_pytorch_loss(self):

        def loss(output, labels):
            output, labels = _make_pytorch_shapes_consistent(output, labels)
            loss = output - labels * torch.log(output)
            return torch.mean(loss)

        return loss


def _make_pytorch_shapes_consistent(output, labels):
    if len(output.shape) == len(labels.shape) + 1 and output.shape[-1] == 1:
        output = output.squeeze(-1)
    return output, labels
