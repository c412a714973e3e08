"""The rule catalog: rules declared in TOML (one file per family) under `rules/`.

Each file holds a `family`, a `title` and `[[rule]]` tables. A rule names the general check that
implements it (`check`) and that check's parameters (`[rule.params]`); its docs follow ruff's rule
pages; its `[[rule.bad]]` examples (with the `lines` each must be reported on, and the code
expected after `--fix` in `fixed` / after `--unsafe-fixes` in `unsafe_fixed`) and `[[rule.good]]`
examples (which must stay silent) are its tests. The first bad example is the docs' "Example" and
the first good one its "Use instead". Its `confirmed_by` says which run-time events confirm its
findings under `nanlint verify` (docs/writing-rules.md).
"""

# Annotations evaluated, not kept as strings: the records are cheaper to define (nanlint/types.py).

import os
import re
import sys
from typing import TYPE_CHECKING, Dict, Iterable, List, NamedTuple, Optional, Tuple, Union

from nanlint.install import ABOVE_PACKAGE, PACKAGE_DIR

# pathlib only to read rule files, which a run whose catalog is cached does not (nanlint/commands/cli.py).
if TYPE_CHECKING:
    from pathlib import Path

CODE = re.compile(r"^NAN\d{3}$")
NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
RULE_KEYS = {
    "code",
    "name",
    "default",
    "gradient",
    "message",
    "check",
    "params",
    "confirmed_by",
    "docs",
    "bad",
    "good",
    "fix",
}
DOCS_KEYS = {"what", "why", "instead", "references"}
BAD_KEYS = {"code", "lines", "fixed", "unsafe_fixed", "path"}
GOOD_KEYS = {"code", "path"}
FILE_KEYS = {"family", "title", "rule"}


class CatalogError(Exception):
    """A rule file that cannot be used: its path and what is wrong, in one line."""


class Example(NamedTuple):
    code: str
    lines: Tuple[int, ...] = ()
    fixed: Optional[str] = None
    unsafe_fixed: Optional[str] = None
    path: str = "example.py"


class Prediction(NamedTuple):
    """A run-time event that confirms a rule's finding: an op, in a phase, made a new NaN/Inf (or,
    for the phase `inplace`, autograd refused an in-place change the op made there)."""

    phase: str  # one of PHASES
    op: str  # the monitor's name for it (`div` for `/`, `pow` for `**`); fnmatch wildcards allowed


PHASES = ("forward", "backward", "optimizer", "inplace")


class Docs(NamedTuple):
    what: str
    why: str
    instead: str
    references: Tuple[str, ...] = ()


class Rule(NamedTuple):
    code: str
    name: str
    family: str
    default: bool
    message: str
    check: str
    params: Dict[str, object]
    docs: Docs
    bad: Tuple[Example, ...]
    good: Tuple[Example, ...]
    fix: Dict[str, object] = {}  # never changed in place: a NamedTuple shares its defaults
    source: str = ""
    gradient: bool = False  # a gradient-only hazard: reported only where autograd differentiates the code
    # The run-time events that confirm its findings (`nanlint verify`); () when none can (a
    # suppression, a slow setting); None when the rule file does not say, which counts as none.
    confirmed_by: Optional[Tuple[Prediction, ...]] = None

    @property
    def fixable(self) -> bool:
        return bool(self.fix)

    @property
    def fix_safe(self) -> bool:
        """Whether its fix keeps the numbers unchanged (then `--fix` applies it)."""
        return bool(self.fix.get("safe", False))

    @property
    def fix_title(self) -> str:
        return str(self.fix.get("title", "Apply the suggested fix"))

    @property
    def bundled(self) -> bool:
        """Shipped with nanlint (not a project's `extend-rule-files`): it has a page in docs/rules."""
        return os.path.dirname(self.source) == default_rule_dir()

    @property
    def static(self) -> bool:
        """Reported by `nanlint check` (the others only by `nanlint verify`, from a run)."""
        return self.check != "runtime"


def default_rule_dir() -> str:
    """`nanlint/rules` inside an installed wheel, else the checkout's top-level `rules/`."""
    packaged = os.path.join(PACKAGE_DIR, "rules")
    if os.path.isdir(packaged):
        return packaged
    return os.path.join(ABOVE_PACKAGE, "rules")


def rule_files(extra_files: Iterable[Union[str, "Path"]] = ()) -> List[str]:
    """The files the catalog is read from: the bundled rule files by name, then `extra_files`."""
    folder = default_rule_dir()
    names = os.listdir(folder) if os.path.isdir(folder) else []
    return sorted(os.path.join(folder, name) for name in names if name.endswith(".toml")) + list(map(str, extra_files))


VALIDATED = "validated.json"  # beside the bundled rule files: their catalog as the checks validated it


def bundled_digest() -> str:
    """Of the bundled rule files' names and bytes (not their folder: a wheel moves them)."""
    from hashlib import blake2b

    digest = blake2b(digest_size=16)
    for path in rule_files():
        digest.update(os.path.basename(path).encode() + b"\0")
        with open(path, "rb") as stream:
            digest.update(stream.read())
    return digest.hexdigest()


def read_validated() -> Optional[Dict[str, Rule]]:
    """The bundled catalog from `VALIDATED`, when it was written from the rule files as they are:
    no TOML to parse and no check to build for a run with no cache. None when it is missing, of
    another shape or older than the rule files (then the files are read and validated again)."""
    import json

    folder = default_rule_dir()
    try:
        with open(os.path.join(folder, VALIDATED), "rb") as stream:
            data = json.loads(stream.read())
        if not isinstance(data, dict) or data.get("digest") != bundled_digest():
            return None
        rules = catalog_from_data(data["rules"])
    except (OSError, TypeError, KeyError, ValueError):
        return None
    return {code: rule._replace(source=os.path.join(folder, rule.source)) for code, rule in rules.items()}


def validated_text(catalog: Dict[str, Rule]) -> str:
    """What `VALIDATED` holds for `catalog`, the bundled rules as the checks validated them."""
    import json

    bundled = {code: rule._replace(source=os.path.basename(rule.source)) for code, rule in catalog.items()}
    data = catalog_data(bundled)
    if data is None:
        raise CatalogError("the bundled catalog does not survive the trip through JSON")
    return json.dumps({"digest": bundled_digest(), "rules": data}, indent=0, sort_keys=True) + "\n"


def read_catalog(extra_files: Iterable[Union[str, "Path"]] = ()) -> Dict[str, Rule]:
    """Every rule of the bundled rule files and of `extra_files`, as declared, by code. Checked
    against the checks that implement them by `nanlint.checks.registry.load_catalog`."""
    from pathlib import Path

    rules: Dict[str, Rule] = {}
    for path in map(Path, rule_files(extra_files)):
        for rule in load_rule_file(path):
            if rule.code in rules:
                raise CatalogError(f"{path}: rule {rule.code} is already defined in {rules[rule.code].source}")
            rules[rule.code] = rule
    return dict(sorted(rules.items()))


def load_rule_file(path: "Path") -> List[Rule]:
    if sys.version_info >= (3, 11):  # imported here: a run whose catalog is cached reads no TOML
        import tomllib
    else:  # pragma: no cover - exercised on Python < 3.11 only
        import tomli as tomllib
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise CatalogError(f"{path}: cannot read rule file: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise CatalogError(f"{path}: invalid TOML: {error}") from None
    _unknown_keys(path, "rule file", data, FILE_KEYS)
    family = _require(path, "family", data, str)
    return [_rule(path, family, table) for table in data.get("rule", [])]


def _rule(path: "Path", family: str, table: dict) -> Rule:
    where = f"rule {table.get('code', '?')}"
    _unknown_keys(path, where, table, RULE_KEYS)
    code = _require(path, "code", table, str)
    if not CODE.match(code):
        raise CatalogError(f"{path}: {where}: code must look like NAN123, got {code!r}")
    name = _require(path, "name", table, str)
    if not NAME.match(name):
        raise CatalogError(f"{path}: {where}: name must be kebab-case, got {name!r}")
    docs = table.get("docs", {})
    _unknown_keys(path, f"{where} docs", docs, DOCS_KEYS)
    bad = tuple(_example(path, where, ex, BAD_KEYS) for ex in table.get("bad", []))
    good = tuple(_example(path, where, ex, GOOD_KEYS) for ex in table.get("good", []))
    if not bad or not good:
        raise CatalogError(f"{path}: {where}: needs at least one bad and one good example")
    return Rule(
        code=code,
        name=name,
        family=family,
        default=bool(table.get("default", True)),
        gradient=_optional(path, where, "gradient", table, bool, False),
        message=_require(path, "message", table, str),
        check=_require(path, "check", table, str),
        params=dict(table.get("params", {})),
        docs=Docs(
            what=_require(path, "docs.what", docs, str),
            why=_require(path, "docs.why", docs, str),
            instead=_require(path, "docs.instead", docs, str),
            references=tuple(docs.get("references", ())),
        ),
        bad=bad,
        good=good,
        fix=dict(table.get("fix", {})),
        source=str(path),
        confirmed_by=_predictions(path, where, table),
    )


def _predictions(path: "Path", where: str, table: dict) -> Optional[Tuple[Prediction, ...]]:
    """`confirmed_by = ["forward log", "backward {ops}"]`: "PHASE OP" each."""
    given = table.get("confirmed_by")
    if given is None:
        return None
    if not isinstance(given, list):
        raise CatalogError(f'{path}: {where}: `confirmed_by` must be a list of "PHASE OP" strings')
    predictions = []
    for text in given:
        parts = text.split() if isinstance(text, str) else []
        if len(parts) != 2 or parts[0] not in PHASES:
            raise CatalogError(
                f"{path}: {where}: `confirmed_by` entry {text!r} must be "
                f'"PHASE OP" with PHASE one of {", ".join(PHASES)}'
            )
        predictions.append(Prediction(*parts))
    return tuple(predictions)


def _example(path: "Path", where: str, table: dict, keys: set) -> Example:
    _unknown_keys(path, f"{where} example", table, keys)
    return Example(
        code=_require(path, "code", table, str, f"{where} example"),
        lines=tuple(table.get("lines", ())),
        fixed=table.get("fixed"),
        unsafe_fixed=table.get("unsafe_fixed"),
        path=table.get("path", "example.py"),
    )


def _require(path: "Path", key: str, table: dict, kind: type, where: str = ""):
    value = table.get(key.rsplit(".", 1)[-1])
    if not isinstance(value, kind):
        place = f"{where}: " if where else ""
        raise CatalogError(f"{path}: {place}missing or invalid `{key}` (expected {kind.__name__})")
    return value


def _optional(path: "Path", where: str, key: str, table: dict, kind: type, default):
    value = table.get(key, default)
    if not isinstance(value, kind):
        raise CatalogError(f"{path}: {where}: `{key}` must be {kind.__name__}")
    return value


def _unknown_keys(path: "Path", where: str, table: dict, known: set) -> None:
    unknown = sorted(set(table) - known)
    if unknown:
        raise CatalogError(f"{path}: {where}: unknown key `{unknown[0]}`")


def catalog_data(catalog: Dict[str, Rule]) -> Optional[list]:
    """The rules as JSON-ready data (for the cache), or None if some value would not come back the
    same from `catalog_from_data` (a TOML date among a check's parameters, a NaN)."""
    import json

    data = [_rule_data(rule) for rule in catalog.values()]
    try:
        again = catalog_from_data(json.loads(json.dumps(data)))
    except (TypeError, ValueError):
        return None
    return data if again == catalog else None


def _rule_data(rule: Rule) -> dict:
    """A rule as JSON-ready data: its fields, its docs' and examples' by name."""
    data = rule._asdict()
    data["docs"] = rule.docs._asdict()
    for kind in ("bad", "good"):
        data[kind] = [example._asdict() for example in data[kind]]
    return data


def catalog_from_data(data: list) -> Dict[str, Rule]:
    """The catalog `catalog_data` gave; a TypeError, KeyError or ValueError if `data` is not of its shape."""
    rules = {}
    for item in data:
        fields = dict(item)
        docs = dict(fields["docs"])
        docs["references"] = tuple(docs["references"])
        fields["docs"] = Docs(**docs)
        for kind in ("bad", "good"):
            fields[kind] = tuple(Example(**{**example, "lines": tuple(example["lines"])}) for example in fields[kind])
        if fields["confirmed_by"] is not None:
            fields["confirmed_by"] = tuple(Prediction(*prediction) for prediction in fields["confirmed_by"])
        rule = Rule(**fields)
        rules[rule.code] = rule
    return rules
