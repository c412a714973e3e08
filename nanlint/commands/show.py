"""`check --show-settings FILE` and `check --show-files`: what a check would use and do, without
checking."""

from __future__ import annotations

import json
from typing import TextIO

from nanlint.project.checker import Checker
from nanlint.project.config import KEYS, ignored_codes_for
from nanlint.project.discovery import Discovered


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
