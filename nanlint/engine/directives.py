"""The grammar of suppression comments (`# noqa: NAN101`, `# nanlint: ignore[NAN101]`, `# nanlint:
skip-file`), apart from the engine that reads them from the libcst tree (suppressions.py): adding
`# noqa` comments and placing them in a report need no parser."""

from __future__ import annotations

import re

SUPPRESSION = re.compile(
    r"#\s*(?:(?P<noqa>noqa)(?::\s*(?P<noqa_codes>[A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*))?"
    r"|(?P<ignore>nanlint:\s*ignore)(?![\w-])(?:\s*\[(?P<ignore_codes>[^\]]*)\])?)",
    re.I,
)
SUPPRESSION_WORD = re.compile(r"noqa|nanlint:", re.I)  # cheap test before looking at comments
SKIP_FILE = re.compile(r"#[ \t]*nanlint:[ \t]*skip-file\b")
SKIP_FILE_LINE = re.compile(r"^[ \t]*" + SKIP_FILE.pattern, re.M)  # the same, found in a file's text before parsing
CODE_IN_LIST = re.compile(r"[A-Za-z]+[0-9]+")
NAN_CODE = re.compile(r"NAN[0-9]", re.I)
UNKNOWN_SUPPRESSION = "NAN001"
UNUSED_SUPPRESSION = "NAN002"
META_CODES = frozenset({UNKNOWN_SUPPRESSION, UNUSED_SUPPRESSION})
