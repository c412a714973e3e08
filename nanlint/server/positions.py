"""Character offsets and nanlint's spans as LSP positions.

An LSP position is a 0-based line and a column counted in the code units of the encoding agreed
at initialisation (UTF-16 unless the client offers another); lines end at \\n, \\r\\n or \\r only,
as Python numbers them (pygls's own line split also breaks at form feeds, so it is not used).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Callable, Dict

from lsprotocol import types

from nanlint.types import Span
from nanlint.inputs.source import line_starts

UNITS: Dict[str, Callable[[str], int]] = {
    types.PositionEncodingKind.Utf8: lambda text: len(text.encode("utf-8", "surrogatepass")),
    types.PositionEncodingKind.Utf16: lambda text: len(text.encode("utf-16-le", "surrogatepass")) // 2,
    types.PositionEncodingKind.Utf32: len,
}


class LineIndex:
    """Positions in one text, in one position encoding."""

    def __init__(self, text: str, encoding: str = types.PositionEncodingKind.Utf16) -> None:
        self.text = text
        self.starts = line_starts(text)
        self.units = UNITS.get(encoding, UNITS[types.PositionEncodingKind.Utf16])

    def position(self, offset: int) -> types.Position:
        offset = max(0, min(offset, len(self.text)))
        line = bisect_right(self.starts, offset) - 1
        return types.Position(line=line, character=self.units(self.text[self.starts[line] : offset]))

    def range(self, start: int, end: int) -> types.Range:
        return types.Range(start=self.position(start), end=self.position(end))

    def offset_of(self, line: int, column: int) -> int:
        """The offset of a 1-based line and character column (a Span's), kept inside the text."""
        line = max(1, min(line, len(self.starts)))
        return min(self.starts[line - 1] + max(column, 1) - 1, len(self.text))

    def span_range(self, span: Span) -> types.Range:
        return self.range(self.offset_of(span.line, span.column), self.offset_of(span.end_line, span.end_column))
