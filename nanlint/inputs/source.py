"""Reading a Python file as text the way Python would: PEP 263 encodings, BOM, any line ending."""

from __future__ import annotations

import codecs
import io
import os
import re
import stat
import tokenize
from typing import TYPE_CHECKING, List, NamedTuple, Optional, Tuple, Union

from nanlint.types import FileError, FileProblem

if TYPE_CHECKING:  # no pathlib on a cached check's path (nanlint/commands/cli.py)
    from pathlib import Path

try:  # hashlib's own BLAKE2, without the OpenSSL bindings `import hashlib` loads first (milliseconds per run)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - an interpreter built without it
    from hashlib import blake2b

# Python's own line ends (str.splitlines also splits on form feeds and other separators).
NEWLINE = re.compile(r"\r\n|\r|\n")


def content_digest(data: bytes) -> str:
    """The digest by which the cache knows a file's bytes."""
    return blake2b(data, digest_size=16).hexdigest()


def file_digest(path: str) -> Optional[str]:
    """The digest the cache keeps of a file another file's findings used (the cache's own kind);
    None unless it is a regular file that can be read (a FIFO or a device would block or never end)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        return content_digest(file_bytes(path))
    except OSError:
        return None


def file_bytes(path: Union[str, Path]) -> bytes:
    with open(path, "rb") as stream:
        return stream.read()


class SourceError(FileProblem):
    """A file that cannot be read or decoded: where (`path`, and a line and column when known) and why."""

    def __init__(self, path: str, reason: str, line: int = 0, column: int = 0) -> None:
        super().__init__(FileError(path, reason, "error", line, column))


class SourceFile(NamedTuple):
    path: str
    text: str
    encoding: str
    bom: bool
    data: bytes

    def encode(self, text: str) -> bytes:
        """`text` in this file's own encoding (and BOM), for writing fixes back."""
        body = text.encode(self.encoding)
        return codecs.BOM_UTF8 + body if self.bom else body


def decode(data: bytes, path: str) -> SourceFile:
    if b"\x00" in data[:8192]:
        raise SourceError(path, "not a text file (it contains NUL bytes)")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:
        raise SourceError(path, f"{error.msg if hasattr(error, 'msg') else error}") from None
    bom = encoding == "utf-8-sig"
    body = data[len(codecs.BOM_UTF8) :] if bom else data
    codec = "utf-8" if bom else encoding
    try:
        text = body.decode(codec)
    except UnicodeDecodeError as error:
        raise SourceError(
            path, f"cannot decode as {codec} (byte {error.start}): add a PEP 263 coding line or re-save as UTF-8"
        ) from None
    except LookupError:
        raise SourceError(path, f"unknown encoding {codec!r} in its coding line") from None
    return SourceFile(path, text, codec, bom, data)


def lines(text: str) -> List[str]:
    """The source lines as Python numbers them, without their line ends."""
    return NEWLINE.split(text)


def line_starts(text: str) -> List[int]:
    """The offset of each line's first character, lines numbered as Python numbers them."""
    return [0] + [match.end() for match in NEWLINE.finditer(text)]


def read(path: Union[str, Path], display: Optional[str] = None) -> SourceFile:
    shown = display or str(path)
    return decode(read_bytes(path, shown), shown)


def read_bytes(path: Union[str, Path], shown: str) -> bytes:
    """The bytes of a regular file; SourceError, saying why in one line, when it cannot be read."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a FIFO or a device would block or never end
            raise SourceError(shown, "not a regular file")
        data = file_bytes(path)
    except IsADirectoryError:
        raise SourceError(shown, "is a directory") from None
    except FileNotFoundError:
        raise SourceError(shown, "no such file or directory") from None
    except PermissionError:
        raise SourceError(shown, "permission denied") from None
    except OSError as error:
        raise SourceError(shown, f"cannot read: {error.strerror or error}") from None
    return data


class RewriteError(FileProblem):
    """A file that must not or cannot be rewritten, and why."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(FileError(path, reason))


def rewrite(path: str, data: bytes, analysed: bytes, refusal: str = "fixes left unapplied") -> None:
    """Replace the content of the file at `path` by `data`, only if it still holds `analysed` (the
    bytes the fix was computed from), keeping what makes it the same file: its permission bits and
    owner, its symlinks (the target is written), and its hard links (a file with several names
    is rewritten in place, since a rename would split it from its other names). A read-only file
    is left alone, even for root. `refusal` says in the error what was not done."""
    target = os.path.realpath(path)
    status = os.stat(target)
    if not status.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise RewriteError(path, f"{refusal}, the file is read-only")
    with open(target, "rb") as stream:
        if stream.read() != analysed:
            raise RewriteError(path, f"{refusal}, the file changed while it was being checked; run again")
    if status.st_nlink > 1:
        with open(target, "r+b") as stream:
            stream.write(data)
            stream.truncate()
            stream.flush()
            os.fsync(stream.fileno())
        return
    replace_atomically(target, data, stat.S_IMODE(status.st_mode), (status.st_uid, status.st_gid))


def replace_atomically(
    target: str, data: bytes, mode: Optional[int] = None, owner: Optional[Tuple[int, int]] = None
) -> None:
    """Write `data` to a temporary file beside `target`, then rename it over `target`: a reader sees
    the old file or the new one, never half of one. `mode` sets the new file's permission bits,
    `owner` its user and group (where this process may set them)."""
    import tempfile  # only to write: a run that reads alone does without it

    handle, temporary = tempfile.mkstemp(prefix=".nanlint-", suffix=".tmp", dir=os.path.dirname(target) or ".")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        if owner is not None and (os.geteuid() == 0 or owner[0] == os.geteuid()):
            try:
                os.chown(temporary, *owner)
            except PermissionError:  # a group this user is not in: the file keeps the user's group
                pass
        os.replace(temporary, target)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
