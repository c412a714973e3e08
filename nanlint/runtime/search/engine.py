"""The search for one finding: candidates built from the recorded calls by mutations and by steps
against the margin's gradient, the closest to the danger zone kept and changed further, until an op at
the finding's lines produces NaN/Inf (or an autograd error) or the time runs out.

Single changes of the closest recorded call are tried first (a trigger they find is the simplest to
explain); a trigger found by a longer chain of changes is then reduced: each change is dropped in turn,
the rest replayed on the recorded call, and the drop kept when the trigger remains.
"""

from __future__ import annotations

import functools
import math
import random
import time
from dataclasses import dataclass, field
from typing import Callable, List, Optional

from nanlint.runtime.search.calls import Call, Step, requiring_grad
from nanlint.runtime.search.mutations import MUTATIONS, VALUE_MUTATIONS, gradient_step, scale, scale_factor
from nanlint.runtime.search.targets import Target
from nanlint.runtime.search.trial import Goal, TrialResult, margin_gradient, run_trial

POOL_SIZE = 8
MAX_CHANGES = 6  # a longer chain of changes is not worth explaining
GRADIENT_SHARE = 0.3
SWEEP_DRAWS = 8  # random draws of each mutation in a sweep of single changes
PAIR_BASES = 3  # the closest single changes that get a sweep of their own
REDUCTION_SHARE = 0.2
SCALE_BISECTIONS = 6
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
    seeds_failed: bool = False  # every recorded call raised when called again


class _Search:
    def __init__(
        self,
        target: Target,
        lines: List[int],
        paths: List[str],
        deadline: float,
        on_trial: Callable,
        mutations=MUTATIONS,
    ):
        self.target, self.goal, self.paths, self.on_trial = target, lines, paths, on_trial
        self.mutations = mutations
        self.deadline = deadline
        self.reduction_deadline = deadline + REDUCTION_SHARE * max(0.0, deadline - time.monotonic())
        self.outcome = SearchOutcome()
        self.pool: List[Candidate] = []
        self.swept: List[Candidate] = []  # the single changes of the first sweep, for the second
        self.rng = random.Random(0)

    def out_of_time(self, reducing: bool = False) -> bool:
        if time.monotonic() >= (self.reduction_deadline if reducing else self.deadline):
            self.outcome.ran_out = True
            return True
        return False

    def seconds_left(self, reducing: bool = False) -> float:
        return (self.reduction_deadline if reducing else self.deadline) - time.monotonic()

    def run(self, call: Call, reducing: bool = False) -> TrialResult:
        self.outcome.trials += 1
        return run_trial(self.target, call, self.goal, self.paths, self.seconds_left(reducing))

    def attempt(self, call: Call) -> bool:
        """Run a candidate; True when the search is over (found, or refused)."""
        result = self.run(call)
        if result.refused:
            self.outcome.refused = result.refused
            return True
        candidate = Candidate(call, result)
        if result.trigger:
            self.outcome.found = candidate
            return True
        if result.error:
            if result.error not in self.outcome.errors:
                self.outcome.errors.append(result.error)
            return False
        self.swept.append(candidate)
        self.keep(candidate)
        self.on_trial(self.outcome.trials, self.pool[0].result.distance)
        return False

    def keep(self, candidate: Candidate) -> None:
        if len(candidate.call.changes) > MAX_CHANGES:
            return
        self.pool.append(candidate)
        self.pool.sort(key=lambda c: c.result.distance)
        if len(self.pool) > POOL_SIZE:  # drop one of the worse half, not always the worst
            self.pool.pop(self.rng.randrange(POOL_SIZE // 2, len(self.pool)))

    def sweeps(self) -> bool:
        """Single changes of the closest recorded call, then of the closest few of those."""
        self.swept = []
        if self.sweep(self.pool[0].call):
            return True
        closest = sorted(self.swept, key=lambda c: c.result.distance)[:PAIR_BASES]
        return any(self.sweep(single.call) for single in closest)

    def sweep(self, base: Call) -> bool:
        tried = set()
        for mutation in self.mutations:
            for draw in range(SWEEP_DRAWS):
                if self.out_of_time():
                    return True
                child = mutate(base, mutation.apply, draw)
                if child is None or tuple(child.changes) in tried:
                    continue
                tried.add(tuple(child.changes))
                if self.attempt(child):
                    return True
        return False

    def evolve(self) -> None:
        idle = 0
        while self.pool and idle < _IDLE_LIMIT and not self.out_of_time():
            child = self.next_candidate()
            if child is None:
                idle += 1
                continue
            idle = 0
            if self.attempt(child):
                return

    def next_candidate(self) -> Optional[Call]:
        pool, rng = self.pool, self.rng
        parent = pool[0] if rng.random() < 0.6 else rng.choice(pool)
        if len(parent.call.changes) >= MAX_CHANGES:
            parent = min(pool, key=lambda c: len(c.call.changes))
        seed = rng.randrange(2**31)
        if rng.random() < GRADIENT_SHARE and math.isfinite(parent.result.distance):
            if parent.gradients is None:
                parent.gradients = margin_gradient(self.target, parent.call, self.goal, self.paths, self.seconds_left())
            if parent.gradients:  # computed at this parent already: replays recompute it where they are
                child = gradient_step(parent.call, parent.gradients, random.Random(seed))
                if child is not None:
                    child.steps = parent.call.steps + [Step(self.gradient_mutation, seed)]
                return child
        return mutate(parent.call, rng.choice(self.mutations).apply, seed)

    def gradient_mutation(self, call: Call, rng: random.Random) -> Optional[Call]:
        """A step against the margin's gradient at `call` (recomputed there when replayed)."""
        return gradient_step(
            call, margin_gradient(self.target, call, self.goal, self.paths, self.seconds_left(reducing=True)), rng
        )

    def reduce(self) -> None:
        found = self.outcome.found
        steps = list(found.call.steps)
        index = 0
        while index < len(steps) and len(steps) > 1 and not self.out_of_time(reducing=True):
            shorter = replay(found.call.recorded, steps[:index] + steps[index + 1 :])
            result = self.run(shorter, reducing=True) if shorter is not None else None
            if result is not None and result.trigger:
                self.outcome.found, steps = Candidate(shorter, result), steps[:index] + steps[index + 1 :]
            else:
                index += 1
        for index, step in enumerate(steps):
            if step.apply is scale:
                steps = self.smallest_scale(steps, index)

    def smallest_scale(self, steps: List[Step], index: int) -> List[Step]:
        """Bisect (on a log scale) the factor of a scaling step down to about the smallest that triggers."""
        before = replay(self.outcome.found.call.recorded, steps[:index])
        high = scale_factor(steps[index].seed, before)
        low = 1.0
        for _ in range(SCALE_BISECTIONS):
            if self.out_of_time(reducing=True):
                break
            middle = math.sqrt(low * high)
            trial_steps = (
                steps[:index]
                + [Step(functools.partial(scale, factor=float("%.2g" % middle)), steps[index].seed)]
                + steps[index + 1 :]
            )
            candidate = replay(self.outcome.found.call.recorded, trial_steps)
            result = self.run(candidate, reducing=True) if candidate is not None else None
            if result is not None and result.trigger:
                self.outcome.found, steps, high = Candidate(candidate, result), trial_steps, middle
            else:
                low = middle
        return steps


def mutate(call: Call, apply: Callable, seed: int) -> Optional[Call]:
    child = apply(call, random.Random(seed))
    if child is not None:
        child.steps = call.steps + [Step(apply, seed)]
    return child


def replay(recorded: Call, steps: List[Step]) -> Optional[Call]:
    call = recorded
    for step in steps:
        call = mutate(call, step.apply, step.seed)
        if call is None:
            return None
    return call


def search(
    target: Target,
    seeds: List[Call],
    goal: Goal,
    paths: List[str],
    deadline: float,
    on_trial: Callable[[int, float], None] = lambda trials, distance: None,
    values_only: bool = False,
) -> SearchOutcome:
    """`values_only`: change values, not dtypes (a risky op past the static findings)."""
    started = time.monotonic()
    if goal.differentiates:
        seeds = [requiring_grad(seed) for seed in seeds]
    state = _Search(target, goal, paths, deadline, on_trial, VALUE_MUTATIONS if values_only else MUTATIONS)
    done = any(state.attempt(seed) for seed in seeds)
    state.outcome.seeds_failed = not done and not state.pool
    if not done and state.pool:
        done = state.sweeps()
    if not done:
        state.evolve()
    if state.outcome.found is not None:
        state.reduce()
    outcome = state.outcome
    outcome.closest = state.pool[0] if state.pool else None
    outcome.seconds = time.monotonic() - started
    return outcome
