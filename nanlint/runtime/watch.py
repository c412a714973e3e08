"""`nanlint.watch()`: the runtime monitor as a context manager, for notebooks and training loops.

with nanlint.watch() as w:
    train_one_epoch(model, loader)
print(w.report())          # where NaN/Inf were born, and the closest approaches to danger
w.events                   # the same as SiteEvent objects (kind, phase, op, path, line, count, ...)
"""

from __future__ import annotations

from typing import Iterable, List

from nanlint.runtime.events import Kind, MemorySink
from nanlint.runtime.join import describe_event, describe_margin
from nanlint.runtime.monitor import Monitor
from nanlint.runtime.summary import Margin, RunSummary, SiteEvent, summarize


class Watch:
    def __init__(self, paths: Iterable[str] = (), strict: bool = False, margins: bool = True):
        self._sink = MemorySink()
        self._monitor = Monitor(self._sink, paths=list(paths), strict=strict, check_margins=margins)

    def __enter__(self) -> "Watch":
        self._monitor.install()
        return self

    def __exit__(self, *exc_info) -> None:
        self._monitor.uninstall()

    @property
    def records(self) -> List[dict]:
        """The raw records, as `nanlint verify` streams them to disk."""
        return list(self._sink.records)

    @property
    def events(self) -> List[SiteEvent]:
        """Every non-finite event seen so far, one per place and kind (explicit inf fills left out)."""
        return _reported_events(summarize(self.records))

    @property
    def margins(self) -> List[Margin]:
        return summarize(self.records).margins

    def report(self) -> str:
        summary = summarize(self.records)
        events = _reported_events(summary)
        lines = ["%s:%d: %s" % (e.path, e.line, describe_event(e)) for e in events]
        if not events:
            lines.append("nanlint: no NaN or Inf was produced")
        margins = summary.margins
        if margins:
            lines.append("closest approaches to the danger zone:")
            lines.extend("  %s:%d: %s %s" % (m.path, m.line, m.op, describe_margin(m)) for m in margins)
        return "\n".join(lines)


def _reported_events(summary: RunSummary) -> List[SiteEvent]:
    return [e for e in summary.events if e.kind != Kind.FILL]


def watch(paths: Iterable[str] = (), strict: bool = False, margins: bool = True) -> Watch:
    """Monitor every torch op in the block; `paths` are the files to prefer when attributing ops."""
    return Watch(paths=paths, strict=strict, margins=margins)
