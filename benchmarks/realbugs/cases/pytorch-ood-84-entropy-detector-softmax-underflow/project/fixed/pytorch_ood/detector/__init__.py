from .entropy import Entropy
