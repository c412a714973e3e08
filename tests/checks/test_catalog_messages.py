"""Every bad catalog example's findings, with their columns and messages, as a snapshot: a change to
where a finding is placed or what it says shows up here as a diff to review.

Update it after reviewing a deliberate change: NANLINT_UPDATE_SNAPSHOT=1 python -m pytest tests/checks/test_catalog_messages.py
"""

import os
from pathlib import Path

from nanlint.project.checker import Checker
from nanlint.catalog import Rule
from nanlint.checks.registry import load_catalog
from nanlint.project.config import Settings

SNAPSHOT = Path(__file__).with_name("catalog_findings.txt")
CATALOG = load_catalog()
EVERY_RULE = Checker(Settings(select=("ALL",), preview=True, cache=False), CATALOG)


def current() -> str:
    lines = []
    for rule in filter(Rule.static.fget, CATALOG.values()):
        for index, example in enumerate(rule.bad):
            for finding in EVERY_RULE.check_text(example.code, example.path).findings:
                if finding.code == rule.code:
                    span = finding.span
                    lines.append(f"{rule.code} bad{index} {span.line}:{span.column}-{span.end_line}:{span.end_column} {finding.message}")
    return "\n".join(lines) + "\n"


def test_findings_are_placed_and_worded_as_the_snapshot_says():
    found = current()
    if os.environ.get("NANLINT_UPDATE_SNAPSHOT"):
        SNAPSHOT.write_text(found, encoding="utf-8")
    assert found == SNAPSHOT.read_text(encoding="utf-8")
