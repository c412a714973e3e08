"""Where the nodes of one parsed file are: lines, spans, offsets, the code they spell, their parents.

Positions come from one libcst position pass over the whole file, made the first time a position is
needed (files with no finding never pay for it); parents from one walk, made the first time a rule
asks what holds a node. Synthetic nodes the walk makes (`x += y` read as `x + y`) stand for the
node of the file in `made_from`.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

import libcst as cst

from nanlint.analysis.syntax import children, code_of, walk
from nanlint.types import Span
from nanlint.inputs.source import line_starts


class Positions:
    def __init__(self, text: str, module: Optional[cst.Module]) -> None:
        self.text = text
        self.module = module
        self.made_from: Dict[int, cst.CSTNode] = {}  # a synthetic node -> the node of the file it stands for
        self._line_starts: Optional[List[int]] = None
        self._ranges = None
        self._parents: Optional[Dict[int, cst.CSTNode]] = None

    @property
    def line_starts(self) -> List[int]:
        if self._line_starts is None:
            self._line_starts = line_starts(self.text)
        return self._line_starts

    def position(self, node: cst.CSTNode):
        """libcst's code range of `node` (without its own parentheses)."""
        if self._ranges is None:
            from libcst.metadata import MetadataWrapper, PositionProvider

            self._ranges = MetadataWrapper(self.module, unsafe_skip_copy=True).resolve(PositionProvider)
        return self._ranges[self.file_node(node)]

    def file_node(self, node: cst.CSTNode) -> cst.CSTNode:
        """The node of the file `node` stands for (itself, unless the walk made it)."""
        while id(node) in self.made_from:
            node = self.made_from[id(node)]
        return node

    def line(self, node: cst.CSTNode) -> int:
        return self.position(node).start.line

    def span(self, node: cst.CSTNode) -> Span:
        where = self.position(node)
        return Span(where.start.line, where.start.column + 1, where.end.line, where.end.column + 1)

    def offsets(self, node: cst.CSTNode) -> Tuple[int, int]:
        where = self.position(node)
        starts = self.line_starts
        return starts[where.start.line - 1] + where.start.column, starts[where.end.line - 1] + where.end.column

    @staticmethod
    def source(node: cst.CSTNode) -> str:
        """The code of `node` without the parentheses around it (what the user wrote inside them)."""
        if getattr(node, "lpar", None):
            node = node.with_changes(lpar=(), rpar=())
        return code_of(node)

    def parents(self) -> Dict[int, cst.CSTNode]:
        """id(node) -> the node holding it, for the code nodes of the file."""
        if self._parents is None:
            self._parents = {}
            for node in walk(self.module):
                for child in children(node):
                    self._parents[id(child)] = node
        return self._parents
