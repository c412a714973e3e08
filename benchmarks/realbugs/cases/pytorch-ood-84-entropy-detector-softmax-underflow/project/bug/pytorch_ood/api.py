from abc import ABC, abstractmethod

import torch


class ModelNotSetException(ValueError):
    pass


class Detector(ABC):
    """Abstract base class for an outlier detector."""

    def __call__(self, *args, **kwargs):
        return self.predict(*args, **kwargs)

    @abstractmethod
    def fit(self, data_loader, device="cpu"):
        raise NotImplementedError

    @abstractmethod
    def predict(self, x: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError
