"""The general checks the catalog instantiates: each implements many rules through its parameters."""

from __future__ import annotations

import ast
from typing import Callable, Dict, Optional, Tuple

from nanlint.catalog import CatalogError, Rule
from nanlint.ftypes import Edit, Fix
from nanlint.patterns import Match, Template
from nanlint.values import (
    ABOVE_ONE, CONSTANT, COUNT, DISTANCE, EXP, EXPANDED_DISTANCE, LOG_SCALE, MASK, NEG, NEG_INF, NONNEG, NORM, PAST_UNIT,
    POS_INF, PROB, RANGE, RECTIFIED, SPREAD, SQUARED_DISTANCE, UNIFORM, UNIT, ZERO, Fact, bounded_above,
)

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
    # kinds of zero evidence (with evidence that 0 occurs): a count of a mask, a std/var, a norm, max - min
    "count": lambda f: f.has(COUNT) and f.can(ZERO),
    "spread": lambda f: f.has(SPREAD) and f.can(ZERO),
    "norm": lambda f: f.has(NORM) and f.can(ZERO),
    "range": lambda f: f.has(RANGE) and f.can(ZERO),
    "distance": lambda f: f.has(DISTANCE) and f.can(ZERO),
    "rectified": lambda f: f.has(RECTIFIED) and f.can(ZERO),  # a ReLU output, a clamp at 0
    # never negative but reaching exactly 0 (a ReLU output, a count, a norm, a sum of those)
    "floored-zero": lambda f: f.signs == NONNEG and f.can(ZERO),
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

    @staticmethod
    def note_compared(node: ast.AST, ctx) -> None:
        """A handler for comparisons and test calls (`if n > 0:`, `mask.any()`): the values they look
        at count as guarded later in the function (`ctx.compared.guards`)."""
        ctx.compared.note(node, ctx)

    def watched_function(self, call: ast.Call, ctx) -> Optional[str]:
        """The qualified name `call` calls, if it is one of the rule's `functions`."""
        name = ctx.qualified(call.func)
        return name if name in self.params["functions"] else None

    def report(self, ctx, node: ast.AST, fix: Optional[Fix] = None, **fields) -> None:
        ctx.report(self.rule, node, self.rule.message.format(**fields), fix)

    def replacing(self, start: int, end: int, code: str, imports: Tuple[Edit, ...] = ()) -> Fix:
        """This rule's fix: `code` in place of the text between two offsets, plus any import it needs."""
        return Fix(self.fix_title, (Edit(start, end, code),) + imports, self.fix_safe)

    def render_fix(self, ctx, node: ast.AST, template: Template, match: Match) -> Optional[Fix]:
        """`template` rendered with `match` in place of `node`, or None when it cannot be spelled here."""
        code = template.render(match, ctx, ctx.spell)
        if code is None:
            return None
        return self.replacing(*ctx.offsets(node), code, ctx.import_edits(template))

    def _captures_inside(self, ctx, node: ast.AST, match: Match) -> bool:
        """Every capture the template uses is code inside `node` (not from another statement)."""
        for name in self.template.capture_names():
            value = match.captures.get(name)
            if not isinstance(value, ast.AST) or not hasattr(value, "lineno") or not _inside(ctx, value, node):
                return False
        return True

    def make_fix(self, ctx, node: ast.AST, match: Match, operand: bool = False) -> Optional[Fix]:
        """The rendered template replacing `node`; `operand`: `node` is an operand of an operator or a
        method's receiver, so a template that is not an atom (`$arg + 1e-12`) is parenthesised."""
        if self.template is None or match.indirect and not self._captures_inside(ctx, node, match):
            return None
        code = self.template.render(match, ctx, ctx.spell)
        if code is None:
            return None
        if operand and not isinstance(self.template.tree, Template.ATOMS):
            code = f"({code})"
        start, end = ctx.offsets(node)
        if isinstance(self.template.tree, (ast.Call, ast.Attribute)):
            start, end = _without_grouping_parens(ctx.text, start, end)
        return self.replacing(start, end, code, ctx.import_edits(self.template))


def _inside(ctx, node: ast.AST, outer: ast.AST) -> bool:
    start, end = ctx.offsets(outer)
    inner_start, inner_end = ctx.offsets(node)
    return start <= inner_start and inner_end <= end


def _without_grouping_parens(text: str, start: int, end: int):
    """Widen [start, end) over the parentheses that only group it, `(a - b)` -> `a - b` span
    including them, so that `(a - b).clamp_min(1)` replaces `(a - b)` rather than nesting inside it.
    Call parentheses (`f(a - b)`) are kept."""
    before = text[:start].rstrip()
    after = text[end:].lstrip()
    if not before.endswith("(") or not after.startswith(")"):
        return start, end
    opener = before[:-1].rstrip()
    if opener and (opener[-1].isalnum() or opener[-1] in "_)]"):
        return start, end
    return len(before) - 1, end + (len(text[end:]) - len(after)) + 1
