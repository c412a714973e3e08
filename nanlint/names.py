"""Resolve dotted names to qualified names from a file's own imports.

A light alternative to libcst's QualifiedNameProvider, whose scope analysis costs about 90% of a
linter's run time: every import statement of the file binds an alias in one table as the walk
meets it. `import torch as T; T.log(x)`, `from torch import log` and
`import torch.nn.functional as F` all resolve. Rebinding an imported name to something else is not
tracked: in real code it is rare, and the rules that use this table also look at the call's shape.
"""

from __future__ import annotations

import ast
from typing import Dict, Optional

TORCH_ROOT = "torch"


def dotted_name(node: ast.AST) -> Optional[str]:
    """`a.b.c` for a chain of Name/Attribute nodes, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


class ImportTable:
    """Aliases bound by a file's imports: local name -> qualified name."""

    def __init__(self) -> None:
        self.aliases: Dict[str, str] = {}

    def add(self, node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    self.aliases[alias.asname] = alias.name
                else:
                    root = alias.name.split(".", 1)[0]
                    self.aliases[root] = root
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            for alias in node.names:
                if alias.name != "*":
                    self.aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"

    def resolve(self, node: ast.AST) -> Optional[str]:
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
                candidate = local + qualified[len(target):]
            else:
                continue
            if best is None or len(candidate) < len(best):
                best = candidate
        return best
