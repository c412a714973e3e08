"""nanlint: find NaN/Inf-prone PyTorch code, statically and at run time."""

__version__ = "0.1.0"
