from .adasmooth import AdaSmooth

__all__ = ['AdaSmooth']
