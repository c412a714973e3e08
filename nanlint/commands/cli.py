"""The command line, in ruff's conventions: `nanlint check`, `nanlint rule CODE`, `nanlint rules`,
`nanlint clean`, `nanlint verify`, `nanlint server`.

Exit codes: 0 no findings; 1 findings (with --diff: fixes to make; with --exit-non-zero-on-fix:
also fixes made); 2 usage or configuration error, a file or folder that could not be read or
parsed (every other file is still checked and reported), or no file to check at all (unless
every path named was skipped by --force-exclude).
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, List, Optional, Sequence, TextIO, Tuple, Union

from nanlint.install import ABOVE_PACKAGE, in_checkout
from nanlint.version import __version__
from nanlint.engine.walk import FileResult
from nanlint.project.checker import Checker, findings_in_cells
from nanlint.project.run import Project
from nanlint.project.cache import caches_under, clean, default_directory
from nanlint.catalog import CatalogError
from nanlint.project.config import ConfigError
from nanlint.engine.fixes import FixOutcome, applicable, encoding_error, fix_text, moved, unified_diff
from nanlint.types import OUTPUT_FORMATS, Exit, FileError, Finding, Report
from nanlint.project.hierarchy import configuration_candidates
from nanlint.project.add_noqa import add_to_files
from nanlint.inputs.notebook import Notebook, is_notebook, load as load_notebook, parse as parse_notebook
from nanlint.project.options import UsageError, add_rule_options, make_project
from nanlint.formats.output import (
    STATISTICS_FORMATS,
    Sources,
    Summary,
    plural,
    render,
    render_errors,
    render_statistics,
)
from nanlint.commands.rules import run_rule, run_rules
from nanlint.commands.show import nothing_checked, only_named_skipped, settings_text, write_files
from nanlint.inputs.source import RewriteError, SourceError, SourceFile, decode, read, rewrite

STDIN = "-"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse exits 2 as well; keep its usage line, one message
        self.print_usage(sys.stderr)
        self.exit(Exit.ERROR, f"nanlint: error: {message}\n")


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of processes (1 or more), got {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="nanlint", description="Find NaN/Inf-prone PyTorch code, statically and at run time.")
    parser.add_argument("--version", action="version", version=f"nanlint {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    check = commands.add_parser("check", help="check files and folders for NaN/Inf-prone code")
    check.add_argument("paths", nargs="*", help="files or folders (default: .); - reads standard input")
    add_rule_options(check)
    switch = argparse.BooleanOptionalAction
    check.add_argument(
        "--output-format", choices=tuple(OUTPUT_FORMATS), help="how findings are printed (default: full)"
    )
    check.add_argument(
        "-o", "--output-file", metavar="PATH", help="write the report to PATH instead of standard output"
    )
    check.add_argument(
        "--statistics", action="store_true", help="print the number of findings per rule instead of each finding"
    )
    check.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    check.add_argument(
        "--exit-non-zero-on-fix", action="store_true", help="exit 1 if a fix was made, even when no finding remains"
    )
    check.add_argument(
        "-q", "--quiet", action="store_true", help="print the findings and errors, nothing else (no summary)"
    )
    check.add_argument("--fix", action=switch, help="apply safe fixes")
    check.add_argument(
        "--unsafe-fixes", action=switch, help="also apply fixes that change numbers (add an eps, a clamp)"
    )
    check.add_argument(
        "--diff", action="store_true", help="print the fixes as a diff instead of writing them; exit 1 if there is one"
    )
    check.add_argument("--show-fixes", action=switch, help="list the fixes made, per file and rule")
    check.add_argument(
        "--add-noqa", action="store_true", help="add a `# noqa: CODE` comment to each line with a finding, and exit"
    )
    check.add_argument("-w", "--watch", action="store_true", help="check again whenever a file changes")
    check.add_argument(
        "--stdin-filename",
        metavar="PATH",
        help="the name to report (and match against the configuration) for code read from standard input",
    )
    check.add_argument(
        "--force-exclude",
        action=switch,
        help="apply the exclude patterns to files named explicitly too (for pre-commit)",
    )
    check.add_argument("--respect-gitignore", action=switch, help="skip files that .gitignore ignores (default: on)")
    check.add_argument("-j", "--jobs", type=_jobs, metavar="N", help="worker processes (default: all cores)")
    check.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    check.add_argument(
        "--cache-dir", metavar="PATH", help="where the cache lives (default: .nanlint_cache beside the configuration)"
    )
    check.add_argument(
        "--show-settings",
        metavar="PATH",
        help="print the settings PATH is checked with (its configuration file, rules, excludes...) and exit",
    )
    check.add_argument(
        "--show-files",
        action="store_true",
        help="list the files that would be checked, and those skipped with why, and exit",
    )

    rule = commands.add_parser("rule", help="print a rule's documentation (or every rule's)")
    rule.add_argument("code", nargs="?", help="a rule code such as NAN101, or its name")
    rule.add_argument("--all", action="store_true", help="every rule's page")
    rule.add_argument("--output-format", choices=("text", "json"), default="text")
    rule.add_argument("--config", metavar="PATH", help="configuration file (for extend-rule-files)")

    rules = commands.add_parser("rules", help="list the rule catalog")
    rules.add_argument(
        "--select", action="append", metavar="CODES", help="only these codes or prefixes (comma-separated, or ALL)"
    )
    rules.add_argument("--output-format", choices=("text", "json"), default="text")
    rules.add_argument("--config", metavar="PATH", help="configuration file (for extend-rule-files)")

    clean_command = commands.add_parser("clean", help="remove the cache folders (.nanlint_cache) here and below")
    clean_command.add_argument("--config", metavar="PATH", help="configuration file (its cache-dir is removed too)")

    verify = commands.add_parser("verify", help="run your code and confirm each finding (needs torch)")
    _add_verify_arguments(verify)

    commands.add_parser(
        "server", help="run the language server for editors (LSP on standard input and output; needs nanlint[server])"
    )
    return parser


def _add_verify_arguments(parser: argparse.ArgumentParser) -> None:
    try:
        from nanlint.commands import verify
    except ImportError:
        return
    verify.add_arguments(parser)


@dataclass
class Outcome:
    """A check run after fixing: what remains, the fixes made, the diffs (--diff)."""

    report: Report
    fixed: List[Finding] = field(default_factory=list)
    diffs: List[str] = field(default_factory=list)
    sources: Sources = field(default_factory=Sources)
    fixed_stdin: Optional[bytes] = None
    written: Optional[bytes] = None  # the fixed file's bytes, when fixes changed it
    nothing_checked: Optional[str] = None  # the warning of a run that found no file to check
    skipped_on_purpose: bool = False  # ... because every path named was skipped by force-exclude: a pass


Document = Union[SourceFile, Notebook]  # what is checked and fixed: a Python file or a notebook


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
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        stream = open(path, "w", encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write the output file {path}: {error.strerror or error}") from None
    with stream:
        yield stream


def _warn(message: str) -> None:
    sys.stderr.write(f"nanlint: warning: {message}\n")


def _warn_unchecked(outcome: Outcome, args: argparse.Namespace) -> None:
    if outcome.nothing_checked and not (outcome.skipped_on_purpose and args.quiet):
        _warn(outcome.nothing_checked)


def _show_settings(project: Project, path: str) -> int:
    if not os.path.lexists(path):
        raise UsageError(f"{path}: no such file or directory")
    sys.stdout.write(settings_text(project.checker_for(path), path))
    return Exit.CLEAN


def _show_files(project: Project, paths: List[str]) -> int:
    discovered = project.discover(paths)
    write_files(discovered, sys.stdout)
    sys.stdout.flush()
    render_errors(Report(errors=discovered.errors), sys.stderr)
    return Exit.ERROR if discovered.errors else Exit.CLEAN


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
    report = project.check(discovered, args.jobs)
    if project.cache_warning:
        _warn(project.cache_warning)
    return _fix_files(project, report, write=not args.diff) if settings.fix or args.diff else Outcome(report)


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
        render_statistics(outcome.report, settings.output_format, out, project.catalog)
    else:
        # With nothing checked there is no summary to give ("All checks passed!" would be untrue).
        quiet = args.quiet or outcome.nothing_checked is not None
        summary = Summary(settings.unsafe_fixes, outcome.fixed, quiet, bool(args.show_fixes))
        render(outcome.report, settings.output_format, out, project.catalog, outcome.sources, summary)
    out.flush()
    render_errors(outcome.report, sys.stderr)


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
    done = add_to_files(project, report.findings)
    if done.lines and not args.quiet:
        sys.stderr.write(f"Added {plural(done.lines, 'noqa directive')}.\n")
    for finding in done.unsilenced:
        _warn(
            f"{finding.path}:{finding.line}:{finding.column}: {finding.code} is still reported: "
            "no line of its span can end in a comment"
        )
    render_errors(Report(errors=report.errors + done.errors), sys.stderr)
    if report.errors or done.errors:
        return Exit.ERROR
    return Exit.FINDINGS if done.unsilenced else Exit.CLEAN


def _watch(project: Project, args: argparse.Namespace) -> int:
    from nanlint.commands import watch_files

    paths = args.paths or ["."]
    quiet = argparse.Namespace(**{**vars(args), "quiet": True})  # each run's status line says how many
    state = {"project": project, "files": []}  # the last good configuration is watched while one is broken

    def check_once() -> None:
        try:
            current = make_project(args)
            outcome = _check(current, args)
        except (ConfigError, CatalogError) as error:  # fix the configuration and the watch goes on
            sys.stderr.write(f"nanlint: error: {error}\n")
            return
        state["project"] = current
        found = outcome.report.findings
        watch_files.notify(f"Found {plural(len(found), 'error')}. Watching for file changes.")
        if found:
            sys.stdout.write("\n")
        _print(outcome, current, quiet, sys.stdout)
        _warn_unchecked(outcome, args)

    def watched() -> List[str]:
        current: Project = state["project"]
        try:
            state["files"] = [candidate.path for candidate in current.discover(paths).files]
        except (ConfigError, CatalogError):  # a configuration made bad since: its folders' files as they were
            pass
        rule_files = [rule_file for checker in current.checkers for rule_file in checker.settings.extend_rule_files]
        given = [args.config] if args.config else []
        return state["files"] + rule_files + given + configuration_candidates(state["files"] + paths)

    return watch_files.watch(check_once, watched)


def run_clean(args: argparse.Namespace) -> int:
    """Remove `.nanlint_cache` folders here and below, and the `cache-dir` of each configuration
    the files here and below use, as `ruff clean` does."""
    folders = caches_under(Path.cwd())
    try:
        folders += _configured_caches(args)
    except (ConfigError, CatalogError) as error:
        _warn(f"{error}; its cache-dir is left alone")
    folders = sorted({Path(os.path.relpath(folder)) for folder in folders if folder.is_dir()})
    removed = clean(folders)
    for folder in folders:
        if folder in removed:
            sys.stderr.write(f"Removing cache at: {folder}\n")
        else:
            _warn(f"{folder} is not removed: it has no CACHEDIR.TAG of nanlint's")
    return Exit.CLEAN


def _configured_caches(args: argparse.Namespace) -> List[Path]:
    project = make_project(args)
    project.discover(["."])  # meets every configuration below
    return [default_directory(checker.settings) for checker in project.checkers]


def _check_stdin(project: Project, args: argparse.Namespace) -> Outcome:
    name = args.stdin_filename or STDIN
    data = sys.stdin.buffer.read()
    fixing = project.settings.fix and not args.diff
    if args.stdin_filename and project.named_skip(name):
        return Outcome(Report(), fixed_stdin=data if fixing else None)
    try:
        document = parse_notebook(data, name) if is_notebook(name) else decode(data, name)
    except SourceError as error:
        return Outcome(Report(errors=[FileError(name, str(error))]), fixed_stdin=data if fixing else None)
    checker = project.checker_for(name)
    document, result = _checked(checker, document, named=True)
    report = Report(findings=result.findings, errors=result.errors, files_checked=1).sort()
    if not (fixing or args.diff):
        return Outcome(report, sources=_sources(document))
    outcome = _fix_source(checker, report, document, write=False, unsafe=project.settings.unsafe_fixes)
    if fixing:
        outcome.fixed_stdin = outcome.written if outcome.written is not None and not outcome.report.errors else data
    return outcome


def _checked(checker: Checker, document: Document, named: bool = False) -> Tuple[Document, FileResult]:
    """The document as checked (a notebook without the cells that do not parse) and its result.
    `named`: it was named explicitly, so it is parsed even if it never mentions torch."""
    if isinstance(document, Notebook):
        return checker.check_notebook(document, named)
    return document, checker.check_source(document, named)


def _code(document: Document) -> str:
    return document.code if isinstance(document, Notebook) else document.text


def _sources(document: Document, code: Optional[str] = None) -> Sources:
    """The code of a document for the output (`code` in place of its own, after fixes)."""
    code = _code(document) if code is None else code
    return Sources({document.path: code}, {document.path: document} if isinstance(document, Notebook) else None)


def _fix_files(project: Project, report: Report, write: bool) -> Outcome:
    """Fix every file with fixable findings: write the results (or collect diffs), re-check them."""
    unsafe = project.settings.unsafe_fixes
    fixable = {f.path for f in applicable(report.findings, unsafe)}
    total = Outcome(
        Report([f for f in report.findings if f.path not in fixable], list(report.errors), report.files_checked)
    )
    for path in sorted(fixable):
        file_report = Report([f for f in report.findings if f.path == path])
        try:
            document = load_notebook(path) if is_notebook(path) else read(path)
        except SourceError as error:
            file_report.errors.append(FileError(path, str(error)))
            _merge(total, Outcome(file_report))
            continue
        _merge(total, _fix_source(project.checker_for(path), file_report, document, write, unsafe))
    total.report.sort()
    return total


def _fix_source(checker: Checker, report: Report, document: Document, write: bool, unsafe: bool) -> Outcome:
    """One file's fixes (with its own configuration's checker): the remaining findings, the fixes
    made, and its diff."""
    path = document.path
    # The fixes are worked out again on the content read now: the file may have changed since the
    # check, and edits found in other content would land at the wrong places. A notebook's fixes
    # apply to its code as checked.
    document, result = _checked(checker, document) if write or isinstance(document, Notebook) else (document, None)
    analysed = result.findings if write else report.findings
    text = _code(document)
    fixed = fix_text(text, path, analysed, lambda code: checker.check_text(code, path).findings, unsafe)
    error = fixed.error or (encoding_error(document, fixed.text) if isinstance(document, SourceFile) else None)
    if error is not None:
        failed = Report(report.findings, report.errors + [FileError(path, error, "internal")])
        return Outcome(failed, sources=_sources(document))
    if fixed.text == text:
        return Outcome(report, sources=_sources(document))
    try:
        data, diffs, sources = _fixed_file(document, fixed)
        if write:
            rewrite(path, data, document.data)
    except (OSError, RewriteError) as problem:  # the other files are still fixed
        message = (
            str(problem)
            if isinstance(problem, RewriteError)
            else f"{path}: fixes left unapplied, the file cannot be written: {problem.strerror or problem}"
        )
        return Outcome(Report(report.findings, report.errors + [FileError(path, message)]), sources=_sources(document))
    remaining = checker.check_text(fixed.text, path)
    if isinstance(document, Notebook):  # the lines its messages name, in the fixed notebook's cells
        remaining = findings_in_cells(sources.notebook(path), remaining)
    after = Report(remaining.findings, report.errors + remaining.errors)
    return Outcome(after, fixed.applied, diffs, sources, written=data)


def _fixed_file(document: Document, fixed: FixOutcome) -> Tuple[bytes, List[str], Sources]:
    """The bytes of the fixed file, its diffs, and its code for the output. A notebook's diff is
    one per changed cell, as ruff shows them."""
    if isinstance(document, SourceFile):
        return (
            document.encode(fixed.text),
            [unified_diff(document.text, fixed.text, document.path)],
            _sources(document, fixed.text),
        )
    sources = document.fixed_sources(
        fixed.text, lambda offset, past_insertions: moved(offset, fixed.rounds, past_insertions)
    )
    data = document.with_sources(sources)
    diffs = [
        unified_diff(cell.source + "\n", sources[cell.number] + "\n", f"{document.path}:cell {cell.number}")
        for cell in document.cells
        if cell.number in sources
    ]
    return data, diffs, _sources(parse_notebook(data, document.path), fixed.text)


def _merge(total: Outcome, part: Outcome) -> None:
    total.report.findings.extend(part.report.findings)
    total.report.errors.extend(part.report.errors)
    total.fixed += part.fixed
    total.diffs.extend(part.diffs)
    total.sources.update(part.sources)


def run_server(args: argparse.Namespace) -> int:
    try:
        from nanlint.server.protocol import serve
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] not in ("pygls", "lsprotocol"):
            raise
        raise UsageError(f"`nanlint server` needs pygls: {install_command('server')}") from None
    serve()
    return Exit.CLEAN


def install_command(extra: str) -> str:
    """The pip command that adds `extra` to this nanlint. nanlint is on no package index, so
    `pip install 'nanlint[server]'` finds nothing: run from a checkout, it is installed (editable,
    as it runs) from that checkout; else from the repository, as README says."""
    from nanlint.formats.rule_pages import REPOSITORY

    if in_checkout():
        return f"pip install -e {shlex.quote(f'{ABOVE_PACKAGE}[{extra}]')}"
    return f'pip install "nanlint[{extra}] @ git+{REPOSITORY}"'


def _split_run(argv: List[str]) -> Tuple[List[str], Optional[List[str]]]:
    """`verify ... --run CMD ARGS`: everything after --run is the command, verbatim (a `--` among its
    arguments is the command's; one right after --run only ends nanlint's options, as for `uv run --`)."""
    if not argv or argv[0] != "verify" or "--run" not in argv:
        return argv, None
    at = argv.index("--run")
    command = argv[at + 1 :]
    return argv[:at], command[1:] if command[:1] == ["--"] else command


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    argv, command = _split_run(list(sys.argv[1:] if argv is None else argv))
    args = parser.parse_args(argv)
    if command is not None:
        args.run = command
    if args.command is None:
        parser.print_help(sys.stderr)
        return Exit.ERROR
    handlers = {"check": run_check, "rule": run_rule, "rules": run_rules, "clean": run_clean, "server": run_server}
    try:
        if args.command == "verify":
            from nanlint.commands import verify

            return verify.run(args)
        return handlers[args.command](args)
    except (ConfigError, CatalogError, UsageError) as error:
        sys.stderr.write(f"nanlint: error: {error}\n")
        return Exit.ERROR
    except KeyboardInterrupt:
        sys.stderr.write("nanlint: interrupted\n")
        return 130
    except BrokenPipeError:  # `nanlint check | head`: stop quietly, and keep Python from complaining at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return Exit.CLEAN
