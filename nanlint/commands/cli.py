"""The command line, in ruff's conventions: `nanlint check`, `nanlint rule CODE`, `nanlint rules`,
`nanlint clean`, `nanlint verify`, `nanlint server`.

Exit codes: 0 no findings; 1 findings (with --diff: fixes to make; with --exit-non-zero-on-fix:
also fixes made); 2 usage or configuration error, a file or folder that could not be read or
parsed (every other file is still checked and reported), or no file to check at all (unless
every path named was skipped by --force-exclude).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from nanlint.version import __version__
from nanlint.catalog import CatalogError
from nanlint.project.config import ConfigError
from nanlint.types import OUTPUT_FORMATS, Exit
from nanlint.project.options import UsageError, add_rule_options


def _terminal_columns() -> int:
    """`shutil.get_terminal_size().columns`, without importing shutil (and the compression modules it
    imports): argparse makes a help formatter for every option it is given, to check its metavar."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width=None) -> None:
        super().__init__(prog, indent_increment, max_help_position, _terminal_columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

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


def build_parser(command: Optional[str] = None) -> argparse.ArgumentParser:
    """The whole command line; with `command`, only that command's options are added (the others'
    parsers are there, empty): parsing a `check` does not import what `verify`'s options name."""
    parser = _Parser(prog="nanlint", description="Find NaN/Inf-prone PyTorch code, statically and at run time.")
    parser.add_argument("--version", action="version", version=f"nanlint {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, help_text in HELP.items():
        made = commands.add_parser(name, help=help_text)
        if command is None or command == name:
            OPTIONS[name](made)
    return parser


HELP = {
    "check": "check files and folders for NaN/Inf-prone code",
    "rule": "print a rule's documentation (or every rule's)",
    "rules": "list the rule catalog",
    "clean": "remove the cache folders (.nanlint_cache) here and below",
    "verify": "run your code and confirm each finding (needs torch)",
    "server": "run the language server for editors (LSP on standard input and output; needs nanlint[server])",
}


def _check_options(check: argparse.ArgumentParser) -> None:
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


def _rule_options(rule: argparse.ArgumentParser) -> None:
    rule.add_argument("code", nargs="?", help="a rule code such as NAN101, or its name")
    rule.add_argument("--all", action="store_true", help="every rule's page")
    rule.add_argument("--output-format", choices=("text", "json"), default="text")
    rule.add_argument("--config", metavar="PATH", help="configuration file (for extend-rule-files)")


def _rules_options(rules: argparse.ArgumentParser) -> None:
    rules.add_argument(
        "--select", action="append", metavar="CODES", help="only these codes or prefixes (comma-separated, or ALL)"
    )
    rules.add_argument("--output-format", choices=("text", "json"), default="text")
    rules.add_argument("--config", metavar="PATH", help="configuration file (for extend-rule-files)")


def _clean_options(clean_command: argparse.ArgumentParser) -> None:
    clean_command.add_argument("--config", metavar="PATH", help="configuration file (its cache-dir is removed too)")


def _verify_options(verify: argparse.ArgumentParser) -> None:
    from nanlint.commands import verify_options  # the runtime's defaults: only for `verify` (and --help)

    verify_options.add_arguments(verify)


OPTIONS: Dict[str, Callable[[argparse.ArgumentParser], None]] = {
    "check": _check_options,
    "rule": _rule_options,
    "rules": _rules_options,
    "clean": _clean_options,
    "verify": _verify_options,
    "server": lambda _: None,
}


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
    import shlex

    from nanlint.formats.rule_pages import REPOSITORY
    from nanlint.install import ABOVE_PACKAGE, in_checkout

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


# Each command's module, imported only when the command runs: `--version` and `--help` need none of them.
COMMANDS = {
    "check": ("nanlint.commands.check", "run_check"),
    "rule": ("nanlint.commands.rules", "run_rule"),
    "rules": ("nanlint.commands.rules", "run_rules"),
    "clean": ("nanlint.commands.clean", "run_clean"),
    "server": ("nanlint.commands.cli", "run_server"),
    "verify": ("nanlint.commands.verify", "run"),
}


def _handler(command: str) -> Callable[[argparse.Namespace], int]:
    module, function = COMMANDS[command]
    return getattr(importlib.import_module(module), function)


def _command_named(argv: List[str]) -> Optional[str]:
    """The command whose options the parser needs: the one named first; none for `--version` (which
    answers before any command is parsed); None, all of them, for anything else (`--help`, a typo)."""
    if argv and argv[0] in COMMANDS:
        return argv[0]
    return "" if argv[:1] == ["--version"] else None


def main(argv: Optional[Sequence[str]] = None) -> int:
    argv, command = _split_run(list(sys.argv[1:] if argv is None else argv))
    parser = build_parser(_command_named(argv))
    args = parser.parse_args(argv)
    if command is not None:
        args.run = command
    if args.command is None:
        parser.print_help(sys.stderr)
        return Exit.ERROR
    try:
        return _handler(args.command)(args)
    except (ConfigError, CatalogError, UsageError) as error:
        sys.stderr.write(f"nanlint: error: {error}\n")
        return Exit.ERROR
    except KeyboardInterrupt:
        sys.stderr.write("nanlint: interrupted\n")
        return 130
    except BrokenPipeError:  # `nanlint check | head`: stop quietly, and keep Python from complaining at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return Exit.CLEAN
