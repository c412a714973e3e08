"""Text to a libcst tree, or one line saying why not.

libcst's parser decides what nanlint reads; it does not depend on the running interpreter, so a
file of Python 3.12 syntax is read under 3.11. Where it refuses a file, Python's compiler (asked
only for the message, and building no code: PyCF_ONLY_AST) says why in the words users know, if
it stops at the same line (an earlier stop is syntax newer than the interpreter, not the error);
a refused line holding syntax newer than the interpreter or the target knows says which Python
it needs.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import threading
import time
from typing import Callable, Dict, Optional

import libcst as cst

from nanlint.analysis.versions import Version, dotted, note_for_line
from nanlint.types import FileError, FileProblem
from nanlint.inputs.source import lines

PY_CF_ONLY_AST = 0x400
LONG_LINE = re.compile(r"[^\r\n]{5000,}")  # long enough to hold an expression libcst is slow on
PARSE_BUDGET = 10  # seconds of the parser's CPU time (of wall time where the system does not tell it)
WALL_CAP = 6  # ... and at most this many times as long in wall time, however starved the machine
PARSER_POSITION = re.compile(r"^(?:parser error: )?error at (\d+):(\d+): ")


class Unparsed(FileProblem):
    """A file that could not be parsed: a syntax error where it is (a line, and a column when
    known), or code too large or too deep for the parser."""

    def __init__(self, path: str, reason: str, kind: str = "error", line: int = 0, column: int = 0) -> None:
        super().__init__(FileError(path, reason, kind, line, column if line else 0))


def parse(path: str, text: str, target: Optional[Version] = None) -> cst.Module:
    """The libcst tree of `text`, parsed in a thread with a deep stack: libcst's native parser
    recurses on the C stack, and 1,500 nested brackets overflow a main thread's 8 MiB. `target`
    is the Python version the code is for (`target-version`), handed to libcst's configuration."""
    config = cst.PartialParserConfig(python_version=dotted(target)) if target else cst.PartialParserConfig()
    long_line = LONG_LINE.search(text)
    if long_line and not _parses_within(text, config, PARSE_BUDGET):
        line = text.count("\n", 0, long_line.start()) + 1
        raise Unparsed(
            path,
            f"too large for the parser: not parsed within {PARSE_BUDGET} s of CPU time "
            f"(libcst takes time quadratic in the length of an expression, such as the one on line {line}); "
            "split that expression, or exclude the file (`extend-exclude`)",
        )
    try:
        return _with_deep_stack(lambda: libcst_tree(text, config))
    except cst.ParserSyntaxError as error:
        raise _syntax_error(path, text, error, target) from None
    except (RecursionError, MemoryError) as error:
        raise Unparsed(path, too_large(error)) from None
    except Exception as error:  # a token libcst cannot represent (`Name '\U00031350' is not a valid identifier`)
        python = python_syntax_error(path, text)
        raise (
            _located(path, python) if python else Unparsed(path, f"libcst's parser cannot read it: {error}")
        ) from None


def libcst_tree(text: str, config: Optional[cst.PartialParserConfig] = None) -> cst.Module:
    """libcst's tree of `text`, read as Python reads it: where libcst's tokenizer refuses a mix of
    tabs and spaces Python accepts, the tree of the same text with those tabs as spaces (the same
    blocks, the same offsets); else libcst's ParserSyntaxError."""
    config = config or cst.PartialParserConfig()
    try:
        return cst.parse_module(text, config)
    except cst.ParserSyntaxError:
        retry = _tabs_as_spaces(text) if "\t" in text and python_syntax_error("<text>", text) is None else None
        if retry is None:
            raise
    return cst.parse_module(retry, config)


def _tabs_as_spaces(text: str) -> Optional[str]:
    """`text` with each tab of a code line's indentation written as one space, or None if it has
    none. Python accepted the file, so its blocks nest alike whether a tab counts 8 columns or 1
    (else it raises TabError); libcst's tokenizer refuses some such mixes (`\\t\\t    ` under
    four spaces: "no matching outer block for dedent"). Lines inside strings keep their tabs."""
    starts = _code_starts(text)
    if starts is None:
        return None
    parts = []
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        indent = len(line) - len(line.lstrip(" \t\f"))
        if starts.get(number) == indent and "\t" in line[:indent]:
            line = line[:indent].replace("\t", " ") + line[indent:]
        parts.append(line)
    changed = "".join(parts)
    return changed if changed != text else None


def _code_starts(text: str) -> Optional[Dict[int, int]]:
    """line number -> the column of the first token of code that begins on it (a line inside a
    string has none, a line that ends one begins no token at its indentation)."""
    import io
    import tokenize

    skipped = (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
    starts: Dict[int, int] = {}
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type not in skipped:
                starts.setdefault(token.start[0], token.start[1])
    except (tokenize.TokenError, SyntaxError):
        return None
    return starts


def python_syntax_error(path: str, text: str) -> Optional[SyntaxError]:
    """The SyntaxError Python's own compiler raises for `text`, if it refuses it too."""
    try:
        compile(text, path, "exec", dont_inherit=True, flags=PY_CF_ONLY_AST)
    except SyntaxError as error:
        return error
    except (ValueError, RecursionError, MemoryError):
        pass
    return None


def _located(path: str, error: SyntaxError) -> Unparsed:
    return _at(path, error.lineno or 0, error.offset or 0, error.msg)


def _at(path: str, line: int, column: int, why: str) -> Unparsed:
    return Unparsed(path, why, "syntax", line, column)


def _syntax_error(path: str, text: str, error: cst.ParserSyntaxError, target: Optional[Version] = None) -> Unparsed:
    """Where and why the file does not parse: Python's words when its compiler refuses the file
    too (unless it stopped earlier, at syntax newer than itself), else libcst's (which name the
    token it expected); then the Python version the line's syntax needs, when it is newer than
    the interpreter or the target."""
    message = error.message
    position = PARSER_POSITION.match(message)
    line, column = (
        (int(position.group(1)), int(position.group(2)) + 1) if position else (error.raw_line, error.raw_column + 1)
    )
    why = message[position.end() :] if position else message
    text_lines = lines(text)

    def note(number: int, version: Optional[Version]) -> str:
        return note_for_line(text_lines[number - 1], version) if 0 < number <= len(text_lines) else ""

    python = python_syntax_error(path, text)
    if python is not None and (python.lineno == line or not note(python.lineno or 0, None)):
        line, column, why = python.lineno or 0, python.offset or 0, python.msg
    return _at(path, line, column, why + note(line, target))


def too_large(error: BaseException) -> str:
    why = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    return f"too deeply nested or too large for the parser ({why})"


def deep_enough(function: Callable):
    """`function()`, run again with a deep stack if it needed more than Python's default limit of
    1,000 frames: libcst renders code and positions recursively."""
    try:
        return function()
    except RecursionError:
        return _with_deep_stack(function)


DEEP_STACK_BYTES = 512 * 1024 * 1024  # reserved address space; only the pages used are allocated
DEEP_RECURSION_LIMIT = 200_000


def _with_deep_stack(function: Callable):
    """`function()` in a thread with a large stack and a high recursion limit, for the rare file
    nested deeper than Python's default limit of 1,000 frames allows libcst to render."""
    outcome: dict = {}

    def run() -> None:
        try:
            outcome["value"] = function()
        except BaseException as error:  # re-raised in the calling thread
            outcome["error"] = error

    previous_stack, previous_limit = threading.stack_size(DEEP_STACK_BYTES), sys.getrecursionlimit()
    sys.setrecursionlimit(DEEP_RECURSION_LIMIT)
    try:
        worker = threading.Thread(target=run, name="nanlint-deep")
        worker.start()
        worker.join()
    finally:
        threading.stack_size(previous_stack)
        sys.setrecursionlimit(previous_limit)
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def _parses_within(text: str, config: cst.PartialParserConfig, seconds: float) -> bool:
    """Whether libcst parses `text` within `seconds`, tried in a forked process that is killed at
    the deadline: libcst's parser takes time quadratic in the depth of an expression (a 4,000-term
    sum on one line takes a minute), and its native code cannot be interrupted. Only files with a
    very long line pay for this; where there is no fork, the file is parsed as any other. A child
    that crashed (a signal) did not parse it."""
    if not hasattr(os, "fork"):
        return True
    child = os.fork()
    if child == 0:  # pragma: no cover - the forked child
        try:
            _with_deep_stack(lambda: cst.parse_module(text, config))
        finally:
            os._exit(0)
    start = time.monotonic()
    while True:
        done, status = os.waitpid(child, os.WNOHANG)
        if done:
            return os.WIFEXITED(status)
        waited = time.monotonic() - start
        used = _cpu_seconds(child)
        if (waited if used is None else used) > seconds or waited > WALL_CAP * seconds:
            break
        time.sleep(0.02)
    os.kill(child, signal.SIGKILL)
    os.waitpid(child, 0)
    return False


def _cpu_seconds(pid: int) -> Optional[float]:
    """The CPU time a running process has used, from /proc (Linux); None where the system does not
    tell it. The parse budget is CPU time, so whether a file is parsed does not depend on the load."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
    except (OSError, ValueError, IndexError):
        return None
