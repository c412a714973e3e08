"""`pytest --nanlint-search`: the search of `nanlint verify --search`, for a test suite run by pytest.

The findings are `nanlint check`'s on the rootdir (test files are left out, as check leaves them out);
the calls the tests make to the functions holding them are recorded, and after the last test each
finding no test confirmed is searched as verify searches it.
"""

from __future__ import annotations

import os
import tempfile
from typing import List

from nanlint.project.run import default_project
from nanlint.runtime.join import display_path, join
from nanlint.runtime.search.plan import (
    DEFAULT_TOTAL_BUDGET,
    FlaggedLine,
    SearchPlan,
    finding_columns,
    finding_lines,
    predictions_of,
)
from nanlint.runtime.search.recorder import Recorder
from nanlint.runtime.search.report import SearchReport
from nanlint.runtime.search.session import Confirmations, run_searches
from nanlint.runtime.summary import summarize


class SuiteSearch:
    def __init__(self, monitor, root: str, budget: float, folder: str):
        project = default_project()
        self.findings = project.run([root], None).findings
        self.catalog = project.catalog
        self.root = root
        self.kept = bool(folder)
        folder = os.path.abspath(folder) if folder else tempfile.mkdtemp(prefix="nanlint-search-")
        flagged = [
            FlaggedLine(
                *finding_lines(f, root),
                code=f.code,
                predictions=predictions_of(self.catalog, f.code),
                columns=finding_columns(f),
            )
            for f in self.findings
            if predictions_of(self.catalog, f.code)
        ]
        self.plan = SearchPlan(flagged, budget, DEFAULT_TOTAL_BUDGET, folder)
        self.confirmed = set()
        monitor.sink = Confirmations(monitor.sink, self.confirmed)
        self.recorder = Recorder(self.plan).install()

    def finish(self, monitor, records: List[dict]) -> List[str]:
        """Search (the monitor removed first), and describe each finding the tests did not confirm."""
        self.recorder.uninstall()
        monitor.uninstall()
        searches: List[dict] = []
        run_searches(list(self.recorder.recorded.values()), self.plan, self.confirmed, [self.root], searches.append)
        summary = summarize(records + searches)
        joined = join(self.findings, summary, cwd=self.root, catalog=self.catalog)
        report = SearchReport(joined, summary.searches, reproducers_kept=self.kept, cwd=self.root)
        lines = []
        for index, outcome in enumerate(joined.outcomes):
            if report.line(index):
                finding = outcome.finding
                where = display_path(finding.path, self.root)
                lines.append("%s:%d: %s %s" % (where, finding.line, finding.code, report.line(index)))
        return sorted(lines) + [report.summary_line("pytest --nanlint-search")]
