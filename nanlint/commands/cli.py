"""The command line, in ruff's conventions: `nanlint check`, `nanlint rule CODE`, `nanlint rules`,
`nanlint clean`, `nanlint verify`, `nanlint server`.

Exit codes: 0 no findings; 1 findings (with --diff: fixes to make; with --exit-non-zero-on-fix:
also fixes made); 2 usage or configuration error, a file or folder that could not be read or
parsed (every other file is still checked and reported), or no file to check at all (unless
every path named was skipped by --force-exclude).
"""

from __future__ import annotations

import importlib
import os
import sys

from nanlint.version import __version__

# Only what a command needs is imported, when it runs: argparse only for a command line that the
# quick parse leaves to it (nanlint/commands/arguments.py), `--version` nothing at all, not even typing.
# Nor does a check the cache answers import pathlib: with the urllib.parse it imports, it would cost that
# check about 5 ms, a third of a bare interpreter's start; the modules on its path name files with os.path.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Callable, List, Optional, Sequence, Tuple


def run_server(args: argparse.Namespace) -> int:
    try:
        from nanlint.server.protocol import serve
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] not in ("pygls", "lsprotocol"):
            raise
        from nanlint.project.options import UsageError

        raise UsageError(f"`nanlint server` needs pygls: {install_command('server')}") from None
    serve()
    return 0


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
    if argv == ["--version"]:  # argparse's answer, without argparse
        sys.stdout.write(f"nanlint {__version__}\n")
        return 0
    args = _parse(argv)
    if command is not None:
        args.run = command
    from nanlint.catalog import CatalogError
    from nanlint.project.config import ConfigError
    from nanlint.project.options import UsageError
    from nanlint.types import Exit

    if args.command is None:
        build_parser().print_help(sys.stderr)
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


def _parse(argv: List[str]) -> argparse.Namespace:
    from nanlint.commands.arguments import quick_parse

    quick = quick_parse(argv)
    if quick is not None:
        return quick  # type: ignore[return-value]  # the same attributes as argparse's Namespace
    return build_parser(_command_named(argv)).parse_args(argv)


def build_parser(command: Optional[str] = None) -> argparse.ArgumentParser:
    """The whole command line as argparse reads it (nanlint/commands/parser.py)."""
    from nanlint.commands import parser

    return parser.build_parser(command)
