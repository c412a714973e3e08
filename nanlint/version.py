"""nanlint's version, for the package metadata (pyproject.toml) and every place that reports it."""

__version__ = "0.1.0"
