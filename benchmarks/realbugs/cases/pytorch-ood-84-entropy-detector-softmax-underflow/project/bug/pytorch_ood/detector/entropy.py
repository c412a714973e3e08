from typing import Optional, TypeVar

from torch import Tensor
from torch.nn import Module

from ..api import Detector, ModelNotSetException

Self = TypeVar("Self")


class Entropy(Detector):
    """
    Implements Entropy-based OOD detection.

    This methods calculates the entropy based on the logits of a classifier.
    Higher entropy means more uniformly distributed posteriors, indicating larger uncertainty.
    """

    def fit(self: Self, *args, **kwargs) -> Self:
        """
        Not required.
        """
        return self

    def __init__(self, model: Module):
        """
        :param model: the model :math:`f`
        """
        super(Entropy, self).__init__()
        self.model = model

    def predict(self, x: Tensor) -> Tensor:
        """
        Calculate entropy for inputs

        :param x: input tensor, will be passed through model

        :return: Entropy score
        """
        if self.model is None:
            raise ModelNotSetException

        return self.score(self.model(x))

    def predict_features(self, logits: Tensor) -> Tensor:
        """
        :param logits: logits given by your model
        """
        return self.score(logits)

    @staticmethod
    def score(logits: Tensor) -> Tensor:
        """
        :param logits: logits of input
        """
        p = logits.softmax(dim=1)
        return -(p.log() * p).sum(dim=1)
