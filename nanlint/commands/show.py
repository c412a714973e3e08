"""`check --show-settings FILE` and `check --show-files`: what a check would use and do, without
checking; and the warning when a run finds nothing to check."""

from __future__ import annotations

import json
import os
from collections import Counter
from typing import List, Optional, TextIO

from nanlint.project.checker import Checker
from nanlint.project.config import KEYS, ignored_codes_for
from nanlint.project.discovery import EXCLUDED, GITIGNORED, TEST_CODE, Discovered


def settings_text(checker: Checker, path: str) -> str:
    """The settings `path` is checked with, one `key = value` line each (values as JSON)."""
    settings = checker.settings
    # per-file-ignores turn rules off for this file after the selection: they are not enabled here.
    ignored = ignored_codes_for(checker.relative(path), settings, checker.catalog)
    lines = [
        f"# Settings for {path}",
        f"configuration = {_value(settings.source or 'none: the defaults')}",
        f"root = {_value(str(checker.root))}",
        f"enabled-rules = {_value([rule.code for rule in checker.rules if rule.code not in ignored])}",
        f"per-file-ignored-rules = {_value([rule.code for rule in checker.rules if rule.code in ignored])}",
        f"test-file = {_value(checker.is_test(path))}",
    ]
    lines += [f"{key} = {_value(getattr(settings, attribute))}" for key, (attribute, _) in KEYS.items()]
    lines += [
        f"command-line {label} = {_value(list(codes))}"
        for layer in settings.selections
        for label, codes in layer.labelled()
        if codes
    ]
    return "\n".join(lines) + "\n"


def _value(value) -> str:
    return json.dumps(list(value) if isinstance(value, tuple) else value, default=list)


def write_files(discovered: Discovered, stream: TextIO) -> None:
    """The files a check would check, then those it would skip, each with why."""
    for candidate in discovered.files:
        stream.write(f"{candidate.path}\n")
    for skipped in discovered.skipped:
        stream.write(f"{skipped.path} (skipped: {skipped.reason})\n")


def nothing_checked(discovered: Discovered) -> Optional[str]:
    """The warning for a run that found no file to check, saying what it skipped; None if files
    were found, or if paths could not be read (their errors say why)."""
    if discovered.files or discovered.errors:
        return None
    counts = Counter(skipped.kind for skipped in discovered.skipped)
    parts: List[str] = []
    if counts[TEST_CODE]:
        parts.append(_plural(counts[TEST_CODE], "test file") + " skipped (check-tests is off)")
    if counts[EXCLUDED]:
        parts.append(_plural(counts[EXCLUDED], "path") + " excluded")
    if counts[GITIGNORED]:
        parts.append(_plural(counts[GITIGNORED], "path") + " gitignored")
    if not parts:
        return "no Python files checked: there are none under the paths given"
    return "no Python files checked: " + ", ".join(parts) + "; `--show-files` lists them"


def only_named_skipped(discovered: Discovered, paths: List[str]) -> bool:
    """Was every path named explicitly, and skipped on purpose (force-exclude)? pre-commit names
    each staged file: a commit of excluded files or tests alone has nothing to check, and passes."""
    named = {os.path.normpath(skipped.path) for skipped in discovered.skipped if skipped.named}
    return bool(paths) and not discovered.errors and all(os.path.normpath(path) in named for path in paths)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"
