"""The command line, in ruff's conventions: `nanlint check`, `nanlint rule CODE`, `nanlint rules`, `nanlint verify`,
`nanlint server`.

Exit codes: 0 no findings; 1 findings (with --diff: fixes to make); 2 usage or configuration
error, or a file that could not be read or parsed (every other file is still checked and reported).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple, Union

from nanlint import __version__
from nanlint.analysis.engine import FileResult
from nanlint.api import Checker
from nanlint.catalog import CatalogError, Rule, load_catalog
from nanlint.config import OUTPUT_FORMATS, ConfigError
from nanlint.fixes import FixOutcome, applicable, encoding_error, fix_text, moved, unified_diff
from nanlint.ftypes import FileError, Report
from nanlint.notebook import Notebook, is_notebook, load as load_notebook, parse as parse_notebook
from nanlint.options import add_rule_options, make_checker, settings_from
from nanlint.output import Sources, Summary, render, render_errors, render_statistics, rule_markdown
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

    rule = commands.add_parser("rule", help="print a rule's documentation")
    rule.add_argument("code", help="a rule code such as NAN101, or its name")
    rule.add_argument("--output-format", choices=("text", "json"), default="text")
    rule.add_argument("--config", metavar="PATH", help="configuration file (for extend-rule-files)")

    rules = commands.add_parser("rules", help="list the rule catalog")
    rules.add_argument("--output-format", choices=("text", "json"), default="text")
    rules.add_argument("--config", metavar="PATH", help="configuration file (for extend-rule-files)")

    verify = commands.add_parser("verify", help="run your code and confirm each finding (needs torch)")
    _add_verify_arguments(verify)

    commands.add_parser("server", help="run the language server for editors (LSP on standard input and output; needs nanlint[server])")
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
    written: Optional[bytes] = None  # the fixed file's bytes, when fixes changed it


Document = Union[SourceFile, Notebook]  # what is checked and fixed: a Python file or a notebook


def run_check(args: argparse.Namespace) -> int:
    if STDIN in args.paths and args.paths != [STDIN]:
        raise UsageError("`-` (standard input) cannot be mixed with other paths")
    checker = make_checker(args)
    settings = checker.settings
    if args.paths == [STDIN] or (not args.paths and args.stdin_filename):
        outcome = _check_stdin(checker, args)
    else:
        report = checker.run(args.paths or ["."], args.jobs)
        if checker.cache_warning:
            sys.stderr.write(f"nanlint: warning: {checker.cache_warning}\n")
        outcome = _fix_files(checker, report, write=not args.diff) if settings.fix or args.diff else Outcome(report)
    _print(outcome, checker, args)
    report = outcome.report
    if report.errors:
        return EXIT_ERROR
    if args.diff:
        return EXIT_FINDINGS if outcome.diffs else EXIT_CLEAN
    if args.exit_zero:
        return EXIT_CLEAN
    return EXIT_FINDINGS if report.findings else EXIT_CLEAN


def _print(outcome: Outcome, checker: Checker, args: argparse.Namespace) -> None:
    settings = checker.settings
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
        render_statistics(outcome.report, settings.output_format, out, checker.catalog)
    else:
        summary = Summary(settings.unsafe_fixes, outcome.fixed, args.quiet)
        render(outcome.report, settings.output_format, out, checker.catalog, outcome.sources, summary)
    out.flush()
    render_errors(outcome.report)


def _check_stdin(checker: Checker, args: argparse.Namespace) -> Outcome:
    name = args.stdin_filename or STDIN
    data = sys.stdin.buffer.read()
    fixing = checker.settings.fix and not args.diff
    if args.stdin_filename and checker.force_excluded(name):
        return Outcome(Report(), fixed_stdin=data if fixing else None)
    try:
        document = parse_notebook(data, name) if is_notebook(name) else decode(data, name)
    except SourceError as error:
        return Outcome(Report(errors=[FileError(name, str(error))]), fixed_stdin=data if fixing else None)
    document, result = _checked(checker, document)
    report = Report(findings=result.findings, errors=result.errors, files_checked=1).sort()
    if not (fixing or args.diff):
        return Outcome(report, sources=_sources(document))
    outcome = _fix_source(checker, report, document, write=False)
    if fixing:
        outcome.fixed_stdin = outcome.written if outcome.written is not None and not outcome.report.errors else data
    return outcome


def _checked(checker: Checker, document: Document) -> Tuple[Document, FileResult]:
    """The document as checked (a notebook without the cells that do not parse) and its result."""
    if isinstance(document, Notebook):
        return checker.check_notebook(document)
    return document, checker.check_source(document)


def _code(document: Document) -> str:
    return document.code if isinstance(document, Notebook) else document.text


def _sources(document: Document, code: Optional[str] = None) -> Sources:
    """The code of a document for the output (`code` in place of its own, after fixes)."""
    code = _code(document) if code is None else code
    return Sources({document.path: code}, {document.path: document} if isinstance(document, Notebook) else None)


def _fix_files(checker: Checker, report: Report, write: bool) -> Outcome:
    """Fix every file with fixable findings: write the results (or collect diffs), re-check them."""
    fixable = {f.path for f in applicable(report.findings, checker.settings.unsafe_fixes)}
    total = Outcome(Report([f for f in report.findings if f.path not in fixable], list(report.errors), report.files_checked))
    for path in sorted(fixable):
        file_report = Report([f for f in report.findings if f.path == path])
        try:
            document = load_notebook(path) if is_notebook(path) else read(path)
        except SourceError as error:
            file_report.errors.append(FileError(path, str(error)))
            _merge(total, Outcome(file_report))
            continue
        _merge(total, _fix_source(checker, file_report, document, write))
    total.report.sort()
    return total


def _fix_source(checker: Checker, report: Report, document: Document, write: bool) -> Outcome:
    """One file's fixes: the remaining findings, the count applied, and its diff."""
    path = document.path
    unsafe = checker.settings.unsafe_fixes
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
        message = str(problem) if isinstance(problem, RewriteError) else f"{path}: fixes left unapplied, the file cannot be written: {problem.strerror or problem}"
        return Outcome(Report(report.findings, report.errors + [FileError(path, message)]), sources=_sources(document))
    remaining = checker.check_text(fixed.text, path)
    after = Report(remaining.findings, report.errors + remaining.errors)
    return Outcome(after, fixed.applied, diffs, sources, written=data)


def _fixed_file(document: Document, fixed: FixOutcome) -> Tuple[bytes, List[str], Sources]:
    """The bytes of the fixed file, its diffs, and its code for the output. A notebook's diff is
    one per changed cell, as ruff shows them."""
    if isinstance(document, SourceFile):
        return document.encode(fixed.text), [unified_diff(document.text, fixed.text, document.path)], _sources(document, fixed.text)
    sources = document.fixed_sources(fixed.text, lambda offset, past_insertions: moved(offset, fixed.rounds, past_insertions))
    data = document.with_sources(sources)
    diffs = [
        unified_diff(cell.source + "\n", sources[cell.number] + "\n", f"{document.path}:cell {cell.number}")
        for cell in document.cells if cell.number in sources
    ]
    return data, diffs, _sources(parse_notebook(data, document.path), fixed.text)


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


def run_server(args: argparse.Namespace) -> int:
    try:
        from nanlint.server.protocol import serve
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] not in ("pygls", "lsprotocol"):
            raise
        raise UsageError("`nanlint server` needs pygls: pip install 'nanlint[server]'") from None
    serve()
    return EXIT_CLEAN


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_ERROR
    handlers = {"check": run_check, "rule": run_rule, "rules": run_rules, "server": run_server}
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
