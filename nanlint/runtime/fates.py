"""What became of each value born non-finite in the forward pass: used further, thrown away, or looked at.

A root event is written when the value is born (a crash loses nothing), but whether it matters is
known only later. Its fate is followed through its origin (the dict the monitor keeps per non-finite
tensor, shared by the views and NaN-from-Inf results that carry it):

- escaped: an op made a non-finite value from it (propagation), or it was given to `backward()`;
- masked: an op consumed it and gave a finite float result (`torch.where`, `masked_fill`,
  `nan_to_num`, an assignment over it), and it never escaped;
- inspected: an op looked at it without making float values (`isinf`, `isnan`, `==`, `allclose`): a test
  asserting an expected inf does this, which the report reads with the test patterns of the project;
- untouched: nothing used it (printed, returned, kept).

Fates are settled at the end of each step, when the pytest test changes, and when the monitor flushes:
a `fate` record per group of masked or inspected occurrences (escaped and untouched ones need none:
their root events stand). A lost record leaves the root a finding. A non-finite gradient is its own
event in the backward pass: a value masked forward whose gradient turns NaN (the `where` trap) is
reported there. Does not import torch.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, List, Optional, Tuple

from nanlint.runtime.events import event_key

MASKED, INSPECTED = "masked", "inspected"
_MAX_PENDING = 1000  # settle early past this many values followed at once (a long loop without backward())
_MAX_INSPECTORS = 3


class Fate:
    """One occurrence of a root event: its key (the monitor's counting key) and what used it."""

    __slots__ = ("key", "record", "escaped", "masked_by", "inspected_by", "settled")

    def __init__(self, key: tuple, record: dict):
        self.key, self.record = key, record
        self.escaped = False
        self.masked_by: Optional[Tuple[str, int, str]] = None
        self.inspected_by: List[Tuple[str, int, str]] = []
        self.settled = False

    def use(self, site, op: str, finite_floats: Optional[bool]) -> None:
        """An op took the value: its float results were finite (True), there were none (None: it looked)."""
        if self.settled:
            return
        where = (site.path, site.line, op)
        if finite_floats is None:
            if where not in self.inspected_by and len(self.inspected_by) < _MAX_INSPECTORS:
                self.inspected_by.append(where)
        elif finite_floats and self.masked_by is None:
            self.masked_by = where

    def outcome(self) -> Optional[str]:
        if self.escaped:
            return None
        if self.masked_by is not None:
            return MASKED
        return INSPECTED if self.inspected_by else None


class Fates:
    def __init__(self):
        self.pending: List[Fate] = []
        self.context: Optional[str] = None  # the pytest test the pending values were born in

    def born(self, key: tuple, record: dict, context: Optional[str], settle: Callable[[], object]) -> Fate:
        if context != self.context or len(self.pending) >= _MAX_PENDING:
            settle()
        self.context = context
        fate = Fate(key, record)
        self.pending.append(fate)
        return fate

    def settle(self) -> Tuple[List[dict], Optional[dict]]:
        """The fate records of the pending occurrences, and the root record of the first one that is
        still a finding (untouched or only looked at: `--strict` raises for it)."""
        pending, self.pending = self.pending, []
        groups: Counter = Counter()
        first_finding = None
        for fate in pending:
            fate.settled = True
            outcome = fate.outcome()
            if outcome == MASKED:
                groups[(fate.key, MASKED, (fate.masked_by,))] += 1
            else:
                if outcome == INSPECTED:
                    groups[(fate.key, INSPECTED, tuple(fate.inspected_by))] += 1
                if not fate.escaped and first_finding is None:
                    first_finding = fate.record
        return [_record(key, outcome, by, count) for (key, outcome, by), count in groups.items()], first_finding


def _record(key: tuple, outcome: str, by: tuple, count: int) -> dict:
    path, line, phase, kind, op, context = key
    return {
        "type": "fate",
        "path": path,
        "line": line,
        "phase": phase,
        "kind": kind,
        "op": op,
        "context": context,
        "fate": outcome,
        "by": [{"path": p, "line": n, "op": o} for p, n, o in by],
        "count": count,
    }


def kept_events(records: List[dict]) -> List[dict]:
    """The event records of `records` but those of events every occurrence of which was thrown away."""
    occurrences, masked = Counter(), Counter()
    for record in records:
        if record.get("type") == "event":
            occurrences[event_key(record)] += 1
        elif record.get("type") == "fate" and record["fate"] == MASKED:
            masked[event_key(record)] += record["count"]
    return [r for r in records if r.get("type") == "event" and masked[event_key(r)] < occurrences[event_key(r)]]
