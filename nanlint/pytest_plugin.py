"""pytest plugin: `pytest --nanlint` reports the NaN/Inf each test produced; `--nanlint-strict` fails it;
`--nanlint-search` also searches for inputs that trigger the findings no test triggered.

Loaded in every pytest session where nanlint is installed, so this module imports nothing heavy: torch
and the monitor are imported only when one of the options is given. Each test's events travel in its
report's `user_properties`, so the summary also works under pytest-xdist.
"""

from __future__ import annotations

import os
from dataclasses import replace

import pytest

_PROPERTY = "nanlint"
_REPORTED_KINDS = ("root", "nan_from_inf", "input", "inplace_error", "anomaly_error")
_FAILING_KINDS = ("root", "input", "inplace_error")
_BY_TEST = "by_test"  # made on purpose by the test (join.decide_by_test): listed, never failing


def pytest_addoption(parser) -> None:
    group = parser.getgroup("nanlint", "nanlint runtime monitor")
    group.addoption(
        "--nanlint",
        action="store_true",
        help="monitor torch ops and list the NaN/Inf each test produced, with their lines",
    )
    group.addoption(
        "--nanlint-strict",
        action="store_true",
        help="like --nanlint, and fail a test that produced a new NaN/Inf (unless marked nanlint_allow)",
    )
    group.addoption(
        "--nanlint-search",
        action="store_true",
        help="like --nanlint, and after the tests search for inputs that make the findings of "
        "`nanlint check` in the rootdir that no test confirmed produce NaN/Inf",
    )
    group.addoption(
        "--nanlint-search-budget",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="search time per finding (default: 30)",
    )
    group.addoption("--nanlint-search-dir", metavar="DIR", help="save the reproducers of the triggers found in DIR")


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "nanlint_allow: this test is meant to produce NaN/Inf; --nanlint-strict lets it pass"
    )
    if config.getoption("nanlint") or config.getoption("nanlint_strict") or config.getoption("nanlint_search"):
        config.pluginmanager.register(_Session(config), "nanlint-session")


class _Session:
    def __init__(self, config):
        from nanlint.runtime import activate
        from nanlint.runtime.events import MemorySink, TeeSink
        from nanlint.runtime.monitor import Monitor

        self._strict = config.getoption("nanlint_strict")
        self._root = str(config.rootpath)
        self._sink = MemorySink()
        existing = activate.current_monitor()
        if existing is not None:  # inside `nanlint verify`: share its monitor rather than stack a second
            existing.sink = TeeSink(existing.sink, self._sink)
            self._monitor, self._owned = existing, False
        else:
            self._monitor, self._owned = Monitor(self._sink, paths=[self._root]).install(), True
        self._search = None
        self._is_test = None  # built at the first event: the project's test patterns
        if config.getoption("nanlint_search") and self._owned:  # under `verify --search`, verify searches
            from nanlint.runtime.search.suite import SuiteSearch

            self._search = SuiteSearch(
                self._monitor,
                self._root,
                config.getoption("nanlint_search_budget"),
                config.getoption("nanlint_search_dir"),
            )

    def pytest_unconfigure(self, config) -> None:
        if self._owned:
            self._monitor.uninstall()

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item):
        first = len(self._sink.records)
        result = yield
        self._monitor.settle()  # what became of the values the test made: thrown away, looked at, used
        lines = self._describe(item.nodeid, self._sink.records[first:])
        if lines:
            item.user_properties.append((_PROPERTY, lines))
        if self._strict and lines and item.get_closest_marker("nanlint_allow") is None:
            failing = [line for line, kind in lines if kind in _FAILING_KINDS]
            if failing:
                pytest.fail("nanlint: this test produced new NaN/Inf values:\n  " + "\n  ".join(failing), pytrace=False)
        return result

    def _describe(self, nodeid, records):
        """(line, kind) per event of the test: the ones that count, then those it made on purpose."""
        from nanlint.runtime.join import decide_by_test, describe_event
        from nanlint.runtime.summary import summarize

        mine = [
            r
            for r in records
            if r.get("type") == "amp_skip"
            or (r.get("type") in ("event", "count", "fate") and r.get("context") == nodeid)
        ]
        events = [e for e in summarize(mine).events if e.kind in _REPORTED_KINDS]
        lines = []
        for event in events:
            decide_by_test(event, self._test_code(), self._root)
            where = "%s:%d: %s" % (self._relative(event.path), event.line, describe_event(replace(event, contexts=[])))
            if event.unexpected:  # the test's id is the heading: leave it out of each line
                lines.append((where, event.kind))
            elif event.by_test:
                lines.append(("%s: made on purpose by the test (%s)" % (where, event.by_test_why), _BY_TEST))
        return lines

    def _test_code(self):
        if self._is_test is None:
            from nanlint.project.run import default_project

            project = default_project()
            self._is_test = lambda path: project.checker_for(path).is_test(path)
        return self._is_test

    def _relative(self, path: str) -> str:
        relative = os.path.relpath(path, self._root) if not path.startswith("<") else path
        return path if relative.startswith(os.pardir) else relative

    def pytest_terminal_summary(self, terminalreporter) -> None:
        tests = {}
        for reports in terminalreporter.stats.values():
            for report in reports:
                for name, lines in getattr(report, "user_properties", ()):
                    if name == _PROPERTY and getattr(report, "when", "call") == "call":
                        tests[report.nodeid] = lines
        terminalreporter.section("nanlint: NaN/Inf produced by tests")
        if not tests:
            terminalreporter.write_line("no test produced a new NaN or Inf")
        for nodeid in sorted(tests):
            terminalreporter.write_line(nodeid)
            for line, _ in tests[nodeid]:
                terminalreporter.write_line("    " + line)
        if self._search is not None:
            terminalreporter.section("nanlint: search")
            for line in self._search.finish(self._monitor, self._sink.records):
                terminalreporter.write_line(line)
