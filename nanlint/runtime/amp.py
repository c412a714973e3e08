"""Notice the optimizer steps that `torch.amp.GradScaler` skipped because gradients overflowed.

Overflowing fp16/bf16 gradients are how a GradScaler finds its scale: the steps it skips are expected,
and the report marks the backward events of those steps as such instead of calling them bugs.
"""

from __future__ import annotations

from typing import Callable, ContextManager


def _scaler_class():
    try:
        from torch.amp import GradScaler
    except ImportError:  # torch < 2.3
        from torch.cuda.amp import GradScaler
    return GradScaler


def _found_inf(scaler, optimizer) -> bool:
    state = scaler._per_optimizer_states.get(id(optimizer), {})
    return any(v.item() for v in state.get("found_inf_per_device", {}).values())


def watch_grad_scaler(on_skip: Callable[[], None], quietly: Callable[[], ContextManager]) -> Callable[[], None]:
    """Call `on_skip()` after every GradScaler.step that skipped; the step's own ops run `quietly()`
    (the optimizer step is checked as a unit). Returns a function that undoes the patch."""
    scaler_class = _scaler_class()
    original = scaler_class.step

    def step(self, optimizer, *args, **kwargs):
        with quietly():
            result = original(self, optimizer, *args, **kwargs)
        try:
            skipped = self.is_enabled() and _found_inf(self, optimizer)
        except Exception:  # a private attribute changed: the report just will not mark skipped steps
            skipped = False
        if skipped:
            on_skip()
        return result

    scaler_class.step = step

    def undo() -> None:
        scaler_class.step = original

    return undo
