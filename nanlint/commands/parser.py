"""The command line as argparse reads it: every command's options, their help, and the errors."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, Dict, Optional

from nanlint.version import __version__
from nanlint.types import Exit
from nanlint.commands.arguments import CHECK_OPTIONS, PATHS_HELP
from nanlint.project.options import add_options


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
    check.add_argument("paths", nargs="*", help=PATHS_HELP)
    add_options(check, CHECK_OPTIONS)


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
