"""The general checks the catalog instantiates: each implements many rules through its parameters."""

from __future__ import annotations

import ast
from typing import Callable, Dict, Optional

from nanlint.catalog import CatalogError, Rule
from nanlint.ftypes import Edit, Fix
from nanlint.patterns import Match, Template
from nanlint.values import EXP, LOG_SCALE, MASK, NEG, NEG_INF, POS_INF, PROB, SQUARED_DISTANCE, CONSTANT, ABOVE_ONE, PAST_UNIT, EXPANDED_DISTANCE, UNIFORM, UNIT, ZERO, Fact, bounded_above

MAX_SNIPPET = 40

# Predicates over facts that rules may name in their parameters.
PREDICATES: Dict[str, Callable[[Fact], bool]] = {
    "zero": lambda f: f.can(ZERO),
    "negative": lambda f: f.can(NEG),
    "nonpositive": lambda f: f.can(ZERO | NEG),
    "unit": lambda f: f.has(UNIT) and f.why is not None,
    "neg-inf": lambda f: f.has(NEG_INF),
    "pos-inf": lambda f: f.has(POS_INF),
    "inf": lambda f: f.has(NEG_INF) or f.has(POS_INF),
    "prob": lambda f: f.has(PROB),
    "uniform": lambda f: f.has(UNIFORM),
    "mask": lambda f: f.has(MASK),
    "exp": lambda f: f.has(EXP),
    "bounded": bounded_above,
    "log-scale": lambda f: f.has(LOG_SCALE) and not bounded_above(f),
    "squared-distance": lambda f: f.has(SQUARED_DISTANCE) and f.why is not None,
    "constant": lambda f: f.has(CONSTANT),
    "above-one": lambda f: f.has(ABOVE_ONE),
    "past-unit": lambda f: f.has(PAST_UNIT) and f.why is not None,
    "expanded-distance": lambda f: f.has(EXPANDED_DISTANCE),
    "any": lambda f: True,
}


def snippet(code: str) -> str:
    code = " ".join(code.split())
    return code if len(code) <= MAX_SNIPPET else code[: MAX_SNIPPET - 1] + "…"


class Check:
    """One rule's check. Subclasses declare PARAMS {name: (type, default)} and node handlers."""

    kind = ""
    PARAMS: Dict[str, tuple] = {}

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self.params = self._validated(rule.params)
        fix = rule.fix
        self.template = Template(fix["template"]) if "template" in fix else None
        self.fix_safe = bool(fix.get("safe", False))
        self.fix_title = str(fix.get("title", "Apply the suggested fix"))

    def _validated(self, given: dict) -> dict:
        unknown = sorted(set(given) - set(self.PARAMS))
        if unknown:
            raise CatalogError(f"{self.rule.source}: rule {self.rule.code}: unknown parameter `{unknown[0]}` for check `{self.kind}`")
        values = {}
        for name, (kind, default) in self.PARAMS.items():
            value = given.get(name, default)
            if value is None and default is None and name not in given:
                values[name] = None
                continue
            if not isinstance(value, kind):
                raise CatalogError(f"{self.rule.source}: rule {self.rule.code}: parameter `{name}` must be {getattr(kind, '__name__', kind)}")
            values[name] = value
        named = [*dict(values.get("where") or {}).items(), *dict(values.get("unless") or {}).items()]
        named += [("danger", predicate) for predicate in values.get("danger") or ()]
        for name, predicate in named:
            if predicate not in PREDICATES:
                raise CatalogError(f"{self.rule.source}: rule {self.rule.code}: unknown predicate `{predicate}` for `{name}`")
        return values

    def handlers(self) -> Dict[type, Callable]:
        """Node type -> bound method(node, ctx), called as the walk enters such a node."""
        return {}

    def begin(self, ctx) -> None:
        """Reset per-file state."""

    def end(self, ctx) -> None:
        """Called after the whole file was walked."""

    def report(self, ctx, node: ast.AST, fix: Optional[Fix] = None, **fields) -> None:
        ctx.report(self.rule, node, self.rule.message.format(**fields), fix)

    def make_fix(self, ctx, node: ast.AST, match: Match, operand: bool = False) -> Optional[Fix]:
        """The rendered template replacing `node`; `operand`: `node` is an operand of an operator or a
        method's receiver, so a template that is not an atom (`$arg + 1e-12`) is parenthesised."""
        if self.template is None or match.indirect:
            return None
        code = self.template.render(match, ctx, ctx.spell)
        if code is None:
            return None
        if operand and not isinstance(self.template.tree, Template.ATOMS):
            code = f"({code})"
        start, end = ctx.offsets(node)
        return Fix(self.fix_title, (Edit(start, end, code),) + ctx.import_edits(self.template), self.fix_safe)
