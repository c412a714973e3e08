"""The checks by the name the catalog's `check` key uses, and the catalog checked against them.

Each check class registers itself by its `kind` when its module is imported (`Check.__init_subclass__`);
importing this module imports them all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterable, List, Union

from nanlint.catalog import CatalogError, Prediction, Rule, read_catalog, read_validated
from nanlint.checks import (  # noqa: F401  (imported to register their checks)
    calls,
    denominator,
    division,
    domain,
    inplace,
    masking,
    nan_filter,
    optimizer_eps,
    pattern,
    precision,
    reductions,
    saved,
    steps,
    views,
    where_trap,
)
from nanlint.checks.base import Check, CheckParams, REGISTERED

# `confirmed_by = ["backward {ops}"]`: a list parameter of the check, one prediction per op.
_PLACEHOLDER = re.compile(r"^\{(\w+)\}$")


class SuppressionCheck(Check):
    """`suppression`: the engine itself reports suppression comments that name unknown codes."""

    kind = "suppression"


class RuntimeCheck(Check):
    """`runtime`: rules that only `nanlint verify` reports, from what the run met: `events` lists the
    run's events each reports, as "PHASE KIND" (`forward root`; runtime/join.py reads them)."""

    kind = "runtime"

    @dataclass(frozen=True)
    class Params(CheckParams):
        """The runtime events a runtime rule stands for."""

        # the run's events the rule reports, as "PHASE KIND" (`forward root`)
        events: List[str] = field(default_factory=list)

    params: Params


def build_check(rule: Rule) -> Check:
    try:
        cls = REGISTERED[rule.check]
    except KeyError:
        raise CatalogError(
            f"{rule.source}: rule {rule.code}: unknown check `{rule.check}` (known: {', '.join(sorted(REGISTERED))})"
        ) from None
    return cls(rule)


def load_catalog(extra_files: Iterable[Union[str, Path]] = ()) -> Dict[str, Rule]:
    """The bundled rules and those of `extra_files`, each built once: a bad check name, parameter,
    pattern or message is one error naming the file and the rule when the catalog loads, before any
    file is checked. The bundled rules alone come validated from `rules/validated.json` when it is
    as new as they are."""
    extra = list(extra_files)
    validated = read_validated() if not extra else None
    return validated if validated is not None else build_catalog(extra)


def build_catalog(extra_files: Iterable[Union[str, Path]] = ()) -> Dict[str, Rule]:
    """`load_catalog` from the rule files themselves, every rule built by its check."""
    return {code: _built(rule) for code, rule in read_catalog(extra_files).items()}


def _built(rule: Rule) -> Rule:
    """The rule with its `confirmed_by` placeholders expanded from its check's parameters."""
    check = build_check(rule)
    if rule.confirmed_by:
        rule = rule._replace(confirmed_by=tuple(dict.fromkeys(_expanded(rule, check.params))))
    return rule


def _expanded(rule: Rule, params: CheckParams) -> Iterable[Prediction]:
    """`backward {ops}`: one prediction per op of the check's `ops` parameter."""
    for prediction in rule.confirmed_by or ():
        placeholder = _PLACEHOLDER.match(prediction.op)
        if placeholder is None:
            yield prediction
            continue
        ops = getattr(params, placeholder.group(1), None)
        if not (isinstance(ops, list) and ops and all(isinstance(op, str) for op in ops)):
            raise CatalogError(
                f"{rule.source}: rule {rule.code}: `confirmed_by` names `{prediction.op}`, "
                "which is not a list of op names among the check's parameters"
            )
        yield from (Prediction(prediction.phase, op) for op in ops)
