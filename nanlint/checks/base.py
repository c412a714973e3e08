"""The general checks the catalog instantiates: each implements many rules through its parameters."""

from __future__ import annotations

import dataclasses
import functools
import re
import string
import typing

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, ClassVar, Dict, List, Optional, Tuple, Type

import libcst as cst

from nanlint.catalog import CatalogError, Rule
from nanlint.types import Edit, Fix
from nanlint.analysis import intervals
from nanlint.analysis.patterns import Match, PatternError, Rest, Template, render_code
from nanlint.analysis.syntax import name_of, walk
from nanlint.analysis.values import (
    ABOVE_ONE,
    BOX_AREA,
    BOX_EXTENT,
    BOX_UNION,
    CONSTANT,
    DECODED,
    IOU,
    PAIRWISE,
    COUNT,
    DISTANCE,
    EXP,
    EXPANDED_DISTANCE,
    LEARNED,
    LOG_PROB,
    LOG_SCALE,
    LOSS,
    MASKED_BACKWARD,
    OVERFLOWS,
    SIGNED,
    SQUARE,
    SUM_OF_SQUARES,
    UNDERFLOW,
    MASK,
    NEG,
    NEG_INF,
    NONNEG,
    NORM,
    PAST_UNIT,
    POS,
    POS_INF,
    PROB,
    RANGE,
    RECTIFIED,
    SPREAD,
    SQUARED_DIFF,
    SQUARED_DISTANCE,
    UNIFORM,
    UNIT,
    UNIT_COMPLEMENT,
    BELOW_ZERO,
    ZERO,
    Fact,
    bounded_above,
    is_eps_like,
    literal_number,
    negative_range,
    negative_reach,
    overflow_reach,
    reaches_overflow,
)


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
    "log-prob": lambda f: f.has(LOG_PROB),  # a log_softmax / logsigmoid output
    "underflow": lambda f: f.has(UNDERFLOW) and f.why is not None,
    "overflows": lambda f: (
        f.has(OVERFLOWS) and f.why is not None
    ),  # reaches above 88.72 (`cos / 0.01`)  # a Gaussian density computed with exp
    "reaches-overflow": reaches_overflow,  # its range passes 88.72 (`-32 * relu(1.25 - cos) * (cos - 0.75)`)
    "negative-range": negative_range,  # a constant shifts part of its range below 0 (`sigmoid(x) - 0.5`)
    "uniform": lambda f: f.has(UNIFORM),
    "mask": lambda f: f.has(MASK),
    "exp": lambda f: f.has(EXP),
    "bounded": bounded_above,
    "exp-finite": lambda f: -intervals.EXP_UNDERFLOW <= f.bounds[0] and f.bounds[1] <= intervals.EXP_OVERFLOW,
    "log-scale": lambda f: f.has(LOG_SCALE) and not bounded_above(f),
    # a sum of squared differences, or one squared difference (`sqrt((a - b) ** 2)` is |a - b|, with
    # a NaN gradient at a == b)
    "squared-distance": lambda f: bool(f.tags & {SQUARED_DISTANCE, SQUARED_DIFF}) and f.why is not None,
    "square": lambda f: f.has(SQUARE) and bool(f.signs & ZERO),  # x ** 2, a sum of squares: 0 for an all-zero input
    "constant": lambda f: f.has(CONSTANT),
    "above-one": lambda f: f.has(ABOVE_ONE),
    "past-unit": lambda f: f.has(PAST_UNIT) and f.why is not None,
    "expanded-distance": lambda f: f.has(EXPANDED_DISTANCE),
    "below-zero": lambda f: f.has(BELOW_ZERO),  # evidence it goes below 0: `1 - p - eps`, a scaled tanh squared
    "loss": lambda f: f.has(LOSS) and bool(f.signs & POS) and not bounded_above(f),  # not `-loss`, not clamped
    "positive": lambda f: f.signs == POS,  # an eps added, a clamp above 0
    "signed": lambda f: f.has(SIGNED) and f.why is not None,  # negative half the time: torch.randn, its odd powers
    "learned": lambda f: f.has(LEARNED),  # an nn.Parameter as it is: nothing keeps it positive
    "any": lambda f: True,
    # kinds of zero evidence (with evidence that 0 occurs): a count of a mask, a std/var, a norm, max - min
    "count": lambda f: f.has(COUNT) and f.can(ZERO),
    "spread": lambda f: f.has(SPREAD) and f.can(ZERO),
    "norm": lambda f: f.has(NORM) and f.can(ZERO),
    "range": lambda f: f.has(RANGE) and f.can(ZERO),
    "distance": lambda f: f.has(DISTANCE) and f.can(ZERO),
    "rectified": lambda f: f.has(RECTIFIED) and f.can(ZERO),  # a ReLU output, a clamp at 0
    "box-extent": lambda f: f.has(BOX_EXTENT) and f.can(ZERO),  # a box's width or height x2 - x1 (or a quotient of it)
    "box-area": lambda f: f.has(BOX_AREA) and f.can(ZERO),  # a box's area, a sum of areas, the union of two boxes
    "box-union": lambda f: f.has(BOX_UNION) and f.can(ZERO),  # area1 + area2 - inter, 0 for two degenerate boxes
    # the union of a box and its own target (an IoU loss), not a pairwise matrix (`area1[:, None] + area2`)
    "aligned-box-union": lambda f: f.has(BOX_UNION) and not f.has(PAIRWISE) and f.can(ZERO),
    "iou": lambda f: f.has(IOU),  # an intersection over union: exactly 1 where two boxes coincide
    "decoded": lambda f: f.has(DECODED),  # exp(d) * size: a box size decoded from a prediction
    # evidence that exactly 0 occurs where a root's gradient is infinite: a clamp at 0 (it passes the
    # gradient where its input is exactly 0; a ReLU's backward selects, so its zeros are no evidence), a
    # variance (constant input), 1 - x with x clamped to 1, a probability (saturated)
    "zero-occurs": lambda f: (
        f.can(ZERO)
        and bool(f.tags & {SPREAD, UNIT_COMPLEMENT, PROB} or RECTIFIED in f.tags and MASKED_BACKWARD not in f.tags)
    ),
    # never negative but reaching exactly 0 (a ReLU output, a count, a norm, a sum of those)
    "floored-zero": lambda f: f.signs == NONNEG and f.can(ZERO),
}

# What a predicate read from a value's bounds says about it, where the fact's own `why` is about
# something else (a product whose range passes 88.72 may carry a difference's "0 where equal").
BOUND_WHY: Dict[str, Callable[[Fact], str]] = {
    "reaches-overflow": overflow_reach,
    "negative-range": negative_reach,
    "square": lambda f: (
        "a sum of squares (a norm written by hand), 0 for an all-zero vector"
        if f.has(SUM_OF_SQUARES)
        else "a square, 0 where its base is 0"
    ),
}


BOX_SIZE_NAME = re.compile(r"(^|_)(anchors?|priors?)(_|$)|(^|_)(w|h|wh|widths?|heights?)\d?$", re.I)


def is_box_size(node: cst.CSTNode) -> bool:
    """A box's width/height: `anchor_w`, `h1`, `widths[:, None]`, `priors[:, 2:4]`, `boxes[..., 2:]`
    (the sizes of (cx, cy, w, h) boxes)."""
    if isinstance(node, cst.Subscript):
        last = node.slice[-1].slice
        if isinstance(last, cst.Slice) and last.lower is not None and literal_number(last.lower) == 2:
            return True
        return is_box_size(node.value)
    name = name_of(node) or (node.attr.value if isinstance(node, cst.Attribute) else None)
    return name is not None and bool(BOX_SIZE_NAME.search(name))


# Predicates over the captured code itself, for what a fact does not keep (which constant it is).
NODE_PREDICATES: Dict[str, Callable[[cst.CSTNode], bool]] = {
    "eps-like": is_eps_like,  # `eps`, `self.eps`, a positive literal up to 1e-2: not `1 +`
    "box-size": is_box_size,
}


# A torch name in a fix title (`torch.nn.functional.softplus`, `torch.finfo`).
TORCH_NAME = re.compile(r"\btorch(?:\.[A-Za-z_]\w*)+")


def spelled_title(title: str, ctx) -> str:
    """A fix title names torch functions by their qualified names; each is spelled here as the file,
    and so the fix's edit, spells it: `F.softplus` where the file imports `torch.nn.functional as F`,
    `torch.nn.functional.softplus` where it imports only torch."""
    return TORCH_NAME.sub(lambda name: ctx.spell(name.group()) or name.group(), title)


@dataclass(frozen=True)
class CheckParams:
    """What a check reads from its rule's `[rule.params]` table. Each check declares its own as a
    subclass, `Params`, each field with its type, its default and what it does; a rule file whose
    table names another key, or a value of another type, is refused when the catalog is loaded."""

    # the rules whose findings on the same expression (or inside it) this rule's finding hides
    # (engine/walk.py applies it)
    supersedes: List[str] = field(default_factory=list)


# Each check class by its `kind` (nanlint/checks/registry.py imports them all).
REGISTERED: Dict[str, Type["Check"]] = {}


class Check:
    """One rule's check. Subclasses declare their `Params` and node handlers; one with a `kind` is
    registered under it, the name a rule's `check` key gives."""

    kind = ""
    Params: ClassVar[Type[CheckParams]] = CheckParams
    FIELDS: Tuple[str, ...] = ()  # the `{fields}` its findings' messages may use

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.kind:
            return
        if cls.kind in REGISTERED:
            raise TypeError(
                f"check `{cls.kind}` is registered twice: {REGISTERED[cls.kind].__qualname__}, {cls.__qualname__}"
            )
        REGISTERED[cls.kind] = cls

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self.params = self._validated(rule.params)
        fix = rule.fix
        try:
            self.template = Template(fix["template"]) if "template" in fix else None
        except PatternError as error:
            raise CatalogError(f"{rule.source}: rule {rule.code}: bad fix template: {error}") from None
        self.fix_safe = rule.fix_safe
        self.fix_title = rule.fix_title
        # The keywords a `*$rest` of the template may pass on (None: any): a capture holding another
        # keyword, or a `**kwargs`, gets no fix (`torch.logsumexp` takes `keepdim`, not `dtype`).
        rest_keywords = fix.get("rest_keywords")
        if rest_keywords is not None and not (
            isinstance(rest_keywords, list) and all(isinstance(k, str) for k in rest_keywords)
        ):
            raise CatalogError(f"{rule.source}: rule {rule.code}: `fix.rest_keywords` must be a list of keyword names")
        self.rest_keywords = None if rest_keywords is None else frozenset(rest_keywords)
        self._check_message()

    def message_fields(self) -> Tuple[str, ...]:
        return self.FIELDS

    def _check_message(self) -> None:
        """The rule's message may only use the fields this check fills in: a rule file is wrong at
        load time, with its name, not once per file checked."""
        try:
            used = [name for _, name, _, _ in string.Formatter().parse(self.rule.message) if name is not None]
        except ValueError as error:
            raise CatalogError(f"{self.rule.source}: rule {self.rule.code}: bad message: {error}") from None
        unknown = [name for name in used if name not in self.message_fields()]
        if unknown:
            given = ", ".join(f"{{{name}}}" for name in self.message_fields()) or "none"
            raise CatalogError(
                f"{self.rule.source}: rule {self.rule.code}: the message uses `{{{unknown[0]}}}`, "
                f"which check `{self.kind}` does not give (it gives: {given})"
            )

    def _validated(self, given: dict) -> CheckParams:
        declared = _declared_types(self.Params)
        unknown = sorted(set(given) - set(declared))
        if unknown:
            raise CatalogError(
                f"{self.rule.source}: rule {self.rule.code}: unknown parameter `{unknown[0]}` for check `{self.kind}`"
            )
        for name, value in given.items():
            if not _of_type(value, declared[name]):
                wanted = _type_name(declared[name])
                raise CatalogError(f"{self.rule.source}: rule {self.rule.code}: parameter `{name}` must be {wanted}")
        params = self.Params(**given)
        named = [*dict(getattr(params, "where", {})).items(), *dict(getattr(params, "unless", {})).items()]
        named += [("danger", predicate) for predicate in getattr(params, "danger", ())]
        for name, predicates in named:
            for predicate in predicates if isinstance(predicates, list) else [predicates]:
                if predicate not in PREDICATES and predicate not in NODE_PREDICATES:
                    raise CatalogError(
                        f"{self.rule.source}: rule {self.rule.code}: unknown predicate `{predicate}` for `{name}`"
                    )
        return params

    def handlers(self) -> Dict[type, Callable]:
        """Node type -> bound method(node, ctx), called as the walk enters such a node."""
        return {}

    def begin(self, ctx) -> None:
        """Reset per-file state."""

    def end(self, ctx) -> None:
        """Called after the whole file was walked."""

    @staticmethod
    def note_compared(node: cst.CSTNode, ctx) -> None:
        """A handler for comparisons and test calls (`if n > 0:`, `mask.any()`): the values they look
        at count as guarded later in the function (`ctx.compared.guards`)."""
        ctx.compared.note(node, ctx)

    def watched_function(self, call: cst.Call, ctx) -> Optional[str]:
        """The qualified name `call` calls, if it is one of the rule's `functions`."""
        name = ctx.qualified(call.func)
        return name if name in getattr(self.params, "functions", ()) else None

    def report(
        self, ctx, node: cst.CSTNode, fix: Optional[Fix] = None, related: Tuple[cst.CSTNode, ...] = (), **fields
    ) -> None:
        if fix is not None:
            fix = fix._replace(title=spelled_title(fix.title, ctx))
        ctx.report(self.rule, node, self.rule.message.format(**fields), fix, related)

    def replacing(
        self, start: int, end: int, code: str, imports: Tuple[Edit, ...] = (), keeps_comments: bool = True
    ) -> Fix:
        """This rule's fix: `code` in place of the text between two offsets, plus any import it needs.
        A fix that would drop a comment is never safe."""
        return Fix(self.fix_title, (Edit(start, end, code),) + imports, self.fix_safe and keeps_comments)

    def render_fix(self, ctx, node: cst.CSTNode, template: Template, match: Match) -> Optional[Fix]:
        """`template` rendered with `match` in place of `node`, or None when it cannot be spelled here."""
        replacement = template.build(match, ctx, ctx.spell)
        if replacement is None:
            return None
        keeps = _keeps_comments(_without_own_parens(node), replacement)
        return self.replacing(
            *ctx.positions.offsets(node), render_code(ctx, replacement, node), ctx.import_edits(template), keeps
        )

    def _captures_inside(self, ctx, node: cst.CSTNode, match: Match) -> bool:
        """Every capture the template uses is code inside `node` (not from another statement):
        one of the nodes below it, by identity."""
        inside = {id(n) for n in walk(node)}
        for name in self.template.capture_names():
            value = match.captures.get(name)
            if isinstance(value, Rest):
                nodes = value.nodes()
            elif isinstance(value, cst.CSTNode):
                nodes = [value]
            else:
                return False
            if any(id(n) not in inside for n in nodes):
                return False
        return True

    def _rest_passes(self, match: Match) -> bool:
        """Every `*$rest` the template uses passes on only the keywords of `fix.rest_keywords` (when
        the rule lists them), and no `**kwargs`."""
        if self.rest_keywords is None:
            return True
        for name in self.template.capture_names():
            value = match.captures.get(name)
            if isinstance(value, Rest) and (value.double_star or not set(value.keywords) <= self.rest_keywords):
                return False
        return True

    def make_fix(self, ctx, node: cst.CSTNode, match: Match, operand: bool = False) -> Optional[Fix]:
        """The rendered template replacing `node`; `operand`: `node` is an operand of an operator or a
        method's receiver, so a template that is not an atom (`$arg + 1e-12`) is parenthesised."""
        if (
            self.template is None
            or match.dropped_keywords
            or match.indirect
            and not self._captures_inside(ctx, node, match)
        ):
            return None
        if not self._rest_passes(match):
            return None
        replacement = self.template.build(match, ctx, ctx.spell)
        if replacement is None:
            return None
        code = render_code(ctx, replacement, node)
        own_parens = len(getattr(node, "lpar", ()))
        if operand and not own_parens and not isinstance(self.template.tree, Template.ATOMS):
            code = f"({code})"
        start, end = ctx.positions.offsets(node)
        replaced = _without_own_parens(node)
        if own_parens and isinstance(self.template.tree, (cst.Call, cst.Attribute)):
            widened = _without_grouping_parens(ctx.text, start, end, own_parens)
            if widened != (start, end):
                start, end = widened
                replaced = node  # (conservative when only some of its parentheses were widened over)
        return self.replacing(start, end, code, ctx.import_edits(self.template), _keeps_comments(replaced, replacement))


def _without_own_parens(node: cst.CSTNode) -> cst.CSTNode:
    """`node` as the text between its offsets spells it (its own parentheses left out)."""
    return node.with_changes(lpar=[], rpar=[]) if getattr(node, "lpar", None) else node


class _Comments(cst.CSTVisitor):
    def __init__(self) -> None:
        super().__init__()
        self.found: Counter = Counter()

    def visit_Comment(self, node: cst.Comment) -> None:
        self.found[node.value.strip()] += 1


def _comments(node: cst.CSTNode) -> Counter:
    """The `#` comments in the code of `node` (a full libcst walk: only fixes ask)."""
    visitor = _Comments()
    node.visit(visitor)
    return visitor.found


def _keeps_comments(replaced: cst.CSTNode, replacement: cst.CSTNode) -> bool:
    """Every comment of the replaced code is still in the replacement (captured code keeps its own)."""
    before = _comments(replaced)
    return not before or not before - _comments(replacement)


def _without_grouping_parens(text: str, start: int, end: int, count: int = 1):
    """Widen [start, end) over up to `count` pairs of parentheses that only group it (the node's
    own), `(a - b)` -> `a - b` span including them, so that `(a - b).clamp_min(1)` replaces
    `(a - b)` rather than nesting inside it. Call parentheses (`f(a - b)`) are kept."""
    widened = 0
    while widened < count:
        before = text[:start].rstrip()
        after = text[end:].lstrip()
        if not before.endswith("(") or not after.startswith(")"):
            break
        opener = before[:-1].rstrip()
        if opener and (opener[-1].isalnum() or opener[-1] in "_)]"):
            break
        start, end = len(before) - 1, end + (len(text[end:]) - len(after)) + 1
        widened += 1
    return start, end


@functools.lru_cache(maxsize=None)
def _declared_types(params: Type[CheckParams]) -> Dict[str, object]:
    """A Params class's fields and their declared types, worked out once per class (typing reads
    the annotations' strings again on every call)."""
    hints = typing.get_type_hints(params)
    return {field.name: hints[field.name] for field in dataclasses.fields(params)}


def _of_type(value: object, declared: object) -> bool:
    """`value`, read from TOML, has the type a Params field declares (`List[str]`, `Optional[...]`)."""
    origin = typing.get_origin(declared)
    if origin is typing.Union:
        return any(_of_type(value, option) for option in typing.get_args(declared))
    if declared is type(None):
        return value is None
    if declared is object:
        return True
    return isinstance(value, origin or declared)  # type: ignore[arg-type]


def _type_name(declared: object) -> str:
    options = [option for option in typing.get_args(declared) if option is not type(None)]
    if typing.get_origin(declared) is typing.Union and len(options) == 1:
        declared = options[0]
    origin = typing.get_origin(declared) or declared
    return getattr(origin, "__name__", str(origin))
