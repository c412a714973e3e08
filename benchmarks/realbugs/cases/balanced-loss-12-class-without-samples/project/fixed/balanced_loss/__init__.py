from .losses import Loss

__all__ = ["Loss"]
