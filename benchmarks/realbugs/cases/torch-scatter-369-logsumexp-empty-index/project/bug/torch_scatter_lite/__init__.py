from .logsumexp import scatter_logsumexp

__all__ = ['scatter_logsumexp']
