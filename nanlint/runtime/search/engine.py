"""The search for one finding: candidates built from the recorded calls by mutations and by steps
against the margin's gradient, the closest to the danger zone kept and changed further, until an op at
the finding's lines produces NaN/Inf (or an autograd error) or the time runs out."""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Callable, List, Optional

from nanlint.runtime.search.calls import Call
from nanlint.runtime.search.mutations import MUTATIONS, gradient_step
from nanlint.runtime.search.targets import Target
from nanlint.runtime.search.trial import TrialResult, margin_gradient, run_trial

POOL_SIZE = 8
MAX_CHANGES = 6  # a longer chain of changes is not worth explaining
GRADIENT_SHARE = 0.3
SWEEP_DRAWS = 8  # random draws of each mutation on the closest recorded call, before the search proper
_IDLE_LIMIT = 200  # mutations in a row that do not apply: the call has nothing to change


@dataclass
class Candidate:
    call: Call
    result: TrialResult
    gradients: Optional[dict] = None  # computed once, when first needed


@dataclass
class SearchOutcome:
    trials: int = 0
    seconds: float = 0.0
    found: Optional[Candidate] = None
    closest: Optional[Candidate] = None
    refused: str = ""
    errors: List[str] = field(default_factory=list)  # distinct exceptions candidates raised
    ran_out: bool = False  # stopped by the budget (else: nothing left to try)


def search(target: Target, seeds: List[Call], lines: List[int], paths: List[str], deadline: float,
           on_trial: Callable[[int, float], None] = lambda trials, distance: None) -> SearchOutcome:
    started = time.monotonic()
    outcome = SearchOutcome()
    rng = random.Random(0)
    pool: List[Candidate] = []

    def attempt(call: Call) -> bool:
        """Run a candidate; True when the search is over (found, or refused)."""
        result = run_trial(target, call, lines, paths)
        outcome.trials += 1
        if result.refused:
            outcome.refused = result.refused
            return True
        candidate = Candidate(call, result)
        if result.trigger:
            outcome.found = candidate
            return True
        if result.error:
            if result.error not in outcome.errors:
                outcome.errors.append(result.error)
            return False
        _keep(pool, candidate, rng)
        on_trial(outcome.trials, pool[0].result.distance)
        return False

    done = any(attempt(seed) for seed in seeds)
    if not done and pool:
        done = _sweep(pool[0].call, attempt, deadline, outcome)
    idle = 0
    while not done and pool and idle < _IDLE_LIMIT:
        if time.monotonic() >= deadline:
            outcome.ran_out = True
            break
        child = _next_candidate(pool, target, lines, paths, rng)
        if child is None:
            idle += 1
            continue
        idle = 0
        done = attempt(child)
    outcome.closest = pool[0] if pool else None
    outcome.seconds = time.monotonic() - started
    return outcome


def _sweep(seed: Call, attempt, deadline: float, outcome: SearchOutcome) -> bool:
    """Single changes of the closest recorded call first: a trigger they find is the simplest to explain."""
    tried = set()
    for mutation in MUTATIONS:
        for draw in range(SWEEP_DRAWS):
            if time.monotonic() >= deadline:
                outcome.ran_out = True
                return True
            child = mutation.apply(seed, random.Random(draw))
            if child is None or tuple(child.changes) in tried:
                continue
            tried.add(tuple(child.changes))
            if attempt(child):
                return True
    return False


def _keep(pool: List[Candidate], candidate: Candidate, rng: random.Random) -> None:
    pool.append(candidate)
    pool.sort(key=lambda c: c.result.distance)
    if len(pool) > POOL_SIZE:
        pool.pop(rng.randrange(POOL_SIZE // 2, len(pool)))  # drop one of the worse half, not always the worst


def _next_candidate(pool, target, lines, paths, rng: random.Random) -> Optional[Call]:
    parent = pool[0] if rng.random() < 0.6 else rng.choice(pool)
    if len(parent.call.changes) >= MAX_CHANGES:
        parent = min(pool, key=lambda c: len(c.call.changes))
    if rng.random() < GRADIENT_SHARE and math.isfinite(parent.result.distance):
        if parent.gradients is None:
            parent.gradients = margin_gradient(target, parent.call, lines, paths)
        if parent.gradients:
            return gradient_step(parent.call, parent.gradients, rng)
    return rng.choice(MUTATIONS).apply(parent.call, rng)
