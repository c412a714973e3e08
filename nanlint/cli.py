"""The command line, in ruff's conventions: `nanlint check`, `nanlint rule CODE`, `nanlint rules`, `nanlint verify`.

Exit codes: 0 no findings; 1 findings (with --diff: fixes to make); 2 usage or configuration
error, a file or folder that could not be read or parsed (every other file is still checked and
reported), or no file to check at all (unless every path named was skipped by --force-exclude).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence

from nanlint import __version__
from nanlint.api import Checker, Project
from nanlint.catalog import CatalogError, Rule, load_catalog
from nanlint.config import OUTPUT_FORMATS, ConfigError
from nanlint.discovery import Discovered
from nanlint.fixes import applicable, encoding_error, fix_text, unified_diff
from nanlint.ftypes import FileError, Report
from nanlint.options import add_rule_options, make_project, settings_from
from nanlint.output import Sources, Summary, render, render_errors, render_statistics, rule_markdown
from nanlint.show import nothing_checked, only_named_skipped, settings_text, write_files
from nanlint.source import RewriteError, SourceError, SourceFile, decode, read, rewrite

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
STDIN = "-"


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse exits 2 as well; keep its usage line, one message
        self.print_usage(sys.stderr)
        self.exit(EXIT_ERROR, f"nanlint: error: {message}\n")


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
    check.add_argument("--output-format", choices=OUTPUT_FORMATS, help="how findings are printed (default: text)")
    check.add_argument("--statistics", action="store_true", help="print the number of findings per rule instead of each finding")
    check.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    check.add_argument("-q", "--quiet", action="store_true", help="print the findings and errors, nothing else (no summary)")
    check.add_argument("--fix", action=switch, help="apply safe fixes")
    check.add_argument("--unsafe-fixes", action=switch, help="also apply fixes that change numbers (add an eps, a clamp)")
    check.add_argument("--diff", action="store_true", help="print the fixes as a diff instead of writing them; exit 1 if there is one")
    check.add_argument("--stdin-filename", metavar="PATH", help="the name to report (and match against the configuration) for code read from standard input")
    check.add_argument("--force-exclude", action=switch, help="apply the exclude patterns to files named explicitly too (for pre-commit)")
    check.add_argument("--respect-gitignore", action=switch, help="skip files that .gitignore ignores (default: on)")
    check.add_argument("-j", "--jobs", type=_jobs, metavar="N", help="worker processes (default: all cores)")
    check.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    check.add_argument("--cache-dir", metavar="PATH", help="where the cache lives (default: .nanlint_cache beside the configuration)")
    check.add_argument("--show-settings", metavar="PATH", help="print the settings PATH is checked with (its configuration file, rules, excludes...) and exit")
    check.add_argument("--show-files", action="store_true", help="list the files that would be checked, and those skipped with why, and exit")

    rule = commands.add_parser("rule", help="print a rule's documentation")
    rule.add_argument("code", help="a rule code such as NAN101, or its name")
    rule.add_argument("--output-format", choices=("text", "json"), default="text")
    rule.add_argument("--config", metavar="PATH", help="configuration file (for extend-rule-files)")

    rules = commands.add_parser("rules", help="list the rule catalog")
    rules.add_argument("--output-format", choices=("text", "json"), default="text")
    rules.add_argument("--config", metavar="PATH", help="configuration file (for extend-rule-files)")

    verify = commands.add_parser("verify", help="run your code and confirm each finding (needs torch)")
    _add_verify_arguments(verify)
    return parser


def _add_verify_arguments(parser: argparse.ArgumentParser) -> None:
    try:
        from nanlint import verify
    except ImportError:
        return
    verify.add_arguments(parser)


@dataclass
class Outcome:
    """A check run after fixing: what remains, how many fixes were made, the diffs (--diff)."""

    report: Report
    fixed: int = 0
    diffs: List[str] = field(default_factory=list)
    sources: Sources = field(default_factory=Sources)
    fixed_stdin: Optional[bytes] = None


def run_check(args: argparse.Namespace) -> int:
    if STDIN in args.paths and args.paths != [STDIN]:
        raise UsageError("`-` (standard input) cannot be mixed with other paths")
    project = make_project(args)
    paths = args.paths or ["."]
    if args.show_settings:
        return _show_settings(project, args.show_settings)
    if args.show_files:
        return _show_files(project, paths)
    nothing = None
    if args.paths == [STDIN] or (not args.paths and args.stdin_filename):
        outcome = _check_stdin(project, args)
    else:
        discovered = project.discover(paths)
        nothing = nothing_checked(discovered)
        if nothing is not None and only_named_skipped(discovered, paths):
            if not args.quiet:  # skipped on purpose (pre-commit staged only excluded files): no failure
                _warn(nothing)
            return EXIT_CLEAN
        outcome = _check_files(project, discovered, args)
    _print(outcome, project, args, summary=nothing is None)
    if nothing is not None:
        _warn(nothing)
    return _exit_code(outcome, args, nothing_checked=nothing is not None)


def _check_files(project: Project, discovered: Discovered, args: argparse.Namespace) -> Outcome:
    report = project.check(discovered, args.jobs)
    if project.cache_warning:
        _warn(project.cache_warning)
    return _fix_files(project, report, write=not args.diff) if project.settings.fix or args.diff else Outcome(report)


def _exit_code(outcome: Outcome, args: argparse.Namespace, nothing_checked: bool) -> int:
    if outcome.report.errors or nothing_checked:
        return EXIT_ERROR
    if args.diff:
        return EXIT_FINDINGS if outcome.diffs else EXIT_CLEAN
    if args.exit_zero:
        return EXIT_CLEAN
    return EXIT_FINDINGS if outcome.report.findings else EXIT_CLEAN


def _warn(message: str) -> None:
    sys.stderr.write(f"nanlint: warning: {message}\n")


def _show_settings(project: Project, path: str) -> int:
    if not os.path.lexists(path):
        raise UsageError(f"{path}: no such file or directory")
    sys.stdout.write(settings_text(project.checker_for(path), path))
    return EXIT_CLEAN


def _show_files(project: Project, paths: List[str]) -> int:
    discovered = project.discover(paths)
    write_files(discovered, sys.stdout)
    sys.stdout.flush()
    render_errors(Report(errors=discovered.errors))
    return EXIT_ERROR if discovered.errors else EXIT_CLEAN


def _print(outcome: Outcome, project: Project, args: argparse.Namespace, summary: bool = True) -> None:
    settings = project.settings
    out = sys.stdout
    if outcome.fixed_stdin is not None:  # the fixed code owns standard output, as with ruff
        out.flush()
        sys.stdout.buffer.write(outcome.fixed_stdin)
        sys.stdout.buffer.flush()
        out = sys.stderr
    if args.diff:
        out.write("".join(outcome.diffs))
        if outcome.fixed and not args.quiet:
            sys.stderr.write(f"Would fix {outcome.fixed} error{'s' if outcome.fixed != 1 else ''}.\n")
    elif args.statistics:
        render_statistics(outcome.report, settings.output_format, out, project.catalog)
    else:
        # With nothing checked there is no summary to give ("All checks passed!" would be untrue).
        shown = Summary(settings.unsafe_fixes, outcome.fixed, args.quiet or not summary)
        render(outcome.report, settings.output_format, out, project.catalog, outcome.sources, shown)
    out.flush()
    render_errors(outcome.report)


def _check_stdin(project: Project, args: argparse.Namespace) -> Outcome:
    name = args.stdin_filename or STDIN
    data = sys.stdin.buffer.read()
    fixing = project.settings.fix and not args.diff
    if args.stdin_filename and project.named_skip(name):
        return Outcome(Report(), fixed_stdin=data if fixing else None)
    try:
        source = decode(data, name)
    except SourceError as error:
        return Outcome(Report(errors=[FileError(name, str(error))]), fixed_stdin=data if fixing else None)
    checker = project.checker_for(name)
    result = checker.check_source(source, named=True)
    report = Report(findings=result.findings, errors=result.errors, files_checked=1).sort()
    if not (fixing or args.diff):
        return Outcome(report, sources=Sources({name: source.text}))
    outcome = _fix_source(checker, report, source, write=False, unsafe=project.settings.unsafe_fixes)
    if fixing:
        outcome.fixed_stdin = source.encode(outcome.sources.text(name)) if not outcome.report.errors else data
    return outcome


def _fix_files(project: Project, report: Report, write: bool) -> Outcome:
    """Fix every file with fixable findings: write the results (or collect diffs), re-check them."""
    unsafe = project.settings.unsafe_fixes
    fixable = {f.path for f in applicable(report.findings, unsafe)}
    total = Outcome(Report([f for f in report.findings if f.path not in fixable], list(report.errors), report.files_checked))
    for path in sorted(fixable):
        file_report = Report([f for f in report.findings if f.path == path])
        try:
            source = read(path)
        except SourceError as error:
            file_report.errors.append(FileError(path, str(error)))
            _merge(total, Outcome(file_report))
            continue
        _merge(total, _fix_source(project.checker_for(path), file_report, source, write, unsafe))
    total.report.sort()
    return total


def _fix_source(checker: Checker, report: Report, source: SourceFile, write: bool, unsafe: bool) -> Outcome:
    """One file's fixes (with its own configuration's checker): the remaining findings, the count
    applied, and its diff."""
    path = source.path
    # The fixes are worked out again on the content read now: the file may have changed since the
    # check, and edits found in other content would land at the wrong places.
    analysed = checker.check_source(source).findings if write else report.findings
    fixed = fix_text(source.text, path, analysed, lambda text: checker.check_text(text, path).findings, unsafe)
    error = fixed.error or encoding_error(source, fixed.text)
    if error is not None:
        failed = Report(report.findings, report.errors + [FileError(path, error, "internal")])
        return Outcome(failed, sources=Sources({path: source.text}))
    if fixed.text == source.text:
        return Outcome(report, sources=Sources({path: source.text}))
    if write:
        try:
            rewrite(path, source.encode(fixed.text), source.data)
        except (OSError, RewriteError) as problem:  # the other files are still fixed
            message = str(problem) if isinstance(problem, RewriteError) else f"{path}: fixes left unapplied, the file cannot be written: {problem.strerror or problem}"
            return Outcome(Report(report.findings, report.errors + [FileError(path, message)]), sources=Sources({path: source.text}))
    remaining = checker.check_text(fixed.text, path)
    after = Report(remaining.findings, report.errors + remaining.errors)
    return Outcome(after, fixed.applied, [unified_diff(source.text, fixed.text, path)], Sources({path: fixed.text}))


def _merge(total: Outcome, part: Outcome) -> None:
    total.report.findings.extend(part.report.findings)
    total.report.errors.extend(part.report.errors)
    total.fixed += part.fixed
    total.diffs.extend(part.diffs)
    total.sources.update(part.sources)


def _catalog_for(args: argparse.Namespace) -> Dict[str, Rule]:
    return load_catalog(settings_from(args).extend_rule_files)


def _find_rule(catalog: Dict[str, Rule], wanted: str) -> Optional[Rule]:
    wanted = wanted.strip()
    return catalog.get(wanted.upper()) or next((r for r in catalog.values() if r.name == wanted), None)


def run_rule(args: argparse.Namespace) -> int:
    catalog = _catalog_for(args)
    rule = _find_rule(catalog, args.code)
    if rule is None:
        raise UsageError(f"unknown rule `{args.code}` (`nanlint rules` lists them)")
    if args.output_format == "json":
        json.dump(_rule_json(rule), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(rule_markdown(rule))
    return EXIT_CLEAN


def _rule_json(rule: Rule) -> dict:
    return {
        "code": rule.code, "name": rule.name, "family": rule.family, "default": rule.default,
        "fixable": rule.fixable, "message": rule.message, "check": rule.check,
        "what": rule.docs.what, "why": rule.docs.why, "instead": rule.docs.instead,
        "references": list(rule.docs.references), "explanation": rule_markdown(rule),
    }


def run_rules(args: argparse.Namespace) -> int:
    catalog = _catalog_for(args)
    if args.output_format == "json":
        json.dump([_rule_json(rule) for rule in catalog.values()], sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return EXIT_CLEAN
    width = max(len(rule.name) for rule in catalog.values())
    for rule in catalog.values():
        flags = ("on " if rule.default else "off") + (" fix" if rule.fixable else "    ")
        sys.stdout.write(f"{rule.code}  {rule.name:<{width}}  {flags}  {rule.family}\n")
    return EXIT_CLEAN


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_ERROR
    handlers = {"check": run_check, "rule": run_rule, "rules": run_rules}
    try:
        if args.command == "verify":
            from nanlint import verify

            return verify.run(args)
        return handlers[args.command](args)
    except (ConfigError, CatalogError, UsageError) as error:
        sys.stderr.write(f"nanlint: error: {error}\n")
        return EXIT_ERROR
    except KeyboardInterrupt:
        sys.stderr.write("nanlint: interrupted\n")
        return 130
    except BrokenPipeError:  # `nanlint check | head`: stop quietly, and keep Python from complaining at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_CLEAN
