"""Where each nn.Module was built, for in-place ops that a library module runs.

`nn.ReLU(inplace=True)` or `nn.Dropout(inplace=True)` changes its input inside torch's own `forward`, so
the user's frame is the line that called the model; the line to fix is the one that built the module
with `inplace=True`. `nn.Module.__init__` is wrapped (only while the monitor is installed) to note the
user's line for every module built; a module built before that has no line and keeps the call line.
"""

from __future__ import annotations

import functools
import sys
from typing import Callable, Optional

import torch
from torch.utils.weak import WeakIdKeyDictionary

from nanlint.runtime.sites import LIBRARY, Site, SiteResolver

__tracebackhide__ = True  # a user's Module.__init__ error passes through the wrapper: pytest leaves it out


class ModuleSites:
    def __init__(self, resolver: SiteResolver):
        self._resolver = resolver
        self._built = WeakIdKeyDictionary()

    def install(self) -> Callable[[], None]:
        """Wrap nn.Module.__init__; returns the undo."""
        original = torch.nn.Module.__init__
        built, resolver = self._built, self._resolver

        @functools.wraps(original)
        def __init__(module, *args, **kwargs):
            original(module, *args, **kwargs)
            try:
                built[module] = resolver.current()
            except TypeError:
                pass

        torch.nn.Module.__init__ = __init__

        def undo() -> None:
            if torch.nn.Module.__init__ is __init__:
                torch.nn.Module.__init__ = original

        return undo

    def modules(self):
        """The modules built since the monitor was installed (still alive)."""
        return self._built.keys()

    def running_library_module(self) -> Optional[Site]:
        """Where the innermost library module running the current op was built, if the op is in its forward.

        None when the op is the user's own code (the first non-library frame comes before any module's
        forward), or when the module was built before the monitor was installed.
        """
        frame = sys._getframe(1)
        while frame is not None:
            code = frame.f_code
            if self._resolver.classify(code.co_filename) != LIBRARY:
                return None
            if code.co_name == "forward" and code.co_argcount and code.co_varnames[0] == "self":
                module = frame.f_locals.get("self")
                site = self._built.get(module) if isinstance(module, torch.nn.Module) else None
                if site is not None:
                    return site
            frame = frame.f_back
        return None
