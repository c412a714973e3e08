"""JSON documents: `json`, `json-lines`, `rdjson` (reviewdog), `gitlab` (Code Quality).

JSON (`--output-format json`) is a list with one object per finding, and one per file that could
not be checked, sorted by file, line and column, in the shape of ruff's JSON output:

    {
      "cell": null,                           # in a notebook: the cell's number (rows count in it)
      "code": "NAN101",                       # the rule's code; for a file that could not be
                                              # checked "invalid-syntax", "io-error" or "panic"
      "name": "log-of-possibly-zero",         # the rule's name (the code again for those files)
      "message": "`log` of a sum, ...",       # one line: why it is risky, and the hint
      "severity": "warning",                  # "error" for a file that could not be checked
      "filename": "src/loss.py",              # as discovered (relative to where nanlint ran)
      "location": {"row": 5, "column": 12},   # 1-based; columns count characters
      "end_location": {"row": 5, "column": 27},   # exclusive
      "noqa_row": 5,                          # the line a `# noqa: CODE` goes on (--add-noqa); null for those files
      "url": "https://...",                   # the rule's page (docs/rules/CODE.md); null for those files
      "related": [{"message": "...", "location": {...}, "end_location": {...}}],  # the other lines
                                              # of the chain: where the judged value was made
      "fix": null | {
        "applicability": "safe" | "unsafe",   # unsafe fixes change numbers (add an eps, a clamp)
        "message": "Clamp the argument ...",  # the fix's title
        "edits": [{"content": "...", "cell": null,   # the cell it changes, in a notebook
                   "location": {"row", "column"}, "end_location": {"row", "column"},
                   "start": 120, "end": 135}]  # the same range as character offsets in the file
      }                                        # (in a notebook's code: its code cells joined)
    }

A file that could not be checked is at the line and column of its syntax error, else at 1:1.
`json-lines` prints the same objects, one per line. With `--statistics`, JSON is a list of
`{"code", "name", "count", "fixable"}`, most frequent first.

`rdjson` is reviewdog's DiagnosticResult (columns count UTF-8 bytes, as its format says; fixes are
`suggestions`, except in a notebook, whose ranges are in its JSON text). `gitlab` is a GitLab Code
Quality report (CodeClimate issues) whose fingerprints
depend on the rule, the file and the order of its findings of that rule, not on line numbers, so
a finding keeps its fingerprint when code above it moves; paths are relative to `CI_PROJECT_DIR`
when it is set.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import List, Optional, Set, TextIO

from nanlint.formats.rule_pages import REPOSITORY
from nanlint.types import Diagnostic, Edit, Fix

GITLAB_SEVERITY = {"warning": "minor", "error": "major"}


def dump(data, stream: TextIO) -> None:
    json.dump(data, stream, indent=2, ensure_ascii=False)
    stream.write("\n")


def location_json(location) -> dict:
    """A Location (output.py) as ruff's JSON writes one."""
    return {"row": location.row, "column": location.column}


def diagnostic_json(diagnostic: Diagnostic, sources) -> dict:
    path, span = diagnostic.path, diagnostic.span
    start = sources.start(diagnostic)
    noqa = None if diagnostic.is_problem else sources.noqa_line(path, span)
    return {
        "cell": start.cell,
        "code": diagnostic.code,
        "name": diagnostic.name,
        "message": diagnostic.message,
        "severity": diagnostic.severity,
        "filename": path,
        "location": location_json(start),
        "end_location": location_json(sources.end(diagnostic)),
        "noqa_row": None if noqa is None else sources.location(path, noqa, 1).row,
        "url": diagnostic.url,
        "related": [_related_json(path, related, sources) for related in diagnostic.related],
        "fix": _fix_json(path, diagnostic.fix, sources),
    }


def _related_json(path: str, related, sources) -> dict:
    span = related.span
    return {
        "message": related.message,
        "location": location_json(sources.location(path, span.line, span.column)),
        "end_location": location_json(sources.location(path, span.end_line, span.end_column)),
    }


def _fix_json(path: str, fix: Optional[Fix], sources) -> Optional[dict]:
    if fix is None:
        return None
    return {
        "applicability": "safe" if fix.safe else "unsafe",
        "message": fix.title,
        "edits": [_edit_json(path, edit, sources) for edit in fix.edits],
    }


def _edit_json(path: str, edit: Edit, sources) -> dict:
    start = sources.location(path, *sources.position(path, edit.start))
    return {
        "content": edit.content,
        "cell": start.cell,
        "location": location_json(start),
        "end_location": location_json(sources.location(path, *sources.position(path, edit.end))),
        "start": edit.start,
        "end": edit.end,
    }


def render_json(diagnostics: List[Diagnostic], stream: TextIO, sources) -> None:
    dump([diagnostic_json(d, sources) for d in diagnostics], stream)


def render_json_lines(diagnostics: List[Diagnostic], stream: TextIO, sources) -> None:
    for diagnostic in diagnostics:
        stream.write(json.dumps(diagnostic_json(diagnostic, sources), ensure_ascii=False, separators=(",", ":")) + "\n")


def render_rdjson(diagnostics: List[Diagnostic], stream: TextIO, sources) -> None:
    dump(
        {
            "diagnostics": [_rdjson(d, sources) for d in diagnostics],
            "severity": "WARNING",
            "source": {"name": "nanlint", "url": REPOSITORY},
        },
        stream,
    )


def _rdjson(diagnostic: Diagnostic, sources) -> dict:
    path, span = diagnostic.path, sources.in_file(diagnostic)
    code = {"value": diagnostic.code} if diagnostic.url is None else {"url": diagnostic.url, "value": diagnostic.code}
    entry = {
        "code": code,
        "location": {
            "path": path,
            "range": _rdjson_range(sources, path, (span.line, span.column), (span.end_line, span.end_column)),
        },
        "message": diagnostic.message,
    }
    if diagnostic.fix is not None and sources.notebook(path) is None:
        entry["suggestions"] = [
            {
                "range": _rdjson_range(
                    sources, path, sources.position(path, edit.start), sources.position(path, edit.end)
                ),
                "text": edit.content,
            }
            for edit in diagnostic.fix.edits
        ]
    if diagnostic.is_problem:
        entry["severity"] = "ERROR"
    return entry


def _rdjson_range(sources, path: str, start, end) -> dict:
    def position(row: int, column: int) -> dict:
        return {"column": sources.byte_column(path, row, column), "line": row}

    return {"end": position(*end), "start": position(*start)}


def render_gitlab(diagnostics: List[Diagnostic], stream: TextIO, sources) -> None:
    project = os.environ.get("CI_PROJECT_DIR")
    used: Set[str] = set()
    issues = []
    for diagnostic in diagnostics:
        path = _project_path(diagnostic.path, project)
        fingerprint = _fingerprint("", diagnostic.name, path)
        while fingerprint in used:  # the next finding of the same rule in the same file
            fingerprint = _fingerprint(fingerprint, diagnostic.name, path)
        used.add(fingerprint)
        span = sources.in_file(diagnostic)
        issues.append(
            {
                "check_name": diagnostic.code,
                # GitLab shows the description, not the check name: it leads with the code.
                "description": f"{diagnostic.code}: {diagnostic.message}",
                "severity": GITLAB_SEVERITY[diagnostic.severity],
                "fingerprint": fingerprint,
                "location": {
                    "path": path,
                    "positions": {
                        "begin": {"line": span.line, "column": span.column},
                        "end": {"line": span.end_line, "column": span.end_column},
                    },
                },
            }
        )
    dump(issues, stream)


def _project_path(path: str, project: Optional[str]) -> str:
    relative = os.path.relpath(os.path.abspath(path), project or os.getcwd())
    return relative.replace(os.sep, "/")


def _fingerprint(salt: str, name: str, path: str) -> str:
    return hashlib.blake2b(f"{salt}\0{name}\0{path}".encode("utf-8", "surrogateescape"), digest_size=8).hexdigest()
