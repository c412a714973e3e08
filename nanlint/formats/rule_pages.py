"""Rule documentation: each rule's page, in the shape of ruff's, made from the catalog.

`nanlint rule CODE` prints a page; `python -m nanlint.formats.rule_pages` writes them all to `docs/rules/`
(`CODE.md` per rule and a `README.md` index), and `python -m nanlint.formats.rule_pages --check` exits 1 when
the committed pages differ from the catalog. The `url` of each finding (JSON, SARIF, rdjson)
links the page of its rule on the repository.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence

from nanlint.install import ABOVE_PACKAGE
from nanlint.catalog import VALIDATED, Rule, default_rule_dir, validated_text

REPOSITORY = "https://github.com/nanlint/nanlint"
PAGES = Path(ABOVE_PACKAGE, "docs", "rules")  # in a checkout
PAGE_URL = REPOSITORY + "/blob/main/docs/rules/{code}.md"
INDEX = "README.md"


def rule_url(rule: Optional[Rule]) -> Optional[str]:
    """The page of a rule shipped with nanlint; None for a project's own rules (they have none)."""
    return PAGE_URL.format(code=rule.code) if rule is not None and rule.bundled else None


def rule_markdown(rule: Rule) -> str:
    """A rule's page: what it does, why it is bad, an example, what to use instead, fix safety, references."""
    from nanlint.analysis.gradient import WHERE_IT_SPEAKS  # the semantic model: only to write a page

    parts = [
        f"# {rule.name} ({rule.code})",
        f"Family: {rule.family}. {_default_text(rule)}." + (" Fix available." if rule.fixable else ""),
        "## What it does\n" + rule.docs.what.strip(),
        "## Why is this bad?\n" + rule.docs.why.strip() + (f"\n\n{WHERE_IT_SPEAKS}" if rule.gradient else ""),
        "## Example\n```python\n" + rule.bad[0].code.strip() + "\n```",
        "## Use instead\n" + rule.docs.instead.strip() + "\n```python\n" + rule.good[0].code.strip() + "\n```",
    ]
    if rule.static:
        parts.append("## Under `nanlint verify`\n" + _confirmation(rule))
    if rule.fixable:
        parts.append("## Fix safety\n" + _fix_safety(rule))
    if rule.docs.references:
        parts.append("## References\n" + "\n".join(f"- {ref}" for ref in rule.docs.references))
    return "\n\n".join(parts) + "\n"


_PHASE_WORDS = {
    "forward": "a new NaN/Inf in the forward pass of",
    "backward": "a new NaN/Inf gradient in the backward pass of",
    "optimizer": "non-finite weights after",
    "inplace": "an autograd in-place error at",
}
_OP_WORDS = {"*": "any op", "*.step": "an optimizer's `step()`"}


def _default_text(rule: Rule) -> str:
    return "Enabled by default" if rule.default else "Off by default (select it by code, or use --preview)"


def _confirmation(rule: Rule) -> str:
    """The run-time events that confirm a finding of the rule (its `confirmed_by`), in words."""
    if not rule.confirmed_by:
        return 'No run-time event can confirm it: its findings are "static only".'
    by_phase: Dict[str, List[str]] = {}
    for prediction in rule.confirmed_by:
        by_phase.setdefault(prediction.phase, []).append(prediction.op)
    events = []
    for phase, ops in by_phase.items():
        shown = [op for op in ops if not (op.endswith("_") and op[:-1] in ops)]  # `log` covers `log_`
        events.append("%s %s" % (_PHASE_WORDS[phase], ", ".join(_OP_WORDS.get(op, f"`{op}`") for op in shown)))
    return "A finding is confirmed when the run makes, at its line, " + "; or ".join(events) + "."


def _fix_safety(rule: Rule) -> str:
    if rule.fix_safe:
        return (
            f"The fix ({rule.fix_title}) is safe: it keeps the numbers the code computes, and `--fix` applies it. "
            "Where it would drop a comment it is offered as unsafe."
        )
    return (
        f"The fix ({rule.fix_title}) is unsafe: it changes the numbers the code computes, so it is applied only "
        "with `--unsafe-fixes` (`--diff` shows it first)."
    )


def pages(catalog: Dict[str, Rule]) -> Dict[str, str]:
    """File name -> content: a page per rule shipped with nanlint, and the index."""
    bundled = [rule for rule in catalog.values() if rule.bundled]
    files = {f"{rule.code}.md": rule_markdown(rule) for rule in bundled}
    files[INDEX] = _index(bundled)
    return files


def _index(rules: Iterable[Rule]) -> str:
    rows = [
        f"| [{rule.code}]({rule.code}.md) | {rule.name} | {rule.family} | {'on' if rule.default else 'off'} | "
        f"{('safe' if rule.fix_safe else 'unsafe') if rule.fixable else ''} |"
        for rule in rules
    ]
    header = [
        "# Rules",
        "",
        "Generated from the catalog (`rules/*.toml`) by `python -m nanlint.formats.rule_pages`; do not edit by hand.",
        "",
        "| code | name | family | default | fix |",
        "|---|---|---|---|---|",
    ]
    return "\n".join(header + rows) + "\n"


def stale(directory: Path, expected: Dict[str, str]) -> List[str]:
    """The pages in `directory` that differ from `expected`, are missing, or belong to no rule."""
    present = {path.name for path in directory.glob("*.md")} if directory.is_dir() else set()
    differing = [name for name, text in expected.items() if not _holds(directory / name, text)]
    return sorted(differing + sorted(present - set(expected)))


def _holds(path: Path, text: str) -> bool:
    try:
        return path.read_text(encoding="utf-8") == text
    except OSError:
        return False


def write(directory: Path, expected: Dict[str, str]) -> List[str]:
    """Bring `directory` in line with `expected`; returns the names written or removed."""
    changed = stale(directory, expected)
    directory.mkdir(parents=True, exist_ok=True)
    for name in changed:
        if name in expected:
            (directory / name).write_text(expected[name], encoding="utf-8", newline="\n")
        else:
            (directory / name).unlink()
    return changed


def main(argv: Optional[Sequence[str]] = None) -> int:
    import argparse  # only to write the pages: a finding's link (rule_url) needs none of it

    parser = argparse.ArgumentParser(
        prog="python -m nanlint.formats.rule_pages",
        description="Write the rule pages and rules/validated.json from the rule files.",
    )
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a page is out of date")
    parser.add_argument(
        "--directory", type=Path, default=PAGES, help="where the pages go (default: the checkout's docs/rules)"
    )
    args = parser.parse_args(argv)
    from nanlint.checks.registry import build_catalog

    catalog = build_catalog()
    expected = pages(catalog)
    validated = Path(default_rule_dir(), VALIDATED)
    if args.check:
        outdated = [args.directory / name for name in stale(args.directory, expected)]
        outdated += [validated] if not _holds(validated, validated_text(catalog)) else []
        for path in outdated:
            sys.stderr.write(f"{path}: out of date (run `python -m nanlint.formats.rule_pages`)\n")
        return 1 if outdated else 0
    for name in write(args.directory, expected):
        sys.stderr.write(f"{'wrote' if name in expected else 'removed'} {args.directory / name}\n")
    if not _holds(validated, validated_text(catalog)):
        validated.write_text(validated_text(catalog), encoding="utf-8", newline="\n")
        sys.stderr.write(f"wrote {validated}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
