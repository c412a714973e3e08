"""nanlint: find NaN/Inf-prone PyTorch code, statically and at run time.

PYTEST_DONT_REWRITE: nanlint holds no assertion helpers for tests. Under `nanlint verify --run pytest` the
bootstrap has imported nanlint before pytest loads its plugin, and this mark tells pytest not to try.
"""

from nanlint.version import __version__

__all__ = ["__version__", "watch"]


def __getattr__(name):
    # `watch` needs torch; importing nanlint must not (the static check runs where torch is absent).
    if name == "watch":
        from nanlint.runtime.watch import watch

        return watch
    raise AttributeError("module 'nanlint' has no attribute %r" % name)
