"""The parent's side of `--search`: one sentence per finding the run did not confirm. No torch here."""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional

from nanlint.types import Finding, Span
from nanlint.runtime.join import NOT_REACHED, Joined, Outcome, display_path, describe_margin
from nanlint.runtime.join import NOT_TRIGGERED as NOT_TRIGGERED_RUN
from nanlint.runtime.search.plan import finding_lines
from nanlint.runtime.summary import Margin

# The statuses of a finding's search (search.session writes them).
TRIGGERABLE, UNCONFIRMED, NOT_TRIGGERED, NOT_SEARCHED = "triggerable", "unconfirmed", "not triggered", "not searched"
STATUSES = (TRIGGERABLE, UNCONFIRMED, NOT_TRIGGERED, NOT_SEARCHED)


@dataclass
class SearchFinding:
    """A trigger the search found past the static findings: the finding, and the search's record."""

    finding: Finding
    search: dict


class SearchReport:
    """The search record of each finding (or why there is none), by the finding's position in `joined`;
    and the searches past the static findings (risky ops no finding covers), whose triggers are findings."""

    def __init__(
        self,
        joined: Joined,
        records: List[dict],
        unfinished: int = 0,
        reproducers_kept: bool = True,
        cwd: Optional[str] = None,
    ):
        cwd = self.cwd = cwd or os.getcwd()
        self.reproducers_kept = reproducers_kept
        self.by_outcome: Dict[int, dict] = {}
        findings = [r for r in records if not r.get("candidate")]
        self.candidates = [r for r in records if r.get("candidate")]
        for index, outcome in enumerate(joined.outcomes):
            if outcome.outcome in (NOT_TRIGGERED_RUN, NOT_REACHED):  # static-only rules predict nothing to search
                self.by_outcome[index] = _record_for(outcome, findings, unfinished, cwd)

    def found(self, catalog, keep: Callable[[Finding], bool] = lambda finding: True) -> List["SearchFinding"]:
        """The searches past the static findings that triggered, as findings of the runtime rules (NAN011
        forward, NAN012 backward) that `keep` keeps (the selection, the suppressions)."""
        found = []
        for record in self.candidates:
            if record["status"] not in (TRIGGERABLE, UNCONFIRMED) or record.get("code") not in catalog:
                continue
            line = record["lines"][0]
            finding = Finding(
                path=display_path(record["path"], self.cwd),
                span=Span(line, 1, line, 1),
                code=record["code"],
                name=catalog[record["code"]].name,
                message="search: " + describe(record, self.cwd, self.reproducers_kept),
            )
            if keep(finding):
                found.append(SearchFinding(finding, {k: v for k, v in record.items() if k not in ("type", "pid")}))
        return found

    def record(self, index: int) -> Optional[dict]:
        return self.by_outcome.get(index)

    def line(self, index: int) -> Optional[str]:
        record = self.by_outcome.get(index)
        return describe(record, self.cwd, self.reproducers_kept) if record else None

    def counts(self) -> Dict[str, int]:
        counts = {status: 0 for status in STATUSES}
        for record in self.by_outcome.values():
            counts[record["status"]] += 1
        return counts

    @property
    def triggered(self) -> bool:
        return any(r["status"] == TRIGGERABLE for r in list(self.by_outcome.values()) + self.candidates)

    def summary_line(self, command: str = "nanlint verify --search") -> str:
        counts = self.counts()
        line = command + ": %d triggerable, %d unconfirmed, %d not triggered within budget, %d not searched" % tuple(
            counts[s] for s in STATUSES
        )
        if self.candidates:
            triggered = sum(r["status"] == TRIGGERABLE for r in self.candidates)
            line += "; past the static findings: %d line(s) of risky ops searched, %d triggerable" % (
                len(self.candidates),
                triggered,
            )
        return line


def _record_for(outcome: Outcome, records: List[dict], unfinished: int, cwd: str) -> dict:
    """The finding's search (the best one, when several processes searched it), or why there is none."""
    path, lines = finding_lines(outcome.finding, cwd)
    mine = [r for r in records if r["path"] == path and set(r["lines"]) & set(lines)]
    if mine:
        return min(mine, key=lambda r: STATUSES.index(r["status"]))
    return {"status": NOT_SEARCHED, "reason": _why_no_record(path, lines, unfinished)}


def _why_no_record(path: str, lines: List[int], unfinished: int) -> str:
    if not _inside_function(path, lines[0]):
        return "the line is at module level, outside any function"
    if unfinished:
        return "a monitored process did not exit normally (killed or crashed), so it did not search"
    return "the function holding this line was not called while the command ran (with torch imported)"


def _inside_function(path: str, line: int) -> bool:
    try:
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
    except (OSError, SyntaxError, ValueError):
        return True
    functions = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
    return any(
        isinstance(node, functions) and node.lineno < line <= (node.end_lineno or node.lineno)
        for node in ast.walk(tree)
    )


def describe(record: dict, cwd: str, reproducers_kept: bool) -> str:
    status = record["status"]
    if status == TRIGGERABLE:
        if not reproducers_kept:
            return "triggerable: %s (its reproducer showed it again; --search-dir DIR keeps it)" % record["claim"]
        script = display_path(os.path.join(record["reproducer"], "reproduce.py"), cwd)
        return "triggerable: %s; reproducer: %s" % (record["claim"], script)
    if status == UNCONFIRMED:
        return "unconfirmed: the search found that %s, but %s" % (record["claim"], record["reason"])
    if status == NOT_SEARCHED:
        return "not searched: %s" % record["reason"]
    text = "not triggered within %gs (%d trial(s) in %.1fs)" % (record["budget"], record["trials"], record["seconds"])
    if not record.get("ran_out"):
        text = "not triggered: no change left to try after %d trial(s)" % record["trials"]
    if record.get("reason"):
        text += "; " + record["reason"]
    margin = record.get("margin")
    if margin:
        text += "; closest margin %s" % describe_margin(Margin(**{k: margin[k] for k in Margin.__dataclass_fields__}))
    return text
