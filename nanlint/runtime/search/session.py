"""The monitored process's side of `--search`: record calls while the program runs, search when it ends.

The search runs at exit (before the monitor writes its last records), in the program's own process:
that is where its functions and classes exist as it defined them. The program's monitor is removed
first, so nothing the search runs counts as the program's own events; each candidate runs under a
monitor of its own. Results go to the run's records as `search` records, progress as `search_progress`.
"""

from __future__ import annotations

import atexit
import math
import os
import time
from typing import Dict, List, Optional, Set, Tuple

from nanlint.catalog import Prediction
from nanlint.runtime import environment
from nanlint.runtime.bypass import stop_watching_subprocesses
from nanlint.runtime.events import Kind
from nanlint.runtime.join import runtime_codes
from nanlint.runtime.search import engine, reproducer
from nanlint.runtime.search.plan import FlaggedLine, SearchPlan
from nanlint.runtime.search.recorder import Recorded, Recorder
from nanlint.runtime.search.report import NOT_SEARCHED, NOT_TRIGGERED, TRIGGERABLE, UNCONFIRMED
from nanlint.runtime.search.targets import risky_ops
from nanlint.runtime.search.trial import SEED, Goal, Trigger, danger_phases, relative_distance
from nanlint.runtime.sites import CHECKED


class Confirmations:
    """A sink in front of the monitor's: notes the flagged lines the run itself confirmed."""

    def __init__(self, sink, seen: Set[Tuple[str, int]]):
        self.sink, self.seen = sink, seen

    def emit(self, record: dict) -> None:
        if record.get("type") == "event" and record.get("kind") in (Kind.ROOT, Kind.INPLACE_ERROR):
            self.seen.add((record["path"], record["line"]))
        self.sink.emit(record)

    def close(self) -> None:
        self.sink.close()


def start(monitor, plan_path: str) -> None:
    """Called once the monitor is installed (activate), when verify passed a search plan."""
    plan = SearchPlan.load(plan_path)
    confirmed: Set[Tuple[str, int]] = set()
    sink = monitor.sink
    monitor.sink = Confirmations(sink, confirmed)
    recorder = Recorder(plan, lambda path: monitor.sites.classify(path) == CHECKED).install()
    atexit.register(_finish, monitor, sink, recorder, plan, confirmed)


def _finish(monitor, sink, recorder: Recorder, plan: SearchPlan, confirmed) -> None:
    recorder.uninstall()
    monitor.uninstall()
    stop_watching_subprocesses()  # the reproducers' re-runs are not the program's subprocesses
    paths = environment.checked_paths()
    recorded = list(recorder.recorded.values())
    clock = _Clock(plan.total_budget)
    run_searches(recorded, plan, confirmed, paths, sink.emit, clock)
    run_candidate_searches(recorded, monitor.closest_approaches(), plan, confirmed, paths, sink.emit, clock)


def run_searches(
    recorded: List[Recorded], plan: SearchPlan, confirmed, paths: List[str], emit, clock: Optional["_Clock"] = None
) -> None:
    """Search every flagged finding of every recorded function the run did not confirm, in order; one
    search answers all the findings on the same lines."""
    jobs = [
        (r, f)
        for r in recorded
        for f in _findings_in(r, plan)
        if not any((f.path, line) in confirmed for line in f.lines)
    ]
    clock = clock or _Clock(plan.total_budget)
    answers: Dict[tuple, Dict] = {}
    for number, (recorded_function, flagged) in enumerate(jobs, 1):
        goal = Goal(
            flagged.path,
            tuple(sorted(set(flagged.lines) & set(recorded_function.target.lines))),
            tuple(Prediction(*p) for p in flagged.predictions),
            tuple(flagged.columns),
        )
        key = (recorded_function.target.code, goal)
        if key not in answers:
            label = "%s:%d (%d/%d)" % (os.path.basename(flagged.path), goal.lines[0], number, len(jobs))
            answers[key] = clock.answer(
                lambda deadline: _search_one(recorded_function, goal, paths, deadline, plan, _progress(emit, label)),
                plan.budget,
            )
        emit(
            dict(
                answers[key],
                type="search",
                path=flagged.path,
                lines=flagged.lines,
                code=flagged.code,
                function=recorded_function.target.qualname,
                pid=os.getpid(),
            )
        )


def run_candidate_searches(
    recorded: List[Recorded],
    approaches: List[dict],
    plan: SearchPlan,
    confirmed,
    paths: List[str],
    emit,
    clock: "_Clock",
) -> None:
    """Search past the static findings: every risky op that ran in a recorded function, at a line no
    finding covers and where the run made nothing non-finite, the closest to its danger first (the
    margin the run recorded). A trigger is a runtime finding of its own (NAN011 forward, NAN012 backward)."""
    candidates = rank_candidates(recorded, approaches, plan, confirmed)
    for number, (recorded_function, goal) in enumerate(candidates, 1):
        label = "%s:%d (%d/%d, past the static findings)" % (
            os.path.basename(goal.path),
            goal.lines[0],
            number,
            len(candidates),
        )
        answer = clock.answer(
            lambda deadline: _search_one(
                recorded_function, goal, paths, deadline, plan, _progress(emit, label), values_only=True
            ),
            plan.budget,
        )
        if answer.get("reason", "").startswith("the total search budget"):
            return  # the rest are no findings: nothing to say about them
        trigger = answer.get("trigger") or {}
        emit(
            dict(
                answer,
                type="search",
                candidate=True,
                path=goal.path,
                lines=list(goal.lines),
                code=runtime_codes().get((Kind.ROOT, trigger.get("phase")), ""),
                function=recorded_function.target.qualname,
                pid=os.getpid(),
            )
        )


def rank_candidates(recorded: List[Recorded], approaches: List[dict], plan: SearchPlan, confirmed) -> List[tuple]:
    """(recorded function, goal) for each line of a recorded function with risky ops, no finding and no
    value the run made non-finite; closest first by the margin the run recorded (a line that never ran,
    behind an `if mask is not None:`, last). A goal wants any of the line's risky ops to make NaN/Inf."""
    flagged = {(f.path, line) for f in plan.flagged for line in f.lines} | set(confirmed)
    lines: Dict[Tuple[str, int], Tuple[Recorded, Set[str]]] = {}
    for holder in recorded:
        for line, names in risky_ops(holder.target.code).items():
            lines.setdefault((holder.target.path, line), (holder, set()))[1].update(names)
    closest: Dict[Tuple[str, int], float] = {}
    for approach in approaches:
        where = (approach["path"], approach["line"])
        if where in lines:
            lines[where][1].add(approach["op"])
            distance = relative_distance(approach["value"], approach["limit"], approach["lowest"])
            closest[where] = min(distance, closest.get(where, math.inf))
    ranked = []
    for where, (holder, names) in lines.items():
        predictions = tuple(Prediction(phase, name) for name in sorted(names) for phase in danger_phases(name))
        if where not in flagged and predictions:
            ranked.append((closest.get(where, math.inf), where, holder, Goal(where[0], (where[1],), predictions)))
    ranked.sort(key=lambda item: item[:2])
    return [(holder, goal) for _, _, holder, goal in ranked]


class _Clock:
    """The total budget, and what stops every search after it (the budget spent, an interruption)."""

    def __init__(self, total: float):
        self.total, self.end = total, time.monotonic() + total
        self.stopped = ""

    def answer(self, search, budget: float) -> Dict:
        if not self.stopped and time.monotonic() >= self.end:
            self.stopped = "the total search budget (%gs) ran out before this finding" % self.total
        if self.stopped:
            return {"status": NOT_SEARCHED, "reason": self.stopped}
        try:
            return search(min(time.monotonic() + budget, self.end))
        except KeyboardInterrupt:  # Ctrl-C or verify's timeout: report what is done, and the rest as such
            self.stopped = "the search was interrupted"
            return {"status": NOT_SEARCHED, "reason": self.stopped}
        except Exception as error:  # a failure of the search itself: say so, and go on with the next
            return {
                "status": NOT_SEARCHED,
                "reason": "the search failed: %s: %s" % (type(error).__name__, str(error).split("\n")[0][:200]),
            }


def _progress(emit, label: str):
    def report(trials: int, distance: float) -> None:
        closest = "%.3g" % distance if distance != float("inf") else "none yet"
        emit(
            {
                "type": "search_progress",
                "message": "searching %s: %d trial(s), closest margin %s" % (label, trials, closest),
            }
        )

    report(0, float("inf"))
    return report


def _findings_in(recorded: Recorded, plan: SearchPlan) -> List[FlaggedLine]:
    lines = set(recorded.target.lines)
    return [f for f in plan.flagged if f.path == recorded.target.path and lines & set(f.lines)]


def _search_one(
    recorded: Recorded, goal: Goal, paths, deadline, plan: SearchPlan, progress, values_only: bool = False
) -> Dict:
    target = recorded.target
    if target.reason:
        return {"status": NOT_SEARCHED, "reason": target.reason}
    if not recorded.calls:
        reason = recorded.copy_errors[0] if recorded.copy_errors else "no call of `%s` was recorded" % target.qualname
        return {"status": NOT_SEARCHED, "reason": reason}
    outcome = engine.search(target, recorded.calls, goal, paths, deadline, on_trial=progress, values_only=values_only)
    summary = {"trials": outcome.trials, "seconds": round(outcome.seconds, 2), "budget": plan.budget}
    if outcome.refused:
        return dict(
            summary,
            status=NOT_SEARCHED,
            reason="it tried to %s (the search does not let a function "
            "write files, use the network or start processes)" % outcome.refused,
        )
    if outcome.found is not None:
        return dict(summary, **_claim(target, goal, outcome.found, plan))
    if outcome.seeds_failed:
        return dict(
            summary,
            status=NOT_SEARCHED,
            reason="calling `%s` again with its recorded arguments raised %s"
            % (target.qualname, outcome.errors[0] if outcome.errors else "an error"),
        )
    closest = outcome.closest.result.margin if outcome.closest else None
    return dict(summary, status=NOT_TRIGGERED, ran_out=outcome.ran_out, margin=closest)


def _claim(target, goal: Goal, found: engine.Candidate, plan: SearchPlan) -> Dict:
    trigger = found.result.trigger
    claim = describe_trigger(found.call.changes, trigger, target.path)
    try:
        folder = reproducer.write(target, found.call, goal, trigger.line, claim, plan.reproducer_dir, SEED)
    except Exception as error:
        return {"status": UNCONFIRMED, "claim": claim, "reason": "its reproducer could not be saved: %s" % error}
    check = reproducer.rerun(folder)
    status = TRIGGERABLE if check.confirmed else UNCONFIRMED
    return {
        "status": status,
        "claim": claim,
        "reproducer": folder,
        "reason": check.why,
        "changes": found.call.changes,
        "trigger": trigger.__dict__,
    }


def describe_trigger(changes: List[str], trigger: Trigger, path: str) -> str:
    """`scaling `logits` by 100 makes log at losses.py:14 produce -inf in the forward pass`."""
    what = ", then ".join(changes) if changes else "calling it again with the recorded arguments"
    where = "%s at %s:%d" % (trigger.op, os.path.basename(path), trigger.line)
    if trigger.kind == Kind.INPLACE_ERROR:
        return "%s makes %s raise an autograd in-place error" % (what, where)
    phase = {
        "forward": "in the forward pass",
        "backward": "in the backward pass",
        "optimizer": "in the optimizer step",
    }.get(trigger.phase, "")
    node = " (%s)" % trigger.node if trigger.node and trigger.phase == "backward" else ""
    return "%s makes %s produce %s %s%s" % (what, where, trigger.values, phase, node)
