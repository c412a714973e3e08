"""The options `check` and `verify` share: rule selection, the target version and the
configuration file, made into Settings and a Project the same way for both commands."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple, Type, Union

from nanlint.types import TARGET_VERSIONS
from nanlint.project.config import (
    ConfigError,
    RuleSelection,
    Settings,
    find_config,
    load_settings,
)

if TYPE_CHECKING:
    import argparse
    from pathlib import Path


class UsageError(Exception):
    """A command line that cannot be run as given: one line for the user (exit 2)."""


def selectors(given: Optional[List[str]]) -> Optional[Tuple[str, ...]]:
    """`--select A,B --select C` -> ("A", "B", "C"); None when the option was not given."""
    if given is None:
        return None
    return tuple(part.strip() for text in given for part in text.split(",") if part.strip())


class Option(NamedTuple):
    """One option of a command, declared once for argparse and for `check`'s quick parse
    (nanlint/commands/arguments.py). Kinds: "flag" (store_true), "switch" (--x / --no-x), "value"
    (the last one given), "append" (each one given)."""

    flags: Tuple[str, ...]
    kind: str
    help: str
    metavar: Optional[str] = None
    choices: Optional[Tuple[str, ...]] = None
    type: Optional[Callable[[str], object]] = None  # converts the value (argparse's `type`)

    @property
    def dest(self) -> str:
        return self.flags[-1].lstrip("-").replace("-", "_")


RULE_OPTIONS = (
    Option(
        ("--select",),
        "append",
        "comma-separated codes, prefixes or ALL (replaces the configured selection)",
        "CODES",
    ),
    Option(("--extend-select",), "append", "codes or prefixes to add to the selection", "CODES"),
    Option(("--ignore",), "append", "codes or prefixes to leave out", "CODES"),
    Option(("--extend-ignore",), "append", "more codes or prefixes to leave out", "CODES"),
    Option(("--preview",), "switch", "enable the opt-in (off by default) rules too"),
    Option(
        ("--target-version",),
        "value",
        "the oldest Python the code must run on: newer syntax is an error",
        choices=TARGET_VERSIONS,
    ),
    Option(
        ("--config",),
        "value",
        "configuration file for every file "
        "(default: the nearest pyproject.toml with [tool.nanlint], or nanlint.toml, of each file)",
        "PATH",
    ),
)


def add_options(parser: argparse.ArgumentParser, options: Sequence[Option]) -> None:
    import argparse

    actions: Dict[str, Union[str, Type[argparse.Action]]] = {
        "flag": "store_true",
        "switch": argparse.BooleanOptionalAction,
        "value": "store",
        "append": "append",
    }
    for option in options:
        extra = {name: getattr(option, name) for name in ("metavar", "choices", "type") if getattr(option, name)}
        parser.add_argument(*option.flags, action=actions[option.kind], help=option.help, **extra)


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    add_options(parser, RULE_OPTIONS)


def overrides(args: argparse.Namespace) -> Dict[str, object]:
    """The settings the command line gives, over every configuration file's (None: not given)."""

    def option(name: str):
        return getattr(args, name, None)  # `rule` and `rules` have few of the options

    return dict(
        selections=_command_line_selection(args),
        preview=option("preview"),
        target_version=option("target_version"),
        output_format=option("output_format"),
        fix=option("fix"),
        unsafe_fixes=option("unsafe_fixes"),
        force_exclude=option("force_exclude"),
        respect_gitignore=option("respect_gitignore"),
        cache=False if option("no_cache") else None,
        cache_dir=option("cache_dir"),
    )


def given_config(args: argparse.Namespace) -> Optional[Path]:
    given = getattr(args, "config", None)
    if not given:
        return None
    from pathlib import Path  # only to name the file given: none on a cached check's path (nanlint/commands/cli.py)

    path = Path(given)
    if not path.is_file():
        raise ConfigError(f"{path}: configuration file not found")
    return path


def settings_from(args: argparse.Namespace) -> Settings:
    """The settings of `--config`, else of the configuration found from the current folder."""
    path = given_config(args) or find_config(os.getcwd())
    return load_settings(path).with_overrides(**overrides(args))


def _command_line_selection(args: argparse.Namespace) -> Optional[Tuple[RuleSelection, ...]]:
    select = selectors(getattr(args, "select", None))
    extend_select = selectors(getattr(args, "extend_select", None)) or ()
    ignore = (selectors(getattr(args, "ignore", None)) or ()) + (selectors(getattr(args, "extend_ignore", None)) or ())
    if select is None and not extend_select and not ignore:
        return None
    return (RuleSelection(select, extend_select, ignore),)
