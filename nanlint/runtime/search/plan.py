"""What `nanlint verify --search` hands the monitored process: a JSON file, named by the environment
variable environment.SEARCH_PLAN."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from typing import Dict, List, Tuple

PLAN_FILE = "search-plan.json"
# The calls of a function whose arguments are copied: the first three, then calls spread over the run.
RECORDED_CALLS = (1, 2, 3, 10, 30, 100, 300, 1000)
DEFAULT_BUDGET = 30.0  # seconds per finding
DEFAULT_TOTAL_BUDGET = 300.0


@dataclass
class FlaggedLine:
    """One static finding: the lines its span covers, in a file given by its real path, and the
    run-time events that would confirm it (its rule's `confirmed_by`, as [phase, op] pairs)."""

    path: str
    lines: List[int]
    code: str
    predictions: List[List[str]] = field(default_factory=list)
    columns: List[int] = field(default_factory=list)  # [first, past the last] of a one-line finding (1-based)


@dataclass
class SearchPlan:
    flagged: List[FlaggedLine] = field(default_factory=list)
    budget: float = DEFAULT_BUDGET
    total_budget: float = DEFAULT_TOTAL_BUDGET
    reproducer_dir: str = ""
    recorded_calls: List[int] = field(default_factory=lambda: list(RECORDED_CALLS))

    def lines_by_file(self) -> Dict[str, List[FlaggedLine]]:
        found: Dict[str, List[FlaggedLine]] = {}
        for flagged in self.flagged:
            found.setdefault(flagged.path, []).append(flagged)
        return found

    def save(self, run_dir: str) -> str:
        path = os.path.join(run_dir, PLAN_FILE)
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(asdict(self), handle)
        return path

    @classmethod
    def load(cls, path: str) -> "SearchPlan":
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        data["flagged"] = [FlaggedLine(**f) for f in data.get("flagged", [])]
        return cls(**data)


def finding_columns(finding) -> List[int]:
    """The columns a one-line finding covers, [first, past the last]; none for a longer one."""
    span = finding.span
    return [span.column, span.end_column] if span.end_line == span.line and span.end_column > span.column else []


def finding_lines(finding, cwd: str) -> Tuple[str, List[int]]:
    """The real path of a finding's file and the lines of its span (as the join reads them)."""
    path = os.path.realpath(os.path.join(cwd, finding.path))
    return path, list(range(finding.span.line, max(finding.span.end_line, finding.span.line) + 1))


def predictions_of(catalog, code: str) -> List[List[str]]:
    """What confirms a finding of this rule at run time (nothing: it is not searched)."""
    rule = catalog.get(code)
    return [[p.phase, p.op] for p in (rule.confirmed_by or ())] if rule else []
