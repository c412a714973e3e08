"""The options `check` and `verify` share: rule selection, the target version and the
configuration file, made into Settings and a Project the same way for both commands."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from nanlint.types import TARGET_VERSIONS
from nanlint.project.config import (
    ConfigError,
    RuleSelection,
    Settings,
    find_config,
    load_settings,
)


class UsageError(Exception):
    """A command line that cannot be run as given: one line for the user (exit 2)."""


def selectors(given: Optional[List[str]]) -> Optional[Tuple[str, ...]]:
    """`--select A,B --select C` -> ("A", "B", "C"); None when the option was not given."""
    if given is None:
        return None
    return tuple(part.strip() for text in given for part in text.split(",") if part.strip())


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--select",
        action="append",
        metavar="CODES",
        help="comma-separated codes, prefixes or ALL (replaces the configured selection)",
    )
    parser.add_argument(
        "--extend-select", action="append", metavar="CODES", help="codes or prefixes to add to the selection"
    )
    parser.add_argument("--ignore", action="append", metavar="CODES", help="codes or prefixes to leave out")
    parser.add_argument("--extend-ignore", action="append", metavar="CODES", help="more codes or prefixes to leave out")
    parser.add_argument(
        "--preview", action=argparse.BooleanOptionalAction, help="enable the opt-in (off by default) rules too"
    )
    parser.add_argument(
        "--target-version",
        choices=TARGET_VERSIONS,
        help="the oldest Python the code must run on: newer syntax is an error",
    )
    parser.add_argument(
        "--config",
        metavar="PATH",
        help="configuration file for every file "
        "(default: the nearest pyproject.toml with [tool.nanlint], or nanlint.toml, of each file)",
    )


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
    path = Path(given)
    if not path.is_file():
        raise ConfigError(f"{path}: configuration file not found")
    return path


def settings_from(args: argparse.Namespace) -> Settings:
    """The settings of `--config`, else of the configuration found from the current folder."""
    path = given_config(args) or find_config(Path.cwd())
    return load_settings(path).with_overrides(**overrides(args))


def _command_line_selection(args: argparse.Namespace) -> Optional[Tuple[RuleSelection, ...]]:
    select = selectors(getattr(args, "select", None))
    extend_select = selectors(getattr(args, "extend_select", None)) or ()
    ignore = (selectors(getattr(args, "ignore", None)) or ()) + (selectors(getattr(args, "extend_ignore", None)) or ())
    if select is None and not extend_select and not ignore:
        return None
    return (RuleSelection(select, extend_select, ignore),)
