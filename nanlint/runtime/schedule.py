"""Which training steps the monitor checks op by op, and which only at its tripwire.

Checking every op names the line where a NaN/Inf is born, but on a small model it costs about as much as
the step itself; the tripwire (module outputs, the loss, the gradients, the parameters: a few reductions
read once per checkpoint) costs a few percent. So a run is checked op by op for its first
`full_seconds`, and in the first step of every pytest test (short programs, tests and bug reproductions are
therefore checked whole); after that, a sample of steps is checked op by op, keeping their time under
`sample_share` of the run's time (2%: an hour's run still has 72 s of steps checked op by op, for margins
and for values born and masked inside a step, which the tripwire does not see; each point of share costs
a small model half a point of overhead), and a trip that replay could not explain makes the next
`escalation_steps` steps op by op. A step runs from the end of one backward pass to the end of the next;
the run's time is the sum of its steps (time spent uninstalled does not count). Does not import torch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

FULL, SAMPLED = "full", "sampled"


@dataclass
class Schedule:
    full_seconds: float = 20.0
    sample_share: float = 0.02
    escalation_steps: int = 20
    run_time: float = 0.0  # the steps' time, plus the time before the first step ended
    sampled_full_time: float = 0.0  # time spent in sampled op-by-op steps after the first window
    escalated_until: int = -1
    context: Optional[str] = None
    steps: int = 0
    full_steps: int = 0

    @classmethod
    def always_full(cls) -> "Schedule":
        return cls(full_seconds=float("inf"))

    def step_done(self, was_full: bool, seconds: float) -> None:
        self.steps += 1
        self.run_time += seconds
        if was_full:
            self.full_steps += 1
            if self.run_time > self.full_seconds:
                self.sampled_full_time += seconds

    def next_is_full(self, step: int, context: Optional[str]) -> bool:
        """Whether the step that starts now is checked op by op."""
        new_context = context != self.context
        self.context = context
        if new_context and context is not None or step <= self.escalated_until:
            return True
        if self.run_time < self.full_seconds:
            return True
        return self.sampled_full_time < self.sample_share * (self.run_time - self.full_seconds)

    def escalate(self, step: int) -> None:
        self.escalated_until = step + self.escalation_steps
