"""Jupyter notebooks: their code cells as one Python text to check, and fixed code put back.

The code is the notebook's code cells in order, each followed by a newline, as ruff joins them, so
every line of it is a line of one cell. IPython syntax that is not Python, at the start of a
statement, becomes `pass` at the same indentation, which parses and keeps every line in its place:
line magics (`%matplotlib inline`, `%%time`), shell lines (`!pip install x`, `files = !ls`) and help
(`?x`, `x?`). A cell run by a cell magic that is not Python (`%%bash`; `%%time`, `%%capture` and a
few others run Python) is left out, as are cells VS Code marks as another language and every cell
of a notebook whose kernel is not Python.

Writing back replaces, in the file's text, only the `source` value of each cell whose code changed,
in the style it had (a list of lines or one string, its indentation); every other byte stays.
"""

from __future__ import annotations

import bisect
import codecs
import json
import re
from dataclasses import dataclass, replace
from functools import cached_property
from json.decoder import scanstring
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from nanlint.inputs.source import NEWLINE, RewriteError, SourceError, SourceFile, line_starts, lines, read_bytes

PLACEHOLDER = "pass"
# Cell magics whose body is Python run in the notebook's namespace (ruff's list).
PYTHON_CELL_MAGICS = frozenset({"capture", "debug", "ipytest", "prun", "pypy", "python", "python3", "time", "timeit"})
CELL_MAGIC = re.compile(r"\s*%%(\w*)")
LINE_MAGIC = re.compile(r"[ \t]*(?:[%!?]|[\w.]+\?\??[ \t]*$|\w+(?:[ \t]*,[ \t]*\w+)*[ \t]*=[ \t]*[%!])")
INDENT = re.compile(r"[ \t]*")
# What changes whether the next line starts a statement: strings, comments, brackets.
TOKEN = re.compile(
    r"""(?P<triple>\"\"\"|''')|(?P<string>"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')|(?P<comment>\#)|(?P<open>[(\[{])|(?P<close>[)\]}])"""
)
TRIPLE_END = {quote: re.compile(r"(?:\\.|[^\\])*?" + quote) for quote in ('"""', "'''")}
# One character of a JSON string's text: a character, an escape, or a surrogate pair's two escapes.
JSON_CHARACTER = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|\\.|[^\\]", re.S
)
JSON_SPACE = re.compile(r"[ \t\n\r]*")
DECODER = json.JSONDecoder()


@dataclass(frozen=True)
class Magic:
    """A line of IPython syntax, replaced in the code by `placeholder`."""

    offset: int  # of its line in the cell's code
    placeholder: str
    original: str


@dataclass(frozen=True)
class Cell:
    number: int  # 1-based, counting every cell of the notebook (markdown too), as ruff does
    source: str  # as the notebook holds it
    code: str  # as checked: magics replaced, and the newline that joins it to the next cell
    magics: Tuple[Magic, ...]
    value: Tuple[int, int]  # where its `source` value lies in the file's text
    strings: Tuple[Tuple[int, int], ...]  # where each JSON string of that value lies
    checked: bool = True  # False for a cell that does not parse: blanked in the code, never rewritten


@dataclass(frozen=True)
class CellPosition:
    cell: int  # the cell's number
    line: int  # 1-based, in the cell


@dataclass(frozen=True)
class Notebook:
    file: SourceFile  # the JSON text as read
    cells: Tuple[Cell, ...]  # the code cells that are checked

    @property
    def path(self) -> str:
        return self.file.path

    @property
    def data(self) -> bytes:
        return self.file.data

    @cached_property
    def code(self) -> str:
        return "".join(cell.code for cell in self.cells)

    @cached_property
    def starts(self) -> List[int]:
        """Each cell's first offset in the code."""
        starts, offset = [], 0
        for cell in self.cells:
            starts.append(offset)
            offset += len(cell.code)
        return starts

    @cached_property
    def first_lines(self) -> List[int]:
        """Each cell's first line (1-based) in the code."""
        firsts, line = [], 1
        for cell in self.cells:
            firsts.append(line)
            line += len(NEWLINE.findall(cell.code))
        return firsts

    def source_file(self) -> SourceFile:
        """The code to check, with the file's bytes (the cache's key, what a rewrite expects to find)."""
        return SourceFile(self.path, self.code, "utf-8", False, self.data)

    def _cell_index(self, line: int) -> int:
        return max(0, bisect.bisect_right(self.first_lines, line) - 1)

    def locate(self, line: int) -> CellPosition:
        """The cell and the line in it of a line of the code."""
        index = self._cell_index(line)
        return CellPosition(self.cells[index].number, line - self.first_lines[index] + 1)

    def file_position(self, line: int, column: int) -> Tuple[int, int]:
        """Where a position (1-based line and column) of the code lies in the notebook's JSON text."""
        index = self._cell_index(line)
        cell = self.cells[index]
        starts = line_starts(cell.source)
        row = min(line - self.first_lines[index], len(starts) - 1)
        offset = min(starts[row] + column - 1, len(cell.source))
        raw = _raw_offset(self.file.text, cell.strings, offset) if cell.strings else cell.value[0]
        raw_row = bisect.bisect_right(self._text_starts, raw) - 1
        return raw_row + 1, raw - self._text_starts[raw_row] + 1

    @cached_property
    def _text_starts(self) -> List[int]:
        return line_starts(self.file.text)

    def without(self, numbers: Sequence[int]) -> "Notebook":
        """This notebook with the cells `numbers` (cells that do not parse) blank in the code."""
        cells = tuple(
            replace(cell, code="\n" * len(NEWLINE.findall(cell.code)), magics=(), checked=False)
            if cell.number in numbers
            else cell
            for cell in self.cells
        )
        return Notebook(self.file, cells)

    def fixed_sources(self, code: str, moved: Callable[[int, bool], Optional[int]]) -> Dict[int, str]:
        """The new `source` of each cell that the fixed `code` changes; `moved(offset, past_insertions)`
        is where an offset of this notebook's code went. RewriteError when the fixed code no longer
        divides into the cells (an edit across a cell's start or a magic's line)."""
        bounds = [moved(start, False) for start in self.starts] + [len(code)]
        if None in bounds:
            raise self._unfit()
        sources = {}
        for cell, start, begin, end in zip(self.cells, self.starts, bounds, bounds[1:]):
            new = code[begin:end]
            if new == cell.code:
                continue
            if not cell.checked or not new.endswith("\n"):
                raise self._unfit()
            for magic in reversed(cell.magics):
                where = moved(start + magic.offset, True)
                if where is None or not code.startswith(magic.placeholder, where) or where < begin:
                    raise self._unfit()
                at = where - begin
                new = new[:at] + magic.original + new[at + len(magic.placeholder) :]
            sources[cell.number] = new[:-1]
        return sources

    def _unfit(self) -> RewriteError:
        return RewriteError(
            self.path, "fixes left unapplied, the fixed code no longer divides into the notebook's cells"
        )

    def with_sources(self, sources: Dict[int, str]) -> bytes:
        """The file's bytes with the `source` of the cells in `sources` replaced."""
        text = self.file.text
        for cell in sorted((c for c in self.cells if c.number in sources), key=lambda c: -c.value[0]):
            start, end = cell.value
            text = text[:start] + _source_json(self.file.text, cell, sources[cell.number]) + text[end:]
        return self.file.encode(text)


def load(path: str) -> Notebook:
    return parse(read_bytes(path, path), path)


def parse(data: bytes, path: str) -> Notebook:
    """The notebook in `data`; SourceError, in one line, if it is not one."""
    bom = data.startswith(codecs.BOM_UTF8)
    try:
        text = data[len(codecs.BOM_UTF8) :].decode("utf-8") if bom else data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SourceError(path, f"cannot decode as UTF-8 (byte {error.start}), as a notebook must be") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise SourceError(path, f"not a notebook: invalid JSON: {error.msg}", error.lineno, error.colno) from None
    cells = document.get("cells") if isinstance(document, dict) else None
    if not isinstance(cells, list):
        raise SourceError(path, "not a notebook: no `cells` list (nanlint reads nbformat 4)")
    file = SourceFile(path, text, "utf-8", bom, data)
    if not _runs_python(document):
        return Notebook(file, ())
    values = _array_items(text, _object_members(text, _skip_space(text, 0))["cells"][0])
    code_cells = []
    for index, (cell, (start, end)) in enumerate(zip(cells, values)):
        if not _is_python_code_cell(cell, index, path):
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        if _runs_another_language(source):
            continue
        value = _object_members(text, start)["source"]
        strings = (value,) if text[value[0]] == '"' else tuple(_array_items(text, value[0]))
        code, magics = _python_code(source)
        code_cells.append(Cell(index + 1, source, code + "\n", magics, value, strings))
    return Notebook(file, tuple(code_cells))


def _runs_python(document: dict) -> bool:
    metadata = document.get("metadata")
    language = metadata.get("language_info") if isinstance(metadata, dict) else None
    name = language.get("name") if isinstance(language, dict) else None
    return not isinstance(name, str) or name.lower() == "python"


def _is_python_code_cell(cell, index: int, path: str) -> bool:
    if not isinstance(cell, dict) or cell.get("cell_type") != "code":
        return False
    source = cell.get("source")
    if not (isinstance(source, str) or isinstance(source, list) and all(isinstance(line, str) for line in source)):
        raise SourceError(
            path, f"not a notebook: cell {index + 1}'s `source` is neither a string nor a list of strings"
        )
    metadata = cell.get("metadata")
    vscode = metadata.get("vscode") if isinstance(metadata, dict) else None
    language = vscode.get("languageId") if isinstance(vscode, dict) else None
    return language is None or language == "python"


def _runs_another_language(source: str) -> bool:
    """Whether a cell magic that does not run Python (`%%bash`, `%%html`) runs this cell."""
    for line in lines(source):
        magic = CELL_MAGIC.match(line)
        if magic and magic.group(1) not in PYTHON_CELL_MAGICS:
            return True
    return False


def _python_code(source: str) -> Tuple[str, Tuple[Magic, ...]]:
    """The cell's text with each line of IPython syntax that starts a statement (and the lines a
    trailing backslash joins to it) replaced: by `pass` at its indentation, a continuation by nothing."""
    parts = NEWLINE.split(source)
    ends = NEWLINE.findall(source) + [""]
    magics = []
    depth, triple, continued, in_magic = 0, None, False, False
    offset = 0
    for index, line in enumerate(parts):
        if in_magic or (depth == 0 and triple is None and not continued and LINE_MAGIC.match(line)):
            placeholder = "" if in_magic else INDENT.match(line).group() + PLACEHOLDER
            magics.append(Magic(offset, placeholder, line))
            parts[index] = placeholder
            in_magic = line.endswith("\\")
        else:
            depth, triple, continued = _scan(line, depth, triple)
        offset += len(parts[index]) + len(ends[index])
    return "".join(part + end for part, end in zip(parts, ends)), tuple(magics)


def _scan(line: str, depth: int, triple: Optional[str]) -> Tuple[int, Optional[str], bool]:
    """After `line`: the depth of open brackets, the quotes of an open triple-quoted string, and
    whether a backslash continues the line."""
    position = 0
    while True:
        if triple is not None:
            end = TRIPLE_END[triple].match(line, position)
            if end is None:
                return depth, triple, False
            position, triple = end.end(), None
        token = TOKEN.search(line, position)
        if token is None:
            return depth, None, line.endswith("\\")
        kind = token.lastgroup
        if kind == "comment":
            return depth, None, False
        position = token.end()
        if kind == "triple":
            triple = token.group()
        elif kind == "open":
            depth += 1
        elif kind == "close":
            depth = max(0, depth - 1)


def _raw_offset(text: str, strings: Sequence[Tuple[int, int]], offset: int) -> int:
    """The offset in the file's text of character `offset` of the source the JSON `strings` hold."""
    for start, end in strings:
        characters = [match.start() for match in JSON_CHARACTER.finditer(text, start + 1, end - 1)]
        if offset < len(characters):
            return characters[offset]
        offset -= len(characters)
    return strings[-1][1] - 1  # the end of the source: its closing quote


def _skip_space(text: str, position: int) -> int:
    return JSON_SPACE.match(text, position).end()


def _object_members(text: str, start: int) -> Dict[str, Tuple[int, int]]:
    """Each key of the JSON object at `start` (in valid JSON), with where its value lies."""
    members = {}
    position = _skip_space(text, start + 1)
    while text[position] != "}":
        key, position = scanstring(text, position + 1)
        position = _skip_space(text, _skip_space(text, position) + 1)  # past the colon
        end = DECODER.raw_decode(text, position)[1]
        members[key] = (position, end)
        position = _skip_space(text, end)
        if text[position] == ",":
            position = _skip_space(text, position + 1)
    return members


def _array_items(text: str, start: int) -> List[Tuple[int, int]]:
    """Where each item of the JSON array at `start` (in valid JSON) lies."""
    items = []
    position = _skip_space(text, start + 1)
    while text[position] != "]":
        end = DECODER.raw_decode(text, position)[1]
        items.append((position, end))
        position = _skip_space(text, end)
        if text[position] == ",":
            position = _skip_space(text, position + 1)
    return items


def _source_json(text: str, cell: Cell, source: str) -> str:
    """`source` as JSON in the style of the cell's old value: one string, or a list of lines laid out
    as the old list was (Jupyter's own split, `str.splitlines`), escaped as the file is."""
    ascii_only = text.isascii()
    start, end = cell.value
    if text[start] == '"':
        return json.dumps(source, ensure_ascii=ascii_only)
    items = [json.dumps(line, ensure_ascii=ascii_only) for line in source.splitlines(True)]
    if not items:
        return "[]"
    if cell.strings:
        opening, closing = text[start + 1 : cell.strings[0][0]], text[cell.strings[-1][1] : end - 1]
    else:
        opening, closing = "", ""
    separator = text[cell.strings[0][1] : cell.strings[1][0]] if len(cell.strings) > 1 else "," + (opening or " ")
    return "[" + opening + separator.join(items) + closing + "]"
