"""`nanlint rule CODE` / `nanlint rule --all` (rule pages) and `nanlint rules [--select CODES]` (the listing)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Dict, List, Optional

from nanlint.catalog import Rule
from nanlint.checks.registry import load_catalog
from nanlint.project.config import matching
from nanlint.formats.rule_pages import rule_markdown, rule_url
from nanlint.project.options import UsageError, selectors, settings_from


def _catalog_for(args: argparse.Namespace) -> Dict[str, Rule]:
    return load_catalog(settings_from(args).extend_rule_files)


def _find_rule(catalog: Dict[str, Rule], wanted: str) -> Optional[Rule]:
    wanted = wanted.strip()
    return catalog.get(wanted.upper()) or next((r for r in catalog.values() if r.name == wanted), None)


def run_rule(args: argparse.Namespace) -> int:
    if args.all == (args.code is not None):
        raise UsageError("give a rule's code or name, or `--all`")
    catalog = _catalog_for(args)
    if args.all:
        rules = list(catalog.values())
    else:
        rule = _find_rule(catalog, args.code)
        if rule is None:
            raise UsageError(f"unknown rule `{args.code}` (`nanlint rules` lists them)")
        rules = [rule]
    if args.output_format == "json":
        _dump([_rule_json(rule) for rule in rules] if args.all else _rule_json(rules[0]))
    else:
        sys.stdout.write("\n".join(rule_markdown(rule) for rule in rules))
    return 0


def _rule_json(rule: Rule) -> dict:
    return {
        "code": rule.code,
        "name": rule.name,
        "family": rule.family,
        "default": rule.default,
        "fixable": rule.fixable,
        "message": rule.message,
        "check": rule.check,
        "what": rule.docs.what,
        "why": rule.docs.why,
        "instead": rule.docs.instead,
        "references": list(rule.docs.references),
        "url": rule_url(rule),
        "explanation": rule_markdown(rule),
    }


def _dump(data) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def run_rules(args: argparse.Namespace) -> int:
    catalog = _catalog_for(args)
    rules = _selected(catalog, selectors(args.select))
    if args.output_format == "json":
        _dump([_rule_json(rule) for rule in rules])
        return 0
    width = max((len(rule.name) for rule in rules), default=0)
    for rule in rules:
        flags = ("on " if rule.default else "off") + (" fix" if rule.fixable else "    ")
        sys.stdout.write(f"{rule.code}  {rule.name:<{width}}  {flags}  {rule.family}\n")
    return 0


def _selected(catalog: Dict[str, Rule], wanted: Optional[tuple]) -> List[Rule]:
    """The rules matching any of `wanted` (codes, prefixes, ALL), in catalog order; all of them for None."""
    if wanted is None:
        return list(catalog.values())
    chosen = set()
    for selector in wanted:
        found = matching(selector, catalog)
        if not found:
            raise UsageError(f"`--select` names unknown rule selector `{selector}` (`nanlint rules` lists the codes)")
        chosen.update(rule.code for rule in found)
    return [rule for code, rule in catalog.items() if code in chosen]
