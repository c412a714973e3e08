"""The command line, in ruff's conventions: `nanlint check`, `nanlint rule CODE`, `nanlint rules`, `nanlint verify`.

Exit codes: 0 no findings; 1 findings (or, with --diff, fixes to make); 2 usage or configuration
error, or a file that could not be read or parsed (every other file is still checked and reported).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Dict, List, Optional, Sequence

from nanlint import __version__
from nanlint.api import Checker
from nanlint.catalog import CatalogError, Rule, load_catalog
from nanlint.config import OUTPUT_FORMATS, ConfigError, Settings, find_config, load_settings, validate_selectors
from nanlint.fixes import applicable, fix_text, unified_diff, write_atomically
from nanlint.ftypes import FileError, Report
from nanlint.output import render, render_errors, render_statistics, rule_markdown
from nanlint.source import SourceError, decode, read

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse exits 2 as well; keep its usage line, one message
        self.print_usage(sys.stderr)
        self.exit(EXIT_ERROR, f"nanlint: error: {message}\n")


def _selectors(text: Optional[str]) -> Optional[tuple]:
    if text is None:
        return None
    return tuple(part.strip() for part in text.split(",") if part.strip())


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="nanlint", description="Find NaN/Inf-prone PyTorch code, statically and at run time.")
    parser.add_argument("--version", action="version", version=f"nanlint {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    check = commands.add_parser("check", help="check files and folders for NaN/Inf-prone code")
    check.add_argument("paths", nargs="*", default=["."], help="files or folders (default: .); - reads stdin")
    add_rule_options(check)
    check.add_argument("--output-format", choices=OUTPUT_FORMATS, help="how findings are printed (default: text)")
    check.add_argument("--statistics", action="store_true", help="print counts per rule instead of each finding")
    check.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    check.add_argument("-q", "--quiet", action="store_true", help="print findings only, no summary, no errors' decoration")
    check.add_argument("--fix", action="store_true", default=None, help="apply safe fixes")
    check.add_argument("--unsafe-fixes", action="store_true", default=None, help="also apply fixes that change numbers (add an eps, a clamp)")
    check.add_argument("--diff", action="store_true", help="print the fixes as a diff instead of writing them; exit 1 if there is one")
    check.add_argument("--stdin-filename", help="the name to report for code read from stdin")
    check.add_argument("-j", "--jobs", type=int, help="worker processes (default: all cores)")
    check.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    check.add_argument("--cache-dir", help="where the cache lives (default: .nanlint_cache beside the configuration)")

    rule = commands.add_parser("rule", help="print a rule's documentation")
    rule.add_argument("code", help="a rule code such as NAN101, or its name")
    rule.add_argument("--output-format", choices=("text", "json"), default="text")
    rule.add_argument("--config", help="configuration file (for extend-rule-files)")

    rules = commands.add_parser("rules", help="list the rule catalog")
    rules.add_argument("--output-format", choices=("text", "json"), default="text")
    rules.add_argument("--config", help="configuration file (for extend-rule-files)")

    verify = commands.add_parser("verify", help="run your code and confirm each finding (needs torch)")
    _add_verify_arguments(verify)
    return parser


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--select", help="comma-separated codes, prefixes or ALL (replaces the default set)")
    parser.add_argument("--extend-select", help="codes or prefixes to add to the selection")
    parser.add_argument("--ignore", help="codes or prefixes to leave out")
    parser.add_argument("--extend-ignore", help="more codes or prefixes to leave out")
    parser.add_argument("--preview", action="store_true", default=None, help="enable the opt-in (off by default) rules too")
    parser.add_argument("--config", help="configuration file (default: nearest pyproject.toml with [tool.nanlint], or nanlint.toml)")


def _add_verify_arguments(parser: argparse.ArgumentParser) -> None:
    try:
        from nanlint import verify
    except ImportError:
        return
    verify.add_arguments(parser)


def settings_from(args: argparse.Namespace) -> Settings:
    if getattr(args, "config", None):
        path = Path(args.config)
        if not path.is_file():
            raise ConfigError(f"{path}: configuration file not found")
    else:
        path = find_config(Path.cwd())
    settings = load_settings(path)
    return settings.with_overrides(
        select=_selectors(getattr(args, "select", None)),
        extend_select=_extend(settings.extend_select, getattr(args, "extend_select", None)),
        ignore=_extend(settings.ignore, getattr(args, "ignore", None)),
        extend_ignore=_extend(settings.extend_ignore, getattr(args, "extend_ignore", None)),
        preview=getattr(args, "preview", None),
        output_format=getattr(args, "output_format", None),
        fix=getattr(args, "fix", None),
        unsafe_fixes=getattr(args, "unsafe_fixes", None),
        cache=False if getattr(args, "no_cache", False) else None,
        cache_dir=getattr(args, "cache_dir", None),
    )


def _extend(base: tuple, text: Optional[str]) -> Optional[tuple]:
    extra = _selectors(text)
    return None if extra is None else tuple(base) + extra


def make_checker(args: argparse.Namespace) -> Checker:
    settings = settings_from(args)
    checker = Checker(settings)
    validate_selectors(settings, checker.catalog, settings.source or "command line")
    return checker


def run_check(args: argparse.Namespace) -> int:
    checker = make_checker(args)
    settings = checker.settings
    if args.paths == ["-"]:
        report, fixed_text = _check_stdin(checker, args)
    else:
        report = checker.run(args.paths, args.jobs)
        fixed_text = None
        if settings.fix or args.diff:
            report = _apply_fixes(checker, report, args, sys.stdout)
    out = sys.stdout
    if fixed_text is not None:
        out.write(fixed_text)
        out = sys.stderr
    if args.statistics:
        render_statistics(report, out, checker.catalog)
    elif not args.diff:
        render(report, settings.output_format, out, checker.catalog, settings.unsafe_fixes)
    render_errors(report)
    if report.errors:
        return EXIT_ERROR
    if args.exit_zero:
        return EXIT_CLEAN
    if args.diff:
        return EXIT_FINDINGS if getattr(args, "_diff_found", False) else EXIT_CLEAN
    return EXIT_FINDINGS if report.findings else EXIT_CLEAN


def _check_stdin(checker: Checker, args: argparse.Namespace):
    name = args.stdin_filename or "-"
    try:
        source = decode(sys.stdin.buffer.read(), name)
    except SourceError as error:
        return Report(errors=[FileError(name, str(error))]), None
    result = checker.check_source(source)
    report = Report(findings=result.findings, errors=result.errors, files_checked=1).sort()
    if not checker.settings.fix:
        return report, None
    outcome = fix_text(source.text, name, report.findings, lambda text: checker.check_text(text, name).findings, checker.settings.unsafe_fixes)
    remaining = checker.check_text(outcome.text, name)
    errors = report.errors + ([FileError(name, outcome.error)] if outcome.error else [])
    return Report(findings=remaining.findings, errors=errors, files_checked=1).sort(), outcome.text


def _apply_fixes(checker: Checker, report: Report, args: argparse.Namespace, out) -> Report:
    unsafe = checker.settings.unsafe_fixes
    by_file: Dict[str, list] = {}
    for finding in applicable(report.findings, unsafe):
        by_file.setdefault(finding.path, []).append(finding)
    errors: List[FileError] = list(report.errors)
    findings = [f for f in report.findings if f.path not in by_file]
    fixed_count = 0
    for path, file_findings in sorted(by_file.items()):
        try:
            source = read(path)
        except SourceError as error:
            errors.append(FileError(path, str(error)))
            continue
        outcome = fix_text(source.text, path, file_findings, lambda text, p=path: checker.check_text(text, p).findings, unsafe)
        if outcome.error:
            errors.append(FileError(path, outcome.error))
        if outcome.text != source.text:
            if args.diff:
                out.write(unified_diff(source.text, outcome.text, path))
                args._diff_found = True
            else:
                write_atomically(source, outcome.text, path)
                fixed_count += outcome.applied
        remaining = checker.check_text(outcome.text, path).findings if not args.diff else [f for f in report.findings if f.path == path]
        findings.extend(remaining)
    if fixed_count and not args.quiet:
        sys.stderr.write(f"Fixed {fixed_count} error{'s' if fixed_count != 1 else ''}.\n")
    return Report(findings=findings, errors=errors, files_checked=report.files_checked).sort()


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
    except BrokenPipeError:
        return EXIT_CLEAN
