"""Settings: `[tool.nanlint]` in the nearest pyproject.toml (or a nanlint.toml), then the command line."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from nanlint.catalog import Rule

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

CONFIG_FILES = ("nanlint.toml", ".nanlint.toml", "pyproject.toml")
DEFAULT_EXCLUDE = (
    ".bzr", ".direnv", ".eggs", ".git", ".git-rewrite", ".hg", ".ipynb_checkpoints", ".mypy_cache",
    ".nox", ".pants.d", ".pytest_cache", ".pytype", ".ruff_cache", ".nanlint_cache", ".svn", ".tox",
    ".venv", ".vscode", "__pycache__", "__pypackages__", "_build", "buck-out", "build", "dist",
    "node_modules", "site-packages", "venv",
)
DEFAULT_TEST_PATTERNS = ("test_*.py", "*_test.py", "tests/*", "test/*", "testing/*", "conftest.py")
OUTPUT_FORMATS = ("text", "concise", "json", "sarif", "github")


class ConfigError(Exception):
    """A bad configuration: one line naming the key and the file."""


@dataclass(frozen=True)
class Settings:
    select: Optional[Tuple[str, ...]] = None
    extend_select: Tuple[str, ...] = ()
    ignore: Tuple[str, ...] = ()
    extend_ignore: Tuple[str, ...] = ()
    per_file_ignores: Dict[str, Tuple[str, ...]] = field(default_factory=dict)
    exclude: Tuple[str, ...] = DEFAULT_EXCLUDE
    extend_exclude: Tuple[str, ...] = ()
    extend_rule_files: Tuple[str, ...] = ()
    test_patterns: Tuple[str, ...] = DEFAULT_TEST_PATTERNS
    preview: bool = False
    respect_gitignore: bool = True
    output_format: str = "text"
    fix: bool = False
    unsafe_fixes: bool = False
    cache: bool = True
    cache_dir: Optional[str] = None
    root: str = "."
    source: Optional[str] = None

    def with_overrides(self, **overrides) -> "Settings":
        return replace(self, **{k: v for k, v in overrides.items() if v is not None})


# key -> (attribute, kind). Kinds: "codes", "patterns", "bool", "format", "path", "paths", "table".
KEYS = {
    "select": ("select", "codes"),
    "extend-select": ("extend_select", "codes"),
    "ignore": ("ignore", "codes"),
    "extend-ignore": ("extend_ignore", "codes"),
    "per-file-ignores": ("per_file_ignores", "table"),
    "exclude": ("exclude", "patterns"),
    "extend-exclude": ("extend_exclude", "patterns"),
    "extend-rule-files": ("extend_rule_files", "paths"),
    "test-patterns": ("test_patterns", "patterns"),
    "preview": ("preview", "bool"),
    "respect-gitignore": ("respect_gitignore", "bool"),
    "output-format": ("output_format", "format"),
    "fix": ("fix", "bool"),
    "unsafe-fixes": ("unsafe_fixes", "bool"),
    "cache": ("cache", "bool"),
    "cache-dir": ("cache_dir", "path"),
}


def find_config(start: Path) -> Optional[Path]:
    """The nearest nanlint.toml, or pyproject.toml with a [tool.nanlint] table, from `start` upward."""
    start = start.resolve()
    for directory in (start, *start.parents):
        for name in CONFIG_FILES:
            candidate = directory / name
            if not candidate.is_file():
                continue
            if name != "pyproject.toml" or _has_tool_table(candidate):
                return candidate
    return None


def _has_tool_table(path: Path) -> bool:
    try:
        return "nanlint" in _read_toml(path).get("tool", {})
    except ConfigError:
        return True  # report the broken file rather than skipping past it


def _read_toml(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path}: cannot read: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None


def load_settings(path: Optional[Path]) -> Settings:
    if path is None:
        return Settings()
    data = _read_toml(path)
    table = data.get("tool", {}).get("nanlint", {}) if path.name == "pyproject.toml" else data.get("tool", {}).get("nanlint", data)
    where = f"{path}: [tool.nanlint]" if path.name == "pyproject.toml" else str(path)
    values = {}
    for key, value in table.items():
        if key not in KEYS:
            raise ConfigError(f"{where}: unknown key `{key}` (known: {', '.join(KEYS)})")
        attribute, kind = KEYS[key]
        values[attribute] = _convert(where, key, kind, value, path.parent)
    return Settings(root=str(path.parent), source=str(path), **values)


def _convert(where: str, key: str, kind: str, value, base: Path):
    def fail(expected: str) -> ConfigError:
        return ConfigError(f"{where}: `{key}` must be {expected}, got {value!r}")

    if kind == "bool":
        if not isinstance(value, bool):
            raise fail("true or false")
        return value
    if kind == "format":
        if value not in OUTPUT_FORMATS:
            raise fail("one of " + ", ".join(OUTPUT_FORMATS))
        return value
    if kind == "path":
        if not isinstance(value, str):
            raise fail("a path")
        return str(base / value)
    if kind == "table":
        if not isinstance(value, dict) or not all(_strings(v) for v in value.values()):
            raise fail("a table of glob = [codes]")
        return {pattern: tuple(codes) for pattern, codes in value.items()}
    if not _strings(value):
        raise fail("a list of strings")
    if kind == "paths":
        return tuple(str(base / item) for item in value)
    return tuple(value)


def _strings(value) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def validate_selectors(settings: Settings, catalog: Dict[str, Rule], origin: str) -> None:
    """Every selector must name a rule, a code prefix of some rule, or ALL."""
    for label, selectors in (
        ("select", settings.select or ()),
        ("extend-select", settings.extend_select),
        ("ignore", settings.ignore),
        ("extend-ignore", settings.extend_ignore),
        *((f"per-file-ignores.{k}", v) for k, v in settings.per_file_ignores.items()),
    ):
        for selector in selectors:
            if not _matching(selector, catalog):
                raise ConfigError(f"{origin}: `{label}` names unknown rule selector `{selector}`")


def _matching(selector: str, catalog: Dict[str, Rule]) -> List[Rule]:
    selector = selector.strip().upper()
    if selector == "ALL":
        return list(catalog.values())
    return [rule for code, rule in catalog.items() if code.startswith(selector)]


def enabled_rules(settings: Settings, catalog: Dict[str, Rule]) -> List[Rule]:
    """Rules the settings turn on. Off-by-default (opt-in) rules come in by their exact code, or
    by any selector under `preview`."""

    def pick(selectors: Sequence[str]) -> Dict[str, Rule]:
        chosen = {}
        for selector in selectors:
            for rule in _matching(selector, catalog):
                if rule.default or settings.preview or rule.code == selector.strip().upper():
                    chosen[rule.code] = rule
        return chosen

    if settings.select is None:
        base = {code: rule for code, rule in catalog.items() if rule.default or settings.preview}
    else:
        base = pick(settings.select)
    base.update(pick(settings.extend_select))
    for code in pick(list(settings.ignore) + list(settings.extend_ignore)):
        base.pop(code, None)
    return [base[code] for code in sorted(base)]


def ignored_codes_for(relative_path: str, settings: Settings, catalog: Dict[str, Rule]) -> set:
    from nanlint.discovery import matches

    codes = set()
    for pattern, selectors in settings.per_file_ignores.items():
        if matches(relative_path, pattern):
            for selector in selectors:
                codes.update(rule.code for rule in _matching(selector, catalog))
    return codes
