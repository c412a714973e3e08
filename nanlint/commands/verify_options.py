"""`nanlint verify`'s command line, apart from the command (which imports the runtime): `--help`
and `--version` read it without importing torch, libcst or the checks."""

from __future__ import annotations

import argparse

from nanlint.project.options import add_rule_options
from nanlint.runtime.schedule import FULL, SAMPLED, Schedule
from nanlint.runtime.search.plan import DEFAULT_BUDGET, DEFAULT_TOTAL_BUDGET
from nanlint.types import OUTPUT_FORMATS

FORMATS = tuple(name for name, output in OUTPUT_FORMATS.items() if output.verify)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="files or directories to check statically and to prefer in attribution (default: .)",
    )
    parser.add_argument(
        "--run",
        nargs=argparse.REMAINDER,
        metavar="CMD",
        default=None,
        help="the command to run, with its arguments (everything after --run, verbatim; a `--` right "
        "after --run is skipped)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="stop the command after this long, and report what was collected",
    )
    parser.add_argument(
        "--strict", action="store_true", help="raise in the command at the first new NaN/Inf, like anomaly mode"
    )
    parser.add_argument(
        "--anomaly",
        action="store_true",
        help="also run under torch.autograd.set_detect_anomaly(True) (slower; raises at the first NaN in backward)",
    )
    parser.add_argument(
        "--monitor",
        choices=[SAMPLED, FULL],
        default=SAMPLED,
        help="sampled (default): every op for the first --full-window seconds and each test's "
        "first step, then a sample of steps and a cheap tripwire on the rest; full: every op "
        "of every step",
    )
    parser.add_argument(
        "--full-window",
        type=float,
        metavar="SECONDS",
        default=Schedule.full_seconds,
        help="how long a sampled run checks every op before sampling (default: %(default)s)",
    )
    parser.add_argument(
        "--output-format", choices=FORMATS, help="as for check (default: text, or output-format from the configuration)"
    )
    parser.add_argument(
        "--events-dir", metavar="DIR", help="keep the raw event records (JSON lines, one file per process) in DIR"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress line on the terminal")
    parser.add_argument(
        "--search",
        action="store_true",
        help="record the calls to functions holding flagged lines, and after the run search "
        "for inputs that make each finding the run did not confirm produce NaN/Inf",
    )
    parser.add_argument(
        "--search-budget",
        type=float,
        metavar="SECONDS",
        default=DEFAULT_BUDGET,
        help="search time per finding (default: %g)" % DEFAULT_BUDGET,
    )
    parser.add_argument(
        "--search-total-budget",
        type=float,
        metavar="SECONDS",
        default=DEFAULT_TOTAL_BUDGET,
        help="search time for all findings together (default: %g)" % DEFAULT_TOTAL_BUDGET,
    )
    parser.add_argument(
        "--search-dir",
        metavar="DIR",
        help="save a reproducer (inputs and a script) for each trigger the search finds in DIR",
    )
    add_rule_options(parser)  # --select, --ignore, --config...: the static side runs as `check` would
