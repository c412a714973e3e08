from .lab import rgb_to_lab

__all__ = ['rgb_to_lab']
