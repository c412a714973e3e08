"""Resolve dotted names to qualified names from a file's own imports.

A light alternative to libcst's QualifiedNameProvider, whose scope analysis costs about 90% of a
linter's run time: every import statement of the file binds an alias in one table as the walk
meets it. `import torch as T; T.log(x)`, `from torch import log` and
`import torch.nn.functional as F` all resolve. Rebinding an imported name to something else is not
tracked: in real code it is rare, and the rules that use this table also look at the call's shape.
"""

from __future__ import annotations

import unicodedata
from typing import Dict, Optional

import libcst as cst

TORCH_ROOT = "torch"


def dotted_name(node: cst.CSTNode) -> Optional[str]:
    """`a.b.c` for a chain of Name/Attribute nodes, else None."""
    parts = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if not isinstance(node, cst.Name):
        return None
    parts.append(node.value)
    dotted = ".".join(reversed(parts))
    return dotted if dotted.isascii() else unicodedata.normalize("NFKC", dotted)  # as Python reads identifiers


class ImportTable:
    """Aliases bound by a file's imports: local name -> qualified name."""

    def __init__(self) -> None:
        self.aliases: Dict[str, str] = {}

    def add(self, node: cst.CSTNode) -> None:
        if isinstance(node, cst.Import):
            for alias in node.names:
                name = dotted_name(alias.name)
                if alias.asname is not None:
                    self.aliases[alias.asname.name.value] = name
                else:
                    root = name.split(".", 1)[0]
                    self.aliases[root] = root
        elif isinstance(node, cst.ImportFrom) and not isinstance(node.names, cst.ImportStar):
            dots = "." * len(node.relative)  # `from .losses import focal`: ".losses.focal", for the project's modules
            module = dots + (dotted_name(node.module) if node.module is not None else "")
            for alias in node.names:
                local = alias.asname.name.value if alias.asname is not None else dotted_name(alias.name)
                self.aliases[local] = f"{module}{'' if module.endswith('.') else '.'}{dotted_name(alias.name)}"

    def resolve(self, node: cst.CSTNode) -> Optional[str]:
        """Qualified name of a Name/Attribute chain whose root is an imported alias, else None."""
        dotted = dotted_name(node)
        if dotted is None:
            return None
        root, _, rest = dotted.partition(".")
        target = self.aliases.get(root)
        if target is None:
            return None
        return f"{target}.{rest}" if rest else target

    def alias_for(self, qualified: str) -> Optional[str]:
        """The shortest local spelling of `qualified` through this file's imports, if any."""
        best: Optional[str] = None
        for local, target in self.aliases.items():
            if qualified == target:
                candidate = local
            elif qualified.startswith(target + "."):
                candidate = local + qualified[len(target) :]
            else:
                continue
            if best is None or len(candidate) < len(best):
                best = candidate
        return best
