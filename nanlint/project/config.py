"""Settings: `[tool.nanlint]` in a pyproject.toml (or a nanlint.toml), then the command line.

A configuration file is, in one directory, `nanlint.toml`, `.nanlint.toml`, then `pyproject.toml`
if it has a `[tool.nanlint]` table; each file is checked with the nearest one among its folders
(nanlint/project/hierarchy.py). Relative paths and patterns in it are relative to its directory.

Rule selection follows ruff: the default rules, then the configuration's `select` /
`extend-select` / `ignore`, then the command line's, each a layer. A layer with `select` starts
over from its own selection; within a layer the more specific selector wins (`NAN101` over `NAN1`
over `NAN` over `ALL`), and at equal specificity `ignore` wins over `select`.
"""

# Annotations evaluated, not kept as strings: the records are cheaper to define (nanlint/types.py).

import os
import sys
from typing import TYPE_CHECKING, Dict, Iterable, List, NamedTuple, Optional, Tuple, Union

from nanlint.catalog import Rule
from nanlint.types import OUTPUT_FORMATS, TARGET_VERSIONS
from nanlint.project.paths import matches

# Files are named by strings: pathlib only for the paths a configuration file gives (nanlint/commands/cli.py).
if TYPE_CHECKING:
    from pathlib import Path

CONFIG_FILES = ("nanlint.toml", ".nanlint.toml", "pyproject.toml")
DEFAULT_EXCLUDE = (
    ".bzr",
    ".direnv",
    ".eggs",
    ".git",
    ".git-rewrite",
    ".hg",
    ".ipynb_checkpoints",
    ".mypy_cache",
    ".nox",
    ".pants.d",
    ".pytest_cache",
    ".pytype",
    ".ruff_cache",
    ".nanlint_cache",
    ".svn",
    ".tox",
    ".venv",
    ".vscode",
    "__pycache__",
    "__pypackages__",
    "_build",
    "buck-out",
    "build",
    "dist",
    "node_modules",
    "site-packages",
    "venv",
)
# A bare folder name matches that folder at any depth (`torch/testing/_internal/common_nn.py`).
DEFAULT_TEST_PATTERNS = ("test_*.py", "*_test.py", "tests", "test", "testing", "conftest.py")
# ruff's names; `text` is nanlint's older name for `full`.
ALL = "ALL"


class ConfigError(Exception):
    """A bad configuration: one line naming the key and the file."""


class RuleSelection(NamedTuple):
    """One layer of rule selection; `select=None` keeps what the layers below chose."""

    select: Optional[Tuple[str, ...]] = None
    extend_select: Tuple[str, ...] = ()
    ignore: Tuple[str, ...] = ()
    origin: str = "command line"
    option_prefix: str = "--"

    def labelled(self) -> Iterable[Tuple[str, Tuple[str, ...]]]:
        yield "select", self.select or ()
        yield "extend-select", self.extend_select
        yield "ignore", self.ignore


class Settings(NamedTuple):
    select: Optional[Tuple[str, ...]] = None
    extend_select: Tuple[str, ...] = ()
    ignore: Tuple[str, ...] = ()
    extend_ignore: Tuple[str, ...] = ()
    per_file_ignores: Dict[str, Tuple[str, ...]] = {}  # never changed in place: a NamedTuple shares its defaults
    exclude: Tuple[str, ...] = DEFAULT_EXCLUDE
    extend_exclude: Tuple[str, ...] = ()
    force_exclude: bool = False
    extend_rule_files: Tuple[str, ...] = ()
    test_patterns: Tuple[str, ...] = DEFAULT_TEST_PATTERNS
    check_tests: bool = False
    preview: bool = False
    respect_gitignore: bool = True
    output_format: str = "full"
    fix: bool = False
    unsafe_fixes: bool = False
    cache: bool = True
    cache_dir: Optional[str] = None
    target_version: Optional[str] = None
    root: str = "."
    source: Optional[str] = None
    # Selection layers on top of this configuration's own (the command line's).
    selections: Tuple[RuleSelection, ...] = ()

    def with_overrides(self, **overrides) -> "Settings":
        return self._replace(**{k: v for k, v in overrides.items() if v is not None})

    @property
    def excludes(self) -> Tuple[str, ...]:
        return self.exclude + self.extend_exclude

    def layers(self) -> List[RuleSelection]:
        where = (
            f"{self.source}: [tool.nanlint]" if self.source and self.source.endswith("pyproject.toml") else self.source
        )
        own = RuleSelection(self.select, self.extend_select, self.ignore + self.extend_ignore, where or "settings", "")
        return [own, *self.selections]


# key -> (attribute, kind). Kinds: "codes", "patterns", "bool", "format", "version", "path", "paths", "table".
KEYS = {
    "select": ("select", "codes"),
    "extend-select": ("extend_select", "codes"),
    "ignore": ("ignore", "codes"),
    "extend-ignore": ("extend_ignore", "codes"),
    "per-file-ignores": ("per_file_ignores", "table"),
    "exclude": ("exclude", "patterns"),
    "extend-exclude": ("extend_exclude", "patterns"),
    "force-exclude": ("force_exclude", "bool"),
    "extend-rule-files": ("extend_rule_files", "paths"),
    "test-patterns": ("test_patterns", "patterns"),
    "check-tests": ("check_tests", "bool"),
    "preview": ("preview", "bool"),
    "respect-gitignore": ("respect_gitignore", "bool"),
    "output-format": ("output_format", "format"),
    "fix": ("fix", "bool"),
    "unsafe-fixes": ("unsafe_fixes", "bool"),
    "cache": ("cache", "bool"),
    "cache-dir": ("cache_dir", "path"),
    "target-version": ("target_version", "version"),
}
CHOICES = {"format": tuple(OUTPUT_FORMATS), "version": TARGET_VERSIONS}


def find_config(start: Union[str, "Path"]) -> Optional[str]:
    """The nearest nanlint.toml, or pyproject.toml with a [tool.nanlint] table, from `start` upward."""
    directory = os.path.realpath(start)
    while True:
        found = config_in(directory)
        parent = os.path.dirname(directory)
        if found is not None or parent == directory:
            return found
        directory = parent


def config_in(directory: str) -> Optional[str]:
    """The configuration file of `directory` itself, if it has one."""
    for name in CONFIG_FILES:
        candidate = os.path.join(directory, name)
        # os.path.isfile: a folder that cannot be entered has no configuration to read (and is reported when walked)
        if os.path.isfile(candidate) and (name != "pyproject.toml" or _has_tool_table(candidate)):
            return candidate
    return None


def _has_tool_table(path: str) -> bool:
    try:
        tool = _read_toml(path).get("tool", {})
    except ConfigError:
        return True  # report the broken file rather than skipping past it
    return isinstance(tool, dict) and "nanlint" in tool


def _read_toml(path: str) -> dict:
    if sys.version_info >= (3, 11):  # imported here: where no configuration file is found, none is read
        import tomllib
    else:  # pragma: no cover - exercised on Python < 3.11 only
        import tomli as tomllib
    try:
        with open(path, encoding="utf-8") as stream:
            return tomllib.loads(stream.read())
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path}: cannot read: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None


def _nanlint_table(path: str, data: dict) -> dict:
    """pyproject.toml: its [tool.nanlint]; nanlint.toml: its top level (or its own [tool.nanlint])."""
    tool = data.get("tool", {})
    if os.path.basename(path) == "pyproject.toml" or (isinstance(tool, dict) and "nanlint" in tool):
        table = tool.get("nanlint", {}) if isinstance(tool, dict) else {}
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: `tool.nanlint` must be a table")
        return table
    return data


def load_settings(given: Optional[Union[str, "Path"]]) -> Settings:
    if given is None:
        return Settings()
    path = str(given)
    folder = os.path.dirname(path) or "."  # as Path.parent names it
    data = _read_toml(path)
    table = _nanlint_table(path, data)
    where = f"{path}: [tool.nanlint]" if os.path.basename(path) == "pyproject.toml" else path
    values = {}
    for key, value in table.items():
        if key not in KEYS:
            raise ConfigError(f"{where}: unknown key `{key}` (known: {', '.join(KEYS)})")
        attribute, kind = KEYS[key]
        values[attribute] = _convert(where, key, kind, value, folder)
    return Settings(root=folder, source=path, **values)


def _convert(where: str, key: str, kind: str, value, base: str):
    def fail(expected: str) -> ConfigError:
        return ConfigError(f"{where}: `{key}` must be {expected}, got {value!r}")

    if kind == "bool":
        if not isinstance(value, bool):
            raise fail("true or false")
        return value
    if kind in CHOICES:
        if value not in CHOICES[kind]:
            raise fail("one of " + ", ".join(CHOICES[kind]))
        return value
    if kind == "path":
        if not isinstance(value, str):
            raise fail("a path")
        return str(_joined(base, value))
    if kind == "table":
        if not isinstance(value, dict) or not all(_strings(v) for v in value.values()):
            raise fail("a table of glob = [codes]")
        return {pattern: tuple(codes) for pattern, codes in value.items()}
    if not _strings(value):
        raise fail("a list of strings")
    if kind == "paths":
        missing = [item for item in value if not _joined(base, item).is_file()]
        if missing:
            raise ConfigError(f"{where}: `{key}` names `{missing[0]}`, which is not a file")
        return tuple(str(_joined(base, item)) for item in value)
    return tuple(value)


def _joined(base: str, path: str) -> "Path":
    from pathlib import Path

    return Path(base, path)


def _strings(value) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def validate_selectors(settings: Settings, catalog: Dict[str, Rule]) -> None:
    """Every selector must be ALL, a rule's code, or a prefix of some rule's code."""
    for layer in settings.layers():
        for label, selectors in layer.labelled():
            _check_selectors(selectors, catalog, f"{layer.origin}: `{layer.option_prefix}{label}`")
    origin = settings.layers()[0].origin
    for pattern, selectors in settings.per_file_ignores.items():
        _check_selectors(selectors, catalog, f"{origin}: `per-file-ignores` for `{pattern}`")


def require_rules(settings: Settings, rules: List[Rule]) -> None:
    """An empty selection checks nothing: an error, not a silent pass."""
    if rules:
        return
    emptied = [layer for layer in settings.layers() if layer.select == ()]
    why = (
        f" ({emptied[-1].origin}: `{emptied[-1].option_prefix}select` is empty)"
        if emptied
        else " (every selected rule is ignored)"
    )
    raise ConfigError("no rules selected" + why)


def _check_selectors(selectors: Iterable[str], catalog: Dict[str, Rule], where: str) -> None:
    for selector in selectors:
        if not matching(selector, catalog):
            raise ConfigError(f"{where} names unknown rule selector `{selector}` (`nanlint rules` lists the codes)")


def matching(selector: str, catalog: Dict[str, Rule]) -> List[Rule]:
    selector = selector.strip().upper()
    if selector == ALL:
        return list(catalog.values())
    return [rule for code, rule in catalog.items() if code.startswith(selector)]


def _specificity(selector: str) -> int:
    selector = selector.strip().upper()
    return 0 if selector == ALL else len(selector)


def enabled_rules(settings: Settings, catalog: Dict[str, Rule]) -> List[Rule]:
    """The rules the settings turn on, resolving the selection layers as ruff does. Opt-in (off
    by default) rules are selected only by their exact code, or by any selector under `preview`."""

    def selectable(rule: Rule, selector: str) -> bool:
        return rule.default or settings.preview or rule.code == selector.strip().upper()

    enabled = {code for code, rule in catalog.items() if rule.default or settings.preview}
    for layer in settings.layers():
        updates: Dict[str, bool] = {}
        selecting = [(s, True) for s in (layer.select or ()) + layer.extend_select]
        ignoring = [(s, False) for s in layer.ignore]
        # Ascending specificity, ignores after selects: the most specific selector has the last word.
        for selector, on in sorted(selecting + ignoring, key=lambda item: (_specificity(item[0]), not item[1])):
            for rule in matching(selector, catalog):
                if not on or selectable(rule, selector):
                    updates[rule.code] = on
        if layer.select is not None:
            enabled = set()
        enabled |= {code for code, on in updates.items() if on}
        enabled -= {code for code, on in updates.items() if not on}
    return [catalog[code] for code in sorted(enabled)]


def ignored_codes_for(relative_path: str, settings: Settings, catalog: Dict[str, Rule]) -> set:
    codes = set()
    for pattern, selectors in settings.per_file_ignores.items():
        if matches(relative_path, pattern):
            for selector in selectors:
                codes.update(rule.code for rule in matching(selector, catalog))
    return codes
