from .nero import Nero

__all__ = ['Nero']
