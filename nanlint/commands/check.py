"""`nanlint check`: find, fix, silence (`--add-noqa`) and watch, and print the report."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from collections import Counter
from typing import TYPE_CHECKING, Dict, Iterator, List, Optional, TextIO

from nanlint.catalog import CatalogError, Rule
from nanlint.formats.output import HUMAN, STATISTICS_FORMATS, Summary, plural, render, render_errors, render_statistics
from nanlint.inputs import is_notebook
from nanlint.inputs.source import SourceError, decode
from nanlint.project.config import ConfigError
from nanlint.commands.fixing import Document, Outcome, checked, fix_files, fix_source, sources_of
from nanlint.project.hierarchy import configuration_candidates
from nanlint.commands.messages import warn
from nanlint.commands.progress import progress_line
from nanlint.project.options import UsageError
from nanlint.project.discovery import EXCLUDED, GITIGNORED, TEST_CODE, Discovered
from nanlint.project.run import Project, make_project
from nanlint.types import Exit, Report

if TYPE_CHECKING:
    import argparse

STDIN = "-"


def run_check(args: argparse.Namespace) -> int:
    _refuse_conflicts(args)
    project = make_project(args)
    paths = args.paths or ["."]
    if args.show_settings:
        return _show_settings(project, args.show_settings)
    if args.show_files:
        return _show_files(project, paths)
    if args.add_noqa:
        return _add_noqa(project, args)
    if args.watch:
        return _watch(project, args)
    with _report_stream(args.output_file) as out:
        outcome = _check(project, args)
        if not outcome.skipped_on_purpose:
            _print(outcome, project, args, out)
    _warn_unchecked(outcome, args)
    return _exit_code(outcome, args)


def _exit_code(outcome: Outcome, args: argparse.Namespace) -> int:
    if outcome.report.errors or (outcome.nothing_checked and not outcome.skipped_on_purpose):
        return Exit.ERROR
    if args.diff:
        return Exit.FINDINGS if outcome.diffs else Exit.CLEAN
    if args.exit_zero:
        return Exit.CLEAN
    if args.exit_non_zero_on_fix and outcome.fixed:
        return Exit.FINDINGS
    return Exit.FINDINGS if outcome.report.findings else Exit.CLEAN


CONFLICTS = (  # (option, options it cannot be used with), as in ruff
    ("add_noqa", ("fix", "diff", "watch", "statistics", "stdin_filename")),
    ("watch", ("diff", "statistics", "stdin_filename", "output_file")),
    ("diff", ("show_fixes",)),
    ("exit_zero", ("exit_non_zero_on_fix",)),
)


def _refuse_conflicts(args: argparse.Namespace) -> None:
    if STDIN in args.paths and args.paths != [STDIN]:
        raise UsageError("`-` (standard input) cannot be mixed with other paths")
    for option, others in CONFLICTS:
        if not getattr(args, option):
            continue
        if args.paths == [STDIN] and option in ("add_noqa", "watch"):
            raise UsageError(f"`{_flag(option)}` cannot read standard input")
        clash = next((other for other in others if getattr(args, other)), None)
        if clash:
            raise UsageError(f"`{_flag(option)}` cannot be used with `{_flag(clash)}`")


def _flag(option: str) -> str:
    return "--" + option.replace("_", "-")


@contextmanager
def _report_stream(path: Optional[str]) -> Iterator[TextIO]:
    """Standard output, or the file of `--output-file` (its folders made as needed)."""
    if path is None:
        yield sys.stdout
        return
    from pathlib import Path

    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        stream = open(path, "w", encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write the output file {path}: {error.strerror or error}") from None
    with stream:
        yield stream


def _warn_unchecked(outcome: Outcome, args: argparse.Namespace) -> None:
    if outcome.nothing_checked and not (outcome.skipped_on_purpose and args.quiet):
        warn(outcome.nothing_checked)


def _show_settings(project: Project, path: str) -> int:
    from nanlint.commands.show import settings_text

    if not os.path.lexists(path):
        raise UsageError(f"{path}: no such file or directory")
    sys.stdout.write(settings_text(project.checker_for(path), path))
    return Exit.CLEAN


def _show_files(project: Project, paths: List[str]) -> int:
    from nanlint.commands.show import write_files

    discovered = project.discover(paths)
    write_files(discovered, sys.stdout)
    sys.stdout.flush()
    render_errors(Report(errors=discovered.errors), sys.stderr)
    return Exit.ERROR if discovered.errors else Exit.CLEAN


def nothing_checked(discovered: Discovered) -> Optional[str]:
    """The warning for a run that found no file to check, saying what it skipped; None if files
    were found, or if paths could not be read (their errors say why)."""
    if discovered.files or discovered.errors:
        return None
    counts = Counter(skipped.kind for skipped in discovered.skipped)
    parts: List[str] = []
    if counts[TEST_CODE]:
        parts.append(plural(counts[TEST_CODE], "test file") + " skipped (check-tests is off)")
    if counts[EXCLUDED]:
        parts.append(plural(counts[EXCLUDED], "path") + " excluded")
    if counts[GITIGNORED]:
        parts.append(plural(counts[GITIGNORED], "path") + " gitignored")
    if not parts:
        return "no Python files checked: there are none under the paths given"
    return "no Python files checked: " + ", ".join(parts) + "; `--show-files` lists them"


def only_named_skipped(discovered: Discovered, paths: List[str]) -> bool:
    """Was every path named explicitly, and skipped on purpose (force-exclude)? pre-commit names
    each staged file: a commit of excluded files or tests alone has nothing to check, and passes."""
    named = {os.path.normpath(skipped.path) for skipped in discovered.skipped if skipped.named}
    return bool(paths) and not discovered.errors and all(os.path.normpath(path) in named for path in paths)


def _check(project: Project, args: argparse.Namespace) -> Outcome:
    settings = project.settings
    if args.statistics and settings.output_format not in STATISTICS_FORMATS:
        raise UsageError(f"`--statistics` prints only in the {', '.join(STATISTICS_FORMATS)} output formats")
    if args.paths == [STDIN] or (not args.paths and args.stdin_filename):
        return _check_stdin(project, args)
    paths = args.paths or ["."]
    discovered = project.discover(paths)
    nothing = nothing_checked(discovered)
    if nothing is not None:  # pre-commit staging only excluded files or tests has nothing to check, and passes
        return Outcome(Report(), nothing_checked=nothing, skipped_on_purpose=only_named_skipped(discovered, paths))
    _catalog_for(project, args)  # loaded before the check writes the cache: a catalog it lost is stored again
    with progress_line(len(discovered.files), args.quiet) as progress:
        report = project.check(discovered, args.jobs, progress)
    if project.cache_warning:
        warn(project.cache_warning)
    return fix_files(project, report, write=not args.diff) if settings.fix or args.diff else Outcome(report)


def _print(outcome: Outcome, project: Project, args: argparse.Namespace, out: TextIO) -> None:
    settings = project.settings
    if outcome.fixed_stdin is not None:  # the fixed code owns standard output, as with ruff
        sys.stdout.flush()
        sys.stdout.buffer.write(outcome.fixed_stdin)
        sys.stdout.buffer.flush()
        out = sys.stderr if out is sys.stdout else out
    if args.diff:
        out.write("".join(outcome.diffs))
        if outcome.fixed and not args.quiet:
            sys.stderr.write(f"Would fix {plural(len(outcome.fixed), 'error')}.\n")
    elif args.statistics:
        render_statistics(outcome.report, settings.output_format, out, _catalog_for(project, args))
    else:
        # With nothing checked there is no summary to give ("All checks passed!" would be untrue).
        quiet = args.quiet or outcome.nothing_checked is not None
        summary = Summary(settings.unsafe_fixes, outcome.fixed, quiet, bool(args.show_fixes))
        render(outcome.report, settings.output_format, out, _catalog_for(project, args), outcome.sources, summary)
    out.flush()
    render_errors(outcome.report, sys.stderr)


def _catalog_for(project: Project, args: argparse.Namespace) -> Dict[str, Rule]:
    """The rules the run describes or needs besides the checks: the machine formats give each
    finding's rule (its page), `--statistics` their names, a fix checks the fixed code again. A human
    report of cached results needs none: reading the catalog would be most of such a run's work."""
    settings = project.settings
    if settings.output_format in HUMAN and not (args.statistics or settings.fix or args.diff):
        return {}
    return project.catalog


def _add_noqa(project: Project, args: argparse.Namespace) -> int:
    paths = args.paths or ["."]
    discovered = project.discover(paths)
    outcome = Outcome(
        Report(), nothing_checked=nothing_checked(discovered), skipped_on_purpose=only_named_skipped(discovered, paths)
    )
    if outcome.nothing_checked is not None:
        _warn_unchecked(outcome, args)
        return _exit_code(outcome, args)
    report = project.check(discovered, args.jobs)
    from nanlint.project.add_noqa import add_to_files  # the fixes' module (libcst): only to add comments

    done = add_to_files(project, report.findings)
    if done.lines and not args.quiet:
        sys.stderr.write(f"Added {plural(done.lines, 'noqa directive')}.\n")
    for finding in done.unsilenced:
        warn(
            f"{finding.path}:{finding.line}:{finding.column}: {finding.code} is still reported: "
            "no line of its span can end in a comment"
        )
    render_errors(Report(errors=report.errors + done.errors), sys.stderr)
    if report.errors or done.errors:
        return Exit.ERROR
    return Exit.FINDINGS if done.unsilenced else Exit.CLEAN


def _watch(project: Project, args: argparse.Namespace) -> int:
    import argparse

    from nanlint.commands import watch_files

    paths = args.paths or ["."]
    quiet = argparse.Namespace(**{**vars(args), "quiet": True})  # each run's status line says how many
    watched_project = project  # the last good configuration is watched while one is broken
    files: List[str] = []

    def check_once() -> None:
        try:
            current = make_project(args)
            outcome = _check(current, args)
        except (ConfigError, CatalogError) as error:  # fix the configuration and the watch goes on
            sys.stderr.write(f"nanlint: error: {error}\n")
            return
        nonlocal watched_project
        watched_project = current
        found = outcome.report.findings
        watch_files.notify(f"Found {plural(len(found), 'error')}. Watching for file changes.")
        if found:
            sys.stdout.write("\n")
        _print(outcome, current, quiet, sys.stdout)
        _warn_unchecked(outcome, args)

    def watched() -> List[str]:
        nonlocal files
        current = watched_project
        try:
            files = [candidate.path for candidate in current.discover(paths).files]
        except (ConfigError, CatalogError):  # a configuration made bad since: its folders' files as they were
            pass
        rule_files = [rule_file for checker in current.checkers for rule_file in checker.settings.extend_rule_files]
        given = [args.config] if args.config else []
        return files + rule_files + given + configuration_candidates(files + paths)

    return watch_files.watch(check_once, watched)


def _check_stdin(project: Project, args: argparse.Namespace) -> Outcome:
    name = args.stdin_filename or STDIN
    data = sys.stdin.buffer.read()
    fixing = project.settings.fix and not args.diff
    if args.stdin_filename and project.named_skip(name):
        return Outcome(Report(), fixed_stdin=data if fixing else None)
    try:
        if is_notebook(name):
            from nanlint.inputs.notebook import parse as parse_notebook

            document: Document = parse_notebook(data, name)
        else:
            document = decode(data, name)
    except SourceError as error:
        return Outcome(Report(errors=[error.error]), fixed_stdin=data if fixing else None)
    checker = project.checker_for(name)
    document, result = checked(checker, document, named=True)
    report = Report(findings=result.findings, errors=result.errors, files_checked=1).sort()
    if not (fixing or args.diff):
        return Outcome(report, sources=sources_of(document))
    outcome = fix_source(checker, report, document, write=False, unsafe=project.settings.unsafe_fixes)
    if fixing:
        outcome.fixed_stdin = outcome.written if outcome.written is not None and not outcome.report.errors else data
    return outcome
