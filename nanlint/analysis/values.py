"""What a tensor expression can be: its possible signs, and the evidence that a risky value occurs.

Rules ask "can this argument be 0?" about expressions whose runtime values are unknown. The answer
is a `Fact`: the set of signs the value may take, plus `why`, a short phrase naming the evidence
that the risky value really occurs ("a norm, 0 for an all-zero vector"). A value of unknown origin
(a parameter, an attribute, an unknown call) may have any sign but carries no evidence, and the
default rules stay silent on it: precision first. Guards (`+ eps`, `clamp(min=...)`,
`torch.maximum(x, c)`) turn a value strictly positive.

Names are followed through the local assignments that precede the use in the same function
(straight-line, last assignment wins), so `d = a.norm().clamp_min(1e-8); x / d` is safe while
`d = a.norm(); x / d` is not.
"""

from __future__ import annotations

import math
import re
from typing import FrozenSet, NamedTuple, Optional, Tuple

import libcst as cst

from nanlint.analysis import boxes, intervals, ops
from nanlint.analysis.groups import GROUP_OPS, torch_group_reduction
from nanlint.analysis.selections import FLIPPED, METHODS, excluded_points, keeps_finite
from nanlint.analysis.syntax import (
    attribute_name,
    LITERAL_NAMES,
    binding_key,
    called_name,
    display_element,
    elements,
    is_literal,
    item_key,
    name_of,
    number_value,
    positional_args,
    same_code,
    strip_views,
    string_value,
    subscript_index,
)

NEG, ZERO, POS = 1, 2, 4
ANY = NEG | ZERO | POS
NONNEG = ZERO | POS

# Parameters named like a mask (`mask`, `valid`, `attention_mask`, `keep`) are taken to be boolean or 0/1.
MASK_NAME = re.compile(r"(^|_)(mask|masks|valid|keep)(_|$)", re.I)
EPS_NAME = re.compile(r"(^|_)(eps|epsilon|tiny|smooth|smoothing)(_|$)|eps$", re.I)

# Tags: kinds of values some rules care about beyond their sign.
PROB = "prob"  # in [0, 1], reaches 0 and 1 exactly in floating point
UNIT = "unit"  # in [-1, 1], reaches ±1 exactly (cosine similarity, tanh, clamp(-1, 1))
OPEN_UNIT = "open-unit"  # strictly inside (-1, 1)
MASK = "mask"  # a boolean tensor
EXP = "exp"  # an exponential: overflows to inf in float32 above 88.7
NEG_INF = "-inf"
POS_INF = "+inf"
UNIFORM = "uniform"  # torch.rand: [0, 1), 0 included
CONSTANT = "constant"  # a numeric literal
NORMALIZED = "normalized"  # F.normalize output: a dot product of two of them is a cosine
NORMALIZED_PRODUCT = "normalized-product"  # elementwise product of two normalised vectors, before the sum
ABOVE_ONE = "above-one"  # clamped at a minimum above 1 (acosh's domain)
COSINE_WHY = "a dot product of normalised vectors, which rounds past ±1"
PAST_UNIT = "past-unit"  # a computed cosine: rounds slightly past ±1 in float32
EXPANDED_DISTANCE = "expanded-distance"  # |a|² + |b|² - 2ab: rounds below 0 for close points
DIFF = "difference"  # a - b: 0 where the sides are equal, negative where b is larger
UNIT_COMPLEMENT = "unit-complement"  # 1 - x with x reaching 1 (a clamped cosine squared): exactly 0 there
SQUARE = "square"  # x ** 2, x * x: a sum of them is 0 for an all-zero vector (a norm written by hand)
SUM_OF_SQUARES = "sum-of-squares"  # a sum or mean of squares: a squared norm written by hand
LOSS = "loss"  # a loss function's value: >= 0 and unbounded above
BELOW_ZERO = "below-zero"  # evidence the value goes below 0: `1 - p - eps`, `1 - (2 * tanh(x)) ** 2`
SCALED_UNIT = "scaled-unit"  # a ±1-bounded output times a value that can exceed 1 (`tanh(x) * max_action`)
SCALED_UNIT_SQUARE = "scaled-unit-square"  # its square: can exceed 1
SQUARED_DIFF = "squared-difference"  # (a - b) ** 2
CENTRED = "centred"  # x - mean(x) (also per group, `x - mean[batch]`), its square, and the variance they sum to
SQUARED_DISTANCE = "squared-distance"  # a sum or mean of squared differences, an MSE, |a|² + |b|² - 2ab
BOUNDED = "bounded"  # bounded above by a literal (clamp(max=c), min(x, c)): its exp cannot overflow
LOG_SCALE = "log-scale"  # named like a log-variance / log-std and not bounded above: exp(it) can overflow
CROSSES_ZERO = "crosses-zero"  # bounded on both sides and shifted by a constant inside its range: `sigmoid(x) - 0.5`
NEG_SQUARE = "negative-square"  # -c * x ** 2: at most 0 and unbounded below (a Gaussian exponent)
UNDERFLOW = "underflow"  # exp of a NEG_SQUARE, and products and sums of it: exactly 0 far from the centre
UNDERFLOW_WHY = "a Gaussian density or kernel exp(-c * x²), which underflows to exactly 0 once c * x² passes about 104"
OVERFLOWS = "overflows"  # a value that reaches above 88.72 (a cosine over a temperature of 0.01): its exp is inf
EXP_OVERFLOW = 88.72  # float32's exp is inf above it
NUMPY = "numpy"  # a NumPy array or scalar (post-processing, metrics): torch's hazards and fixes do not apply
NUMPY_MODULES = ("numpy.", "np.")
# NumPy's elementwise math: of a number (`np.sqrt(d_k)`, `np.log(2)`) a scalar, which arithmetic with a
# tensor turns into a tensor; an array only of an array.
NUMPY_ELEMENTWISE = frozenset(
    "log log2 log10 log1p exp exp2 expm1 sqrt cbrt square power sin cos tan arcsin arccos arctan arctan2 sinh cosh "
    "tanh abs absolute fabs floor ceil round rint maximum minimum hypot float16 float32 float64 int32 int64".split()
)
SAVED = "saved"  # an output autograd keeps for backward (sigmoid, relu, exp...): changing it in place breaks backward
LOG_PROBABILITY = "log-probability"  # a log_softmax or logsigmoid output: at most 0, unbounded below
ROW_MAX = "row-max"  # x - max(x) along a dimension: exactly 0 at each row's maximum
ROW_ONE = "row-one"  # exp of ROW_MAX: each row holds an exact 1, so its sum is at least 1
ONE_HOT = "one-hot"  # F.one_hot: 0 or 1 (in [0, 1] as a probability is), one 1 along the last dimension
MAXIMUM = "maximum"  # x.max(), amax along a dimension: no entry of its rows exceeds it, one equals it
MINIMUM = "minimum"  # x.min(), amin
LOG_SUM_EXP = "log-sum-exp"  # logsumexp along a dimension: above every entry of its rows
UPPER_BOUNDS = frozenset({MAXIMUM, LOG_SUM_EXP})  # x minus one of them is at most 0
BOUNDED_BELOW = "bounded-below"  # clamped from below (clamp(min=c)): not unbounded below
LOG_PROB = "log-prob"  # a log_softmax / logsigmoid of logits holding -inf (a masked token): -inf there
FROM_LOGITS = "from-logits"  # a distribution made from logits (`Categorical(logits=z)`): its `.probs` underflow to 0
# Distributions whose `probs` are a softmax or sigmoid of their `logits`.
LOGIT_DISTRIBUTIONS = frozenset(
    {
        "Categorical",
        "OneHotCategorical",
        "Bernoulli",
        "ContinuousBernoulli",
        "Binomial",
        "Geometric",
        "Multinomial",
        "NegativeBinomial",
        "RelaxedBernoulli",
        "RelaxedOneHotCategorical",
    }
)
LOG_SCALE_NAME = re.compile(r"^(log_?var|log_?variance|log_?sigma2|log_?sigma_?sq)$", re.I)
# Float32 rounds any value within 2**-25 of ±1 to ±1 exactly: `clamp(max=1 - 1e-8)` still reaches 1.
FLOAT32_HALF_ULP_BELOW_ONE = 2.0**-25
# Kinds of zero evidence, for rules about one kind of denominator (kept through shape changes and
# multiplication by a positive constant).
COUNT = "count"  # a count of selected elements: 0 when nothing is selected
SPREAD = "spread"  # a std or var: 0 when all values are equal
NORM = "norm"  # a norm or distance: 0 for an all-zero input
RANGE = "range"  # max - min: 0 when all values are equal
RECTIFIED = "rectified"  # a ReLU output or a value clamped at 0: 0 for every non-positive input
# A ReLU's: its backward selects (0 where the output is 0, measured on torch 2.13), so an inf gradient
# of sqrt or pow at those zeros never reaches the input; a clamp passes it where the input is exactly 0.
MASKED_BACKWARD = "masked-backward"
DISTANCE = "distance"  # a norm of a difference or a cdist: 0 where two points coincide
SIGNED = "signed"  # samples of both signs by construction (torch.randn), and odd powers of them
LEARNED = "learned"  # an nn.Parameter itself (a view or cast of it): an optimizer step can take it anywhere
ERROR = "error"  # |prediction - target| to a positive power, an elementwise regression loss: 0 where they agree
# A mask that selects something for any input the code is meant to handle: `y == c` for each `c` of
# `y.unique()`, a sequence mask (some sequence is non-empty).
HIT = "hit"
POSITIONS = "positions"  # torch.arange: the index of each position along a dimension
PREFIX = "prefix"  # positions < lengths: true at the first position of every non-empty sequence
PADDING = "padding"  # positions >= lengths: true past each sequence's end, nowhere in a batch of equal lengths
COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)
ERROR_LOSSES = frozenset({"l1_loss", "smooth_l1_loss", "huber_loss"})
# Methods that hand on a tensor's values in another container or place: `y.unique().tolist()`.
VALUE_KEEPING_CONVERSIONS = frozenset({"tolist", "cpu", "numpy", "detach", "cuda", "to"})
SELECTED = "selected"  # x[mask], masked_select, and elementwise arithmetic on them: empty when nothing is selected
REQUIRES_GRAD = (
    "requires-grad"  # made with requires_grad=True: a variable gradients are taken for, whatever its first value
)
KINDS = frozenset({COUNT, SPREAD, NORM, RANGE})
BOX_EXTENT = "box-extent"  # a box's width or height x2 - x1: 0 for a degenerate box, below 0 for an inverted one
BOX_AREA = "box-area"  # a box's area w * h, a sum of areas, the union of two boxes: 0 for degenerate boxes
BOX_UNION = "box-union"  # area1 + area2 - inter: 0 when both boxes are degenerate
PAIRWISE = "pairwise"  # computed for every pair of two sets (`area1[:, None] + area2`): a matching or NMS matrix
IOU = "iou"  # an intersection over union: exactly 1 where two boxes coincide
DECODED = (
    "decoded"  # exp(d) times a value of unknown sign (`exp(dw) * anchor_w`): a decoded box size, positive in practice
)
BOX_EXTENT_WHY = "a box's width or height, 0 for a degenerate box (a zero-area annotation, an underflowed prediction)"
# What multiplying or dividing by a positive value keeps: where a value is 0, so is its scaled value.
KEPT_BY_SCALING = KINDS | {
    LOSS,
    CROSSES_ZERO,
    SQUARE,
    SQUARED_DIFF,
    SUM_OF_SQUARES,
    SQUARED_DISTANCE,
    DISTANCE,
    RECTIFIED,
    ERROR,
}


class Fact(NamedTuple):
    signs: int = ANY
    why: Optional[str] = None
    tags: FrozenSet[str] = frozenset()
    lo: float = -math.inf  # the values lie in [lo, hi] (as reals; the signs may narrow it further)
    hi: float = math.inf

    def can(self, signs: int) -> bool:
        return bool(self.signs & signs) and self.why is not None

    def has(self, tag: str) -> bool:
        return tag in self.tags

    @property
    def bounds(self) -> intervals.Interval:
        """[lo, hi] narrowed by the signs: a value that is never negative starts at 0."""
        low = self.lo if self.signs & NEG else max(self.lo, 0.0)
        high = self.hi if self.signs & POS else min(self.hi, 0.0)
        return (low, high) if low <= high else (self.lo, self.hi)


def bounded(fact: Fact, interval: intervals.Interval) -> Fact:
    """`fact` known to lie in `interval` too: its bounds narrowed, and its signs where the interval
    excludes a side (a value in [0.1, 1] is positive: its evidence of reaching 0 no longer holds)."""
    low, high = intervals.intersect((fact.lo, fact.hi), interval)
    excluded = (NEG if low >= 0 else 0) | (POS if high <= 0 else 0) | (ZERO if low > 0 or high < 0 else 0)
    signs = fact.signs & ~excluded
    if not signs:
        return fact._replace(lo=low, hi=high)
    why = fact.why
    if fact.signs & ZERO and not signs & ZERO and not fact.tags & EVIDENCE_BEYOND_ZERO:
        why = None
    return fact._replace(signs=signs, why=why, lo=low, hi=high)


# Tags whose `why` is evidence of something other than reaching 0: kept when 0 is ruled out.
EVIDENCE_BEYOND_ZERO = frozenset({"overflows", "signed", "below-zero", "past-unit", "unit", "underflow", "log-scale"})


UNKNOWN = Fact()
NUMPY_VALUE = Fact(tags=frozenset({"numpy"}))
POSITIVE = Fact(POS)
SELECTION_SIZE = Fact(NONNEG, "the size of a boolean selection, 0 when nothing is selected", frozenset({COUNT}))
HOLDING_ZERO = frozenset({MASK, PROB, UNIT, IOU})  # kinds of value that still hold where an entry is set to 0
BOOLEAN_MASK = Fact(NONNEG, "a boolean mask, 0 where the condition is false", frozenset({MASK}), 0.0, 1.0)
HIT_MASK = Fact(NONNEG, None, frozenset({MASK, HIT}), 0.0, 1.0)
PREFIX_MASK = HIT_MASK._replace(tags=frozenset({MASK, HIT, PREFIX}))
PADDING_MASK = BOOLEAN_MASK._replace(tags=frozenset({MASK, PADDING}))
SELECTIONS = frozenset({"nonzero", "argwhere", "masked_select"})
KEEPS_EMPTY = ops.ELEMENTWISE | ops.KEEPING_VALUES  # an empty selection stays empty through them


def _tagged(fact: Fact, *tags: str) -> Fact:
    return fact._replace(tags=fact.tags | frozenset(tags))


def join(a: Fact, b: Fact) -> Fact:
    low, high = intervals.hull(a.bounds, b.bounds)
    return Fact(a.signs | b.signs, a.why or b.why, a.tags & b.tags | ((a.tags | b.tags) & MAY_TAGS), low, high)


MAY_TAGS = frozenset({NEG_INF, POS_INF, SELECTED})  # what one of two joined values may be, the join may be


def _one_hot_sum(dim: Optional[cst.CSTNode]) -> Fact:
    """A sum of a one-hot encoding: along its last dimension (or whole) at least 1; along another,
    how many samples each class has, which the code alone does not say can be 0 (a class the batch
    lacks, an empty cluster: the data's)."""
    if dim is None or literal_number(dim) == -1:
        return POSITIVE
    return Fact(NONNEG, None)


def _magnitude_at_most_one(fact: Fact) -> bool:
    return bool(fact.tags & {UNIT, OPEN_UNIT, PROB, UNIFORM})


def bounded_above(fact: Fact) -> bool:
    """The value cannot exceed a modest constant, so its exp cannot overflow."""
    return (
        fact.signs & POS == 0
        or bool(fact.tags & {BOUNDED, UNIT, OPEN_UNIT, PROB, UNIFORM})
        or fact.bounds[1] <= intervals.EXP_OVERFLOW
    )


def reaches_overflow(fact: Fact) -> bool:
    """The value's range, as its constants and bounded inputs give it, passes 88.72: its exp is inf
    in float32 at the top of that range (a NumPy float64 overflows only past 709)."""
    return intervals.EXP_OVERFLOW < fact.bounds[1] < math.inf and not fact.has(NUMPY)


def negative_range(fact: Fact) -> bool:
    """A stretch of the value's range lies below 0 because a constant moved it there: a value bounded
    on both sides shifted by a constant inside its range (`sigmoid(x) - 0.5`, `2 * p - 1`,
    `cos - margin`), so whatever the sign of the inputs, part of what it takes is negative. A cosine
    or tanh as it is gives no such evidence: its sign follows inputs the code may keep positive."""
    return fact.has(CROSSES_ZERO) and bool(fact.signs & NEG) and fact.bounds[0] < 0 and not fact.has(NUMPY)


def _shifted_across_zero(kind: str, a: Fact, b: Fact) -> bool:
    """`v - c`, `c - v` or `v + (-c)` with `v` bounded on both sides and `c` a constant above the
    least non-negative value `v` takes and below its largest: the result is negative over a stretch
    (where `v < c`, or `v > c` for `c - v`)."""
    if kind not in ("+", "-"):
        return False
    for value, constant in ((a, b), (b, a)):
        if not constant.has(CONSTANT) or constant.lo != constant.hi or value.has(CONSTANT):
            continue
        shift = constant.lo if kind == "-" else -constant.lo
        low, high = value.bounds
        if math.isfinite(low) and math.isfinite(high) and max(low, 0.0) < shift < high:
            return True
    return False


def negative_reach(fact: Fact) -> str:
    """Why `negative_range` holds, in words."""
    low, high = (_fmt(round(end, 2)) for end in fact.bounds)
    return f"a value in [{low}, {high}] (by its constants and bounded inputs), negative over part of its range"


def overflow_reach(fact: Fact) -> str:
    """Why `reaches_overflow` holds, in words."""
    low, high = (_fmt(round(end, 2)) for end in fact.bounds)
    if low == high:
        return f"{high} as its constants set it, above 88.72"
    return f"as large as {high} by its constants and bounded inputs (it lies in [{low}, {high}]), above 88.72"


def _builtin_called(call: cst.CSTNode, *names: str) -> bool:
    """`call` is a call of the plain name `float`, `int`, `len`... given in `names`."""
    return isinstance(call, cst.Call) and name_of(call.func) in names


def literal_number(node: cst.CSTNode) -> Optional[float]:
    """The value of a numeric literal, `-literal`, `float('inf')`, `math.inf`-like constant."""
    negative = False
    while isinstance(node, cst.UnaryOperation) and isinstance(
        node.operator, (cst.Minus, cst.Plus)
    ):  # a loop: `- - - 1` may be long
        negative ^= isinstance(node.operator, cst.Minus)
        node = node.expression
    value = _unsigned_literal(node)
    return -value if negative and value is not None else value


def _unsigned_literal(node: cst.CSTNode) -> Optional[float]:
    number = number_value(node)
    if number is not None:
        return float(number)
    if _builtin_called(node, "float"):
        args = positional_args(node)
        text = string_value(args[0]) if len(args) == 1 else None
        if text is None:
            return None
        try:
            return float(text)
        except ValueError:
            return None
    if (
        isinstance(node, cst.Attribute)
        and node.attr.value in ("inf", "infty", "Inf")
        and name_of(node.value) is not None
    ):
        return math.inf
    return None


_ARITHMETIC = {
    cst.Add: float.__add__,
    cst.Subtract: float.__sub__,
    cst.Multiply: float.__mul__,
    cst.Divide: float.__truediv__,
    cst.Power: float.__pow__,
}
MAX_CONSTANT_DEPTH = 8
# Functions of a number people write into constants (`max=math.log(100.0)`, `math.sqrt(2)`).
_MATH_FUNCTIONS = {
    "log": math.log,
    "log2": math.log2,
    "log10": math.log10,
    "exp": math.exp,
    "sqrt": math.sqrt,
}
_MATH_MODULES = frozenset({"math", "np", "numpy"})


def constant_value(node: cst.CSTNode, casts: bool = False, depth: int = 0, resolve=None) -> Optional[float]:
    """A literal number or constant arithmetic on literals: `0.5`, `1 / 3`, `1.0 / 2.2`, `1 - 1e-7`;
    with `casts`, also through `float(...)` / `int(...)`: `float(2 ** 30)`; with `resolve` (a name
    -> the number it holds, or None), also on names: `1 / p` with `p = 3`. Constants people write
    are shallow; deeper arithmetic (a generated 2,000-term sum) is not one. A complex result (a
    negative number to a fractional power) is no number here."""
    value = literal_number(node)
    if value is not None or depth > MAX_CONSTANT_DEPTH:
        return value
    if resolve is not None and isinstance(node, cst.Name):
        return resolve(node)
    if casts and _builtin_called(node, "float", "int"):
        args = positional_args(node)
        return constant_value(args[0], casts, depth + 1, resolve) if len(args) == 1 else None
    if isinstance(node, cst.Call):
        return _math_of_constant(node, casts, depth, resolve)
    if not isinstance(node, cst.BinaryOperation) or type(node.operator) not in _ARITHMETIC:
        return None
    left, right = (
        constant_value(node.left, casts, depth + 1, resolve),
        constant_value(node.right, casts, depth + 1, resolve),
    )
    if left is None or right is None:
        return None
    try:
        result = _ARITHMETIC[type(node.operator)](left, right)
    except ArithmeticError:
        return None
    return result if isinstance(result, float) else None


def _math_of_constant(call: cst.Call, casts: bool, depth: int, resolve) -> Optional[float]:
    """`math.log(100.0)`, `np.sqrt(2)`: a math function of one constant."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and name_of(func.value) in _MATH_MODULES):
        return None
    function = _MATH_FUNCTIONS.get(func.attr.value)
    args = positional_args(call)
    if function is None or len(args) != 1 or len(call.args) != 1:
        return None
    value = constant_value(args[0], casts, depth + 1, resolve)
    try:
        return function(value) if value is not None else None
    except (ArithmeticError, ValueError):
        return None


def _clamp_bound(node: Optional[cst.CSTNode], resolve=None) -> Optional[float]:
    """A clamp bound as float32 sees it: a constant (float32 rounds values within 2**-25 below or
    2**-24 above ±1 to ±1), or `1 - eps` / `-1 + eps` / `1 + eps` with an eps-like name, taken as
    a margin the author chose for the dtype unless `resolve` (name -> its literal value: a local or
    module constant, a parameter's default) finds the eps's value."""
    if node is None:
        return None
    value = constant_value(node)
    if value is None and resolve is not None:
        value = resolve(node)
    if (
        value is None
        and resolve is not None
        and isinstance(node, cst.BinaryOperation)
        and isinstance(node.operator, (cst.Add, cst.Subtract))
    ):
        left, right = constant_value(node.left), resolve(node.right)
        if left is not None and right is not None:
            value = left + right if isinstance(node.operator, cst.Add) else left - right
    if value is not None:
        if 0 < 1 - abs(value) <= FLOAT32_HALF_ULP_BELOW_ONE or 0 < abs(value) - 1 <= 2 * FLOAT32_HALF_ULP_BELOW_ONE:
            return math.copysign(1.0, value)
        return value
    if isinstance(node, cst.UnaryOperation) and isinstance(
        node.operator, cst.Minus
    ):  # `-(1 - eps)`, in a loop: `- - - x` may be long
        negative = False
        while isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
            negative, node = not negative, node.expression
        inner = _clamp_bound(node, resolve)
        return -inner if negative and inner is not None else inner
    if (
        isinstance(node, cst.BinaryOperation)
        and isinstance(node.operator, (cst.Add, cst.Subtract))
        and is_eps_like(node.right)
    ):
        one = literal_number(node.left)
        if one in (1.0, -1.0):
            return one + (1e-6 if isinstance(node.operator, cst.Add) else -1e-6)
    return None


def _sign_of(value: float) -> int:
    if value != value:
        return ANY
    return POS if value > 0 else NEG if value < 0 else ZERO


def _number_fact(value: float) -> Fact:
    tags = frozenset()
    if math.isinf(value):
        tags = frozenset({POS_INF if value > 0 else NEG_INF})
    why = "the literal 0" if value == 0 else None
    return (
        Fact(_sign_of(value), why, tags | {CONSTANT}, value, value)
        if value == value
        else Fact(ANY, None, tags | {CONSTANT})
    )


def is_eps_like(node: cst.CSTNode) -> bool:
    """`eps`, `self.eps`, `EPS`, `layer_norm_eps`, `torch.finfo(x.dtype).eps`/`.tiny`, a small positive literal."""
    name = name_of(node)
    if name is not None:
        return bool(EPS_NAME.search(name))
    if isinstance(node, cst.Attribute):
        return bool(EPS_NAME.search(node.attr.value))
    value = literal_number(node)
    return value is not None and 0 < value <= 1e-2


def is_positive_guard(node: cst.CSTNode) -> bool:
    value = literal_number(node)
    if value is not None:
        return value > 0
    return is_eps_like(node)


def _maximum_signs(a: int, b: int) -> int:
    """The signs the larger of two values can take."""
    order = (NEG, ZERO, POS)
    return sum({max(sa, sb, key=order.index) for sa in order for sb in order if a & sa and b & sb}) or ANY


def _add_signs(a: int, b: int) -> int:
    """The signs a sum can take: 0 + s is s, s + s is s, a positive plus a negative is anything."""
    out = 0
    for sa in (NEG, ZERO, POS):
        for sb in (NEG, ZERO, POS):
            if a & sa and b & sb:
                out |= sb if sa == ZERO else sa if sb == ZERO or sa == sb else ANY
    return out or ANY


def _mul_signs(a: int, b: int) -> int:
    out = 0
    for sa in (NEG, ZERO, POS):
        if not a & sa:
            continue
        for sb in (NEG, ZERO, POS):
            if not b & sb:
                continue
            if ZERO in (sa, sb):
                out |= ZERO
            else:
                out |= POS if sa == sb else NEG
    return out or ANY


def _negate(signs: int) -> int:
    return (POS if signs & NEG else 0) | (signs & ZERO) | (NEG if signs & POS else 0)


# Methods and functions that keep their input's values (shape, dtype and device changes).
PRESERVING = ops.KEEPING_VALUES


class Extreme(NamedTuple):
    """`x.max(dim)`: its kind ("max" or "min") and the tensor it is taken of."""

    kind: str
    tensor: cst.CSTNode


def _same_tensor(a: cst.CSTNode, b: cst.CSTNode) -> bool:
    """The same tensor, looked at through views: `x` and `x.view(n, -1)`."""
    return same_code(strip_views(a), strip_views(b))


class Analyzer:
    """Evaluate facts for expressions, following local assignments through an environment.

    `env.lookup_name(name)` (`env.lookup(name_node)`) gives (seq, value) for the assignment to that
    name which precedes the environment's horizon (None: now), or None; `env.at(seq, function, *args)`
    calls `function` with the horizon moved to that assignment, so a followed name's value is judged
    where it was made. `env.describe_call(call)` gives the short name of the torch operation a call
    performs (`torch.log(x)` and `x.log()` both give "log"), its operands (receiver first for
    methods) and keywords, or None for a call that is not a tensor op.
    """

    MAX_DEPTH = 32

    def __init__(self, env) -> None:
        self.env = env
        self._followed: dict = {}
        self._followed_in: Optional[tuple] = None

    def fact(self, node: cst.CSTNode, depth: int = 0) -> Fact:
        if depth > self.MAX_DEPTH:
            return UNKNOWN
        method = getattr(self, "_" + type(node).__name__, None)
        return method(node, depth + 1) if method else UNKNOWN

    def _Integer(self, node: cst.Integer, depth: int) -> Fact:
        value = number_value(node)
        return _number_fact(float(value)) if value is not None else UNKNOWN

    _Float = _Integer  # strings, bytes, imaginary numbers and `...` have no method: UNKNOWN

    def _Name(self, node: cst.Name, depth: int) -> Fact:
        if node.value in LITERAL_NAMES:  # True / False are a mask's values; None is no number
            return UNKNOWN if node.value == "None" else Fact(NONNEG, None, frozenset({MASK}))
        if EPS_NAME.search(node.value):
            return POSITIVE
        if node.value in ("inf",):
            return Fact(POS, None, frozenset({POS_INF}))
        return self._named(node.value, node.value, depth)

    def _named(self, key: str, name: str, depth: int) -> Fact:
        """The fact of the value last assigned to `key` (a name, or `self.attr`), tagged when `name`
        reads like a log-variance whose value is not bounded above."""
        found = self.env.lookup_name(key)
        fact = UNKNOWN
        if found is None and key.startswith("self."):
            fact = self.env.class_attribute_fact(key[len("self.") :]) or UNKNOWN
        elif found is None and (passed := self.env.parameter_fact(key)) is not None:
            fact = passed
        elif found is not None and self.env.written_since(key, found):
            # `w = torch.ones(n); w[i] = 0`: no longer the value it was made with, but of its dtype
            made = self._made(found, depth)
            fact = Fact(NONNEG, None, frozenset({MASK}), 0.0, 1.0) if made.has(MASK) else UNKNOWN
        elif found is not None:
            fact = self._made(found, depth)
        if LOG_SCALE_NAME.match(name) and not bounded_above(fact):
            fact = _tagged(fact, LOG_SCALE)
        return fact

    def _made(self, found, depth: int) -> Fact:
        """The fact of the value `found` binds, judged where it was made. Memoised by what its names
        can see: a chain of names (`c5 = a * c4 + b * c3`) shares its terms, and each use would
        unfold it as a tree; the memo is dropped when the walk has moved on (a function finished)."""
        sight = self.env.sight(found.seq)
        if sight[0] != self._followed_in:
            self._followed, self._followed_in = {}, sight[0]
        key = (id(found.value), found.seq, depth, sight)
        if key not in self._followed:
            self._followed[key] = self.env.at(found.seq, self.fact, found.value, depth)
        return self._followed[key]

    def _comprehension_source(self, name: cst.Name) -> Optional[cst.CSTNode]:
        """What a comprehension around `name` draws it from (`for c in y.unique()`), if it is its target."""
        parents = self.env.positions.parents()
        node = parents.get(id(name))
        while node is not None and not isinstance(node, (cst.FunctionDef, cst.Module)):
            comp_for = getattr(node, "for_in", None) if isinstance(node, COMPREHENSIONS) else None
            while comp_for is not None:
                if isinstance(comp_for.target, cst.Name) and comp_for.target.value == name.value:
                    return comp_for.iter
                comp_for = comp_for.inner_for_in
            node = parents.get(id(node))
        return None

    def _Attribute(self, node: cst.Attribute, depth: int) -> Fact:
        attr = node.attr.value
        if EPS_NAME.search(attr):
            return POSITIVE
        if name_of(node.value) == "self":
            return self._named(f"self.{attr}", attr, depth)
        value = literal_number(node)
        if value is not None:
            return _number_fact(value)
        if attr in ("pi", "e", "tau", "shape", "ndim"):
            return POSITIVE
        if attr in ("data", "T", "mT", "H", "real", "values"):  # `.values` of `x.max(dim)`
            return self.fact(node.value, depth)
        if attr == "probs" and self.fact(node.value, depth).has(FROM_LOGITS):
            return Fact(
                NONNEG,
                "the probs of a distribution made from logits (their softmax or sigmoid), which underflow to exactly 0",
                frozenset({PROB}),
            )
        return self._configured(node)

    def _configured(self, node: cst.Attribute) -> Fact:
        """`cfg.logit_scale_init`: the numbers every construction of a project class gives the
        attribute (a dataclass default, a keyword a call passes), as one constant or their range."""
        choices = self.env.constant_choices(node)
        numbers = [float(value) for value in choices or () if type(value) in (int, float)]
        if not numbers or len(numbers) != len(choices or ()):
            return UNKNOWN
        if min(numbers) == max(numbers):
            return _number_fact(numbers[0])
        return bounded(Fact(ANY, None, frozenset({CONSTANT})), (min(numbers), max(numbers)))

    def _Subscript(self, node: cst.Subscript, depth: int) -> Fact:
        base = node.value
        if isinstance(base, cst.Attribute) and base.attr.value == "shape":
            return SELECTION_SIZE if self._is_selection(base.value, depth) else POSITIVE
        index = literal_number(subscript_index(node)) if subscript_index(node) is not None else None
        item = self._item(node, base, depth)
        if item is not None:
            return item
        inner = self.fact(base, depth)
        inner = inner._replace(tags=inner.tags - {MASK})
        mask = subscript_index(node)
        if mask is None or index is not None:
            return inner
        kept = _without(inner, excluded_points(mask, base, self.env))
        selecting = self.fact(mask, depth).has(MASK) and self._may_select_nothing(mask, base, depth)
        return _tagged(kept, SELECTED) if selecting else kept

    def _item(self, node: cst.Subscript, base: cst.CSTNode, depth: int) -> Optional[Fact]:
        """An item at a constant key, followed as a value of its own: assigned after its container was
        (`out["hm"] = sigmoid(z)`), an element of a display the container was assigned (`d = {"hm": p}`),
        or of what a call returns (`a, b = helper(x)`; `out = model(x)` with `return {"hm": p}`)."""
        key = item_key(node)
        container = binding_key(base)
        if key is not None and container is not None:
            item, whole = self.env.lookup_name(key), self.env.binding_of(container)
            if item is not None and (whole is None or item.seq > whole.seq):
                return self.env.at(item.seq, self.fact, item.value, depth)
        index = subscript_index(node)
        constant = string_value(index) if index is not None else None
        number = literal_number(index) if index is not None and constant is None else None
        element = (
            constant if constant is not None else int(number) if number is not None and number == int(number) else None
        )
        if element is None:
            return None
        made = self.env.held(base) if container is not None else base
        if made is None and isinstance(base, cst.Name):  # an item of a parameter: of what the callers pass
            return self.env.parameter_fact(base.value, node)
        if isinstance(made, cst.Call):
            summary = self.env.call_summary(made, element)
            if (
                summary is None
                and element == 0
                and self.env.nn_class(self.env.construction(made.func)) in ops.SAVING_FIRST_OUTPUT_MODULES
            ):
                return _tagged(UNKNOWN, SAVED)  # `o, (h, c) = self.lstm(x)`: the LSTM keeps `o` for backward
            return summary
        shown = display_element(made, element) if made is not None else None
        return self.fact(shown, depth) if shown is not None and made is not base else None

    def _UnaryOperation(self, node: cst.UnaryOperation, depth: int) -> Fact:
        value = literal_number(node)
        if value is not None:
            return _number_fact(value)
        inner = self.fact(node.expression, depth)
        if isinstance(node.operator, cst.Minus):
            return _negated(inner)
        if isinstance(node.operator, cst.Plus):
            return inner
        return _inverted(inner) if isinstance(node.operator, cst.BitInvert) else UNKNOWN

    MAX_ELEMENTS = 64

    def _List(self, node: cst.List, depth: int) -> Fact:
        """A list or tuple display keeps only the infinities its elements hold (`[0.0, float("-inf")]`)."""
        tags = frozenset()
        for element in node.elements[: self.MAX_ELEMENTS]:
            tags |= self.fact(element.value, depth).tags & {NEG_INF, POS_INF}
        return Fact(ANY, None, tags)

    _Tuple = _List

    def _IfExp(self, node: cst.IfExp, depth: int) -> Fact:
        return join(self.fact(node.body, depth), self.fact(node.orelse, depth))

    def _Comparison(self, node: cst.Comparison, depth: int) -> Fact:
        if self.fact(node.left, depth).has(NUMPY):
            return NUMPY_VALUE
        if self._tests_own_value(node):
            return HIT_MASK
        if len(node.comparisons) == 1:
            [target] = node.comparisons
            return self._length_mask(node.left, type(target.operator), target.comparator, depth) or BOOLEAN_MASK
        return BOOLEAN_MASK

    def _length_mask(self, left: cst.CSTNode, kind: type, right: cst.CSTNode, depth: int) -> Optional[Fact]:
        """`arange(T) < lengths[:, None]` keeps each sequence's positions: true at the first position
        of every non-empty sequence, so the whole mask selects something for any batch the code is
        meant to handle; `arange(T) >= lengths` marks the padding, which a batch of equal lengths lacks."""
        at_left, at_right = (self.fact(side, depth).has(POSITIONS) for side in (left, right))
        if at_left == at_right or self.fact(right if at_left else left, depth).has(COUNT):
            return None  # a count as the bound (`arange(n) < 3 * num_pos`) keeps nothing when it is 0
        kind = kind if at_left else FLIPPED.get(kind, cst.In)  # `step in arange(t)`: no ordering
        if kind in (cst.LessThan, cst.LessThanEqual):
            return PREFIX_MASK
        return PADDING_MASK if kind in (cst.GreaterThan, cst.GreaterThanEqual) else None

    def _tests_own_value(self, node: cst.Comparison) -> bool:
        """`y == c` with `c` one of `y`'s own values (a `for` over `y.unique()`, `torch.unique(y)`, their
        `.tolist()`): true for at least one element."""
        if len(node.comparisons) != 1 or not isinstance(node.comparisons[0].operator, cst.Equal):
            return False
        left, right = node.left, node.comparisons[0].comparator
        return self._drawn_from(right, left) or self._drawn_from(left, right)

    def _drawn_from(self, value: cst.CSTNode, tensor: cst.CSTNode) -> bool:
        if not isinstance(value, cst.Name):
            return False
        found = self.env.lookup(value)
        source = found.value if found is not None else self._comprehension_source(value)
        while isinstance(source, cst.Call) and attribute_name(source.func) in VALUE_KEEPING_CONVERSIONS:
            source = source.func.value
        if not isinstance(source, cst.Call):
            return False
        if attribute_name(source.func) == "unique" and self.env.qualified(source.func) is None:
            return same_code(source.func.value, tensor)
        args = positional_args(source)
        return self.env.qualified(source.func) == "torch.unique" and bool(args) and same_code(args[0], tensor)

    def _BinaryOperation(self, node: cst.BinaryOperation, depth: int) -> Fact:
        kind = BINARY_OPERATORS.get(type(node.operator))
        if kind is None:
            return UNKNOWN
        return self.arithmetic(kind, node.left, node.right, depth)

    def arithmetic(self, kind: str, left: cst.CSTNode, right: cst.CSTNode, depth: int) -> Fact:
        """`left kind right` for kind "+", "-", "*", "/", "**", "@" or "&": the one meaning of an
        operator, whether written `a / b`, `a.div(b)`, `torch.true_divide(a, b)` or `a.div_(b)`."""
        a, b = self.fact(left, depth), self.fact(right, depth)
        if NUMPY in a.tags or NUMPY in b.tags:  # arithmetic on an array gives an array
            return NUMPY_VALUE
        if kind in ("*", "&") and a.has(PREFIX) and b.has(PREFIX):  # aligned sequences: both keep position 0
            return PREFIX_MASK
        if kind in intervals.OPERATORS:
            method = {"+": self._add, "-": self._sub, "*": self._multiply, "/": self._divide}[kind]
            result = bounded(method(left, right, a, b), intervals.OPERATORS[kind](a.bounds, b.bounds))
            crossing = {CROSSES_ZERO} if _shifted_across_zero(kind, a, b) else set()
            return result._replace(tags=result.tags - {SAVED} | (a.tags | b.tags) & {SELECTED} | crossing)
        if kind == "**":
            return self.power(a, right)
        if kind == "@":
            return self._matmul(a, b)
        return BOOLEAN_MASK

    def _multiply(self, left: cst.CSTNode, right: cst.CSTNode, a: Fact, b: Fact) -> Fact:
        if same_code(left, right):
            return self.power(a, cst.Integer("2"))
        if (
            _negated_scale(left, a)
            and b.tags & {SQUARE, SQUARED_DIFF}
            or _negated_scale(right, b)
            and a.tags & {SQUARE, SQUARED_DIFF}
        ):
            return Fact(
                NEG | ZERO, None, frozenset({NEG_SQUARE})
            )  # `-gamma * (x - c) ** 2`: a scale of unknown sign is taken as positive
        return self._product(a, b)

    def _divide(self, top: cst.CSTNode, bottom: cst.CSTNode, left: Fact, right: Fact) -> Fact:
        if boxes.subtracts(bottom, top, lambda name: self.env.assigned_value(name.value)):
            return Fact(
                NONNEG, "an intersection over union, exactly 1 where the two boxes coincide", frozenset({IOU}), 0.0, 1.0
            )
        overflowing = self._over_small_temperature(top, bottom, left)
        if overflowing is not None:
            return overflowing
        if left.signs & POS == 0 and (right.signs & NEG == 0 or right.why is None):
            return Fact(
                NEG | ZERO, None, left.tags & {NEG_SQUARE}
            )  # `(x - x.max()) / temperature`: a scale of unknown sign is taken as positive
        if left.has(UNDERFLOW) and right.why is None:
            return left._replace(tags=left.tags - {ROW_ONE})  # a density divided by its normaliser
        scaled = left.tags & (KEPT_BY_SCALING | _masked_by(right)) if right.why is None else frozenset()
        kept = scaled | left.tags & {BOX_EXTENT}
        return Fact(_mul_signs(left.signs, right.signs & ~ZERO or ANY), left.why if left.signs & ZERO else None, kept)

    def _over_small_temperature(self, numerator: cst.CSTNode, bottom: cst.CSTNode, left: Fact) -> Optional[Fact]:
        """`cos / t` or `1 / t` with t a constant (a literal, a default, what a call passes) small
        enough that the quotient passes 88.72, where float32's exp overflows."""
        top = 1.0 if left.has(UNIT) and left.why is not None else constant_value(numerator)
        if top is None or top <= 0:
            return None
        scales = [value for value in self.env.constant_values(bottom) if 0 < value < top / EXP_OVERFLOW]
        if not scales:
            return None
        what = "a cosine, which reaches 1," if left.has(UNIT) else _fmt(top)
        return Fact(
            ANY,
            f"{what} divided by {_fmt(min(scales))}: {_fmt(round(top / min(scales), 1))}, above 88.72",
            frozenset({OVERFLOWS}),
        )

    def _add(self, left: cst.CSTNode, right: cst.CSTNode, a: Fact, b: Fact) -> Fact:
        if is_positive_guard(left) and not b.can(NEG) or is_positive_guard(right) and not a.can(NEG):
            return POSITIVE
        for low, other, other_node in ((a, b, right), (b, a, left)):
            if low.has(BELOW_ZERO) and (other.signs == POS or is_positive_guard(other_node)):
                return Fact(ANY, low.why, frozenset({BELOW_ZERO}))  # an eps does not lift a value that goes below 0
        if is_positive_guard(left) or is_positive_guard(
            right
        ):  # `x + eps` is guarded, unless x is seen to go negative (`randn + 1`)
            other = b if is_positive_guard(left) else a
            return (
                Fact(ANY, other.why, frozenset({SIGNED})) if other.has(SIGNED) and other.why is not None else POSITIVE
            )
        for scaled, offset in ((a, b), (b, a)):
            if scaled.has(SCALED_UNIT) and offset.why is None:
                return Fact(ANY, scaled.why, frozenset({SCALED_UNIT}))  # `tanh(x) * scale + mean`
        if (
            a.has(SQUARED_DIFF)
            and (b.has(SQUARED_DIFF) or b.has(SQUARED_DISTANCE))
            or a.has(SQUARED_DISTANCE)
            and b.has(SQUARED_DIFF)
        ):
            return Fact(
                NONNEG, "a sum of squared differences, 0 where the two points coincide", frozenset({SQUARED_DISTANCE})
            )
        if a.has(SQUARE) and b.has(SQUARE):
            signs = _add_signs(a.signs, b.signs)  # 0 only for an all-zero vector
            return Fact(signs, None, frozenset({SQUARE, SUM_OF_SQUARES}))
        signs = _add_signs(a.signs, b.signs)
        why = None
        if signs & ZERO and a.can(ZERO) and b.can(ZERO):
            why = a.why
        return Fact(signs, why, (a.tags & b.tags) - {PROB, UNIFORM, MASK})

    def _sub(self, left: cst.CSTNode, right: cst.CSTNode, a: Fact, b: Fact) -> Fact:
        one = literal_number(left)
        if one == 1 and b.has(UNIFORM):
            return POSITIVE  # torch.rand never returns 1
        if one == 1 and b.has(PROB):
            return Fact(
                NONNEG,
                "1 - p, 0 when p reaches 1 (a probability saturates at 1.0 in floating point)",
                frozenset({PROB}),
            )
        if one == 1 and b.has(UNIT) and b.signs & NEG == 0 and b.why is not None:
            return Fact(NONNEG, f"1 - x with x {b.why}", frozenset({PROB}))  # in [0, 1], 0 where x reaches 1
        if one is not None and b.has(UNIT):
            return Fact(
                NONNEG,
                f"{_fmt(one)} - x with x reaching 1, which is 0",
                frozenset({UNIT_COMPLEMENT} if one == 1 else ()),
            )
        if one == 1 and b.has(SCALED_UNIT_SQUARE):
            return Fact(ANY, b.why + ": 1 - x² is below 0 wherever |x| > 1", frozenset({BELOW_ZERO}))
        if b.signs == NEG and a.signs & NEG == 0:
            return POSITIVE if a.signs == POS or is_positive_guard(right) else Fact(NONNEG, None)
        if a.can(ZERO) and a.signs & NEG == 0 and is_eps_like(right):
            return Fact(
                ANY, f"{a.why}, minus an eps: below 0 there (the eps has the wrong sign)", frozenset({BELOW_ZERO})
            )
        if boxes.is_box_extent(left, right):
            return Fact(ANY, BOX_EXTENT_WHY, frozenset({DIFF, BOX_EXTENT}))
        if (
            a.has(BOX_AREA)
            and a.can(ZERO)
            and isinstance(left, cst.BinaryOperation)
            and isinstance(left.operator, cst.Add)
            and not is_eps_like(right)
        ):
            return Fact(
                NONNEG,
                "the union of two boxes (their areas' sum minus the intersection), 0 when both boxes are degenerate",
                frozenset({BOX_AREA, BOX_UNION} | ({PAIRWISE} if boxes.broadcasts(left) else set())),
            )
        if (
            self._is_maximum_of_rows(right) or b.tags & UPPER_BOUNDS
        ):  # `x - x.max(-1, keepdim=True).values`: at most 0, 0 at the max
            return Fact(NEG | ZERO, None, frozenset({ROW_MAX}), min(a.bounds[0] - a.bounds[1], 0.0), 0.0)
        if self._is_pair_maximum_of(right, left):
            return Fact(NEG | ZERO, None)
        high, low = self._extreme(left, 0), self._extreme(right, 0)
        if (high is not None and high.kind == "max" or a.has(MAXIMUM)) and (
            low is not None and low.kind == "min" or b.has(MINIMUM)
        ):
            return Fact(NONNEG, "a range max - min, 0 when all values are equal", frozenset({RANGE}))
        if (
            low is not None
            and low.kind == "min"
            and _same_tensor(low.tensor, left)
            or (high is not None and high.kind == "max" and _same_tensor(high.tensor, right))
        ):  # `x - x.min()`, `x.max() - x`: at least 0
            return Fact(POS | ZERO, None, frozenset(), 0.0, max(a.bounds[1] - b.bounds[0], 0.0))
        if one is not None or literal_number(right) is not None:
            return UNKNOWN  # `1 - x`, `x - 1`: nothing says x reaches 1 (its own evidence is about 0)
        if self._is_gram_expansion(left, right):
            return Fact(
                ANY,
                "a squared distance expanded as |a|² + |b|² - 2ab, which rounds below 0",
                frozenset({SQUARED_DISTANCE, EXPANDED_DISTANCE}),
            )
        if self._is_moment_difference(left, right):
            return Fact(
                ANY,
                "a variance computed as E[x²] - E[x]², 0 for a constant input and rounding below 0",
                frozenset({SPREAD}),
            )
        if self._is_mean_of(right, left):
            return Fact(ANY, "a difference, 0 wherever both sides are equal", frozenset({DIFF, CENTRED}))
        if _gathered_pair(left, right):
            return Fact(
                ANY, None, frozenset()
            )  # `pos[i] - pos[j]` over an edge list: 0 only for a self-loop or duplicate points
        return Fact(ANY, "a difference, 0 wherever both sides are equal", frozenset({DIFF}))

    def _is_mean_of(self, node: cst.CSTNode, values: cst.CSTNode, hops: int = 0) -> bool:
        """`node` is a mean of `values`: `values.mean(d)`, a sum of them over a count (`s.sum(d) / n`),
        a per-group mean gathered back to the rows (`(scatter_add(x, batch) / count)[batch]`), through
        local names, `.detach()` and reshapes."""
        node = _looked_through(node)
        name = name_of(node)
        if name is not None and hops < 3:
            found = self.env.lookup_name(name)
            return found is not None and self.env.at(found.seq, self._is_mean_of, found.value, values, hops + 1)
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Divide):
            return self._is_sum_of(node.left, values, hops)
        described = self.env.describe_call(node) if isinstance(node, cst.Call) else None
        return (
            described is not None
            and described[0] in MEANS
            and bool(described[1])
            and self._is_sum_of(described[1][0], values, hops)
        )

    def _is_sum_of(self, node: cst.CSTNode, values: cst.CSTNode, hops: int) -> bool:
        """`node` is `values` or a (per-group) sum or mean of it, through local names."""
        if same_code(node, values):
            return True
        name = name_of(node)
        if name is not None and hops < 3:
            found = self.env.lookup_name(name)
            return found is not None and self.env.at(found.seq, self._is_sum_of, found.value, values, hops + 1)
        described = self.env.describe_call(node) if isinstance(node, cst.Call) else None
        if described is None:
            return False
        reduction = torch_group_reduction(*described)
        operand = (
            reduction.source
            if reduction is not None
            else described[1][0]
            if described[0] in SUMS and described[1]
            else None
        )
        return operand is not None and self._is_sum_of(operand, values, hops + 1)

    def _is_moment_difference(self, left: cst.CSTNode, right: cst.CSTNode) -> bool:
        """`x.pow(2).mean(d) - x.mean(d).pow(2)`: the mean of squares minus the squared mean of the
        same values, with no coefficient (a weighted `E[x²] - λ E[x]²` with λ < 1 stays positive)."""
        squares = self._mean_operand(left)
        squared = _squared_operand(right, self.env)
        if squares is None or squared is None:
            return False
        inner, outer = _squared_operand(squares, self.env), self._mean_operand(squared)
        return inner is not None and outer is not None and same_code(inner, outer)

    def _mean_operand(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        described = self.env.describe_call(node) if isinstance(node, cst.Call) else None
        return described[1][0] if described is not None and described[0] == "mean" and described[1] else None

    @staticmethod
    def _is_gram_expansion(left: cst.CSTNode, right: cst.CSTNode) -> bool:
        """`x2 + y2 - 2 * x @ y.T`: a sum minus twice a product."""
        if not (isinstance(left, cst.BinaryOperation) and isinstance(left.operator, cst.Add)):
            return False
        while isinstance(right, cst.BinaryOperation) and isinstance(right.operator, cst.MatrixMultiply):
            right = right.left  # `2 * x @ y.T` parses as `(2 * x) @ y.T`
        if not (isinstance(right, cst.BinaryOperation) and isinstance(right.operator, cst.Multiply)):
            return False
        return 2 in (literal_number(right.left), literal_number(right.right))

    def _is_maximum_of_rows(self, node: cst.CSTNode, hops: int = 0) -> bool:
        """`x.max(dim, keepdim=True)[0]`, `.values`, `amax`, `logsumexp`, `.detach()` or a
        `masked_fill` of those, a helper named like one (`_safe_amax(x, dim)`), or a local name
        assigned one: subtracting it bounds an exponent above by 0."""
        while True:
            if isinstance(node, cst.Subscript) or isinstance(node, cst.Attribute) and node.attr.value == "values":
                node = node.value
            elif (
                isinstance(node, cst.Call)
                and isinstance(node.func, cst.Attribute)
                and node.func.attr.value in PRESERVING | {"detach"}
            ):
                node = node.func.value  # `m.detach()`, `m.unsqueeze(-1)`: the same values
            elif isinstance(node, cst.IfExp):  # `m if keepdim else m.unsqueeze(dim)`
                return self._is_maximum_of_rows(node.body, hops) and self._is_maximum_of_rows(node.orelse, hops)
            else:
                break
        name = name_of(node)
        if name is not None and hops < 2:
            found = self.env.lookup_name(name)
            if found is None:
                return False
            return self.env.at(found.seq, self._is_maximum_of_rows, found.value, hops + 1)
        if not isinstance(node, cst.Call):
            return False
        described = self.env.describe_call(node)
        if described is None:
            return bool(MAX_HELPER_NAME.search(called_name(node.func)))
        name, operands = described[0], described[1]
        if name in ("masked_fill", "masked_fill_") and operands:
            return self._is_maximum_of_rows(operands[0], hops)
        grouped = torch_group_reduction(*described)
        return name in ("max", "amax", "logsumexp", "group_max") or grouped is not None and grouped.op == "group_max"

    def _is_pair_maximum_of(self, node: cst.CSTNode, other: cst.CSTNode) -> bool:
        """`torch.maximum(a, b)` (or a local name assigned it) when `other` is `a`, `b` or
        `torch.minimum(a, b)`: `min_ - max_` in a hand-written logaddexp is at most 0."""
        pair = self._pair_of(node, "maximum")
        if pair is None:
            return False
        if any(same_code(other, side) for side in pair):
            return True
        minimum = self._pair_of(other, "minimum")
        if minimum is None:
            return False
        (a, b), (c, d) = pair, minimum
        return same_code(a, c) and same_code(b, d) or same_code(a, d) and same_code(b, c)

    def _pair_of(self, node: cst.CSTNode, op: str):
        name = name_of(node)
        if name is not None:
            found = self.env.lookup_name(name)
            node = found.value if found is not None else node
        described = self.env.describe_call(node) if isinstance(node, cst.Call) else None
        if described is None or described[0] != op or len(described[1]) != 2:
            return None
        return described[1]

    @staticmethod
    def _matmul(a: Fact, b: Fact) -> Fact:
        if a.has(NORMALIZED) and b.has(NORMALIZED):
            return Fact(ANY, COSINE_WHY, frozenset({UNIT, PAST_UNIT}), -1.0, 1.0)
        return UNKNOWN

    @staticmethod
    def _elementwise_max(name: str, operands, keywords) -> bool:
        """`torch.max(a, b)`: two tensors, not a tensor and its dimension."""
        return name == "max" and len(operands) == 2 and "dim" not in keywords and not _is_dimension(operands[1])

    def _extreme(self, node: cst.CSTNode, depth: int) -> Optional[Extreme]:
        """The extreme `node` is ("max" or "min") and of which tensor: `x.max()`, `torch.amin(x, dim)`,
        `x.max(dim)[0]`, `x.max(dim).values`, following one local assignment."""
        if name_of(node) is not None:
            found = self.env.lookup(node)
            if found is None or depth > 2:
                return None
            return self.env.at(found.seq, self._extreme, found.value, depth + 1)
        if isinstance(node, cst.Subscript) or isinstance(node, cst.Attribute) and node.attr.value == "values":
            node = node.value
        if not isinstance(node, cst.Call):
            return None
        described = self.env.describe_call(node)
        if described is None:
            return None
        name, operands, keywords = described
        elementwise = (
            name in ("max", "min")
            and len(operands) == 2
            and "dim" not in keywords
            and not isinstance(literal_number(operands[1]), float)
        )
        kind = {"max": "max", "amax": "max", "min": "min", "amin": "min"}.get(name)
        return None if elementwise or kind is None or not operands else Extreme(kind, operands[0])

    def _product(self, a: Fact, b: Fact) -> Fact:
        if a.has(NORMALIZED) and b.has(NORMALIZED):
            return Fact(ANY, None, frozenset({NORMALIZED_PRODUCT}))
        if a.has(BOX_EXTENT) and b.has(BOX_EXTENT):
            return Fact(
                _mul_signs(a.signs, b.signs),
                "a box's area, 0 for a degenerate box (a zero-area annotation, a box clipped to the border)",
                frozenset({BOX_AREA}),
            )
        signs = _mul_signs(a.signs, b.signs)
        if UNDERFLOW in a.tags | b.tags:  # 0 times a finite value is 0
            underflowing = a if a.has(UNDERFLOW) else b
            return Fact(signs, underflowing.why or UNDERFLOW_WHY, frozenset({UNDERFLOW}))
        if (a.tags | b.tags) & {SQUARE, SQUARED_DIFF, NEG_SQUARE} and signs & POS == 0:
            return Fact(signs, None, frozenset({NEG_SQUARE}))  # `-0.5 * z ** 2`, `0.5 * -z ** 2`
        why = a.why if a.can(ZERO) else b.why if b.can(ZERO) else None
        tags = set()
        if (a.has(PROB) or b.has(PROB)) and all(side.tags & {PROB, MASK, ONE_HOT} for side in (a, b)):
            tags.add(PROB)  # [0, 1] times [0, 1]: a probability masked (`p * one_hot(y)`) is one still
            why = a.why if a.has(PROB) and a.why is not None else b.why if b.has(PROB) else why
        if _magnitude_at_most_one(a) and b.has(CONSTANT) or _magnitude_at_most_one(b) and a.has(CONSTANT):
            tags.add(BOUNDED)  # `5 * tanh(x)`
        for unit, scale in ((a, b), (b, a)):
            if (
                unit.has(UNIT)
                and unit.why is not None
                and not scale.has(CONSTANT)
                and not _magnitude_at_most_one(scale)
            ):
                return Fact(
                    signs, f"{unit.why.split(',')[0]} scaled by a value that can exceed 1", frozenset({SCALED_UNIT})
                )
        for kept, factor in ((a, b), (b, a)):
            if factor.signs == POS and factor.why is None:
                tags |= kept.tags & (KEPT_BY_SCALING | _masked_by(factor))
            if kept.has(EXP) and factor.why is None:
                tags.add(DECODED)
        return Fact(signs, why, frozenset(tags))

    def power(self, base: Fact, exponent: cst.CSTNode) -> Fact:
        result = self._power(base, exponent)
        return bounded(result, intervals.square(base.bounds)) if literal_number(exponent) == 2 else result

    def _power(self, base: Fact, exponent: cst.CSTNode) -> Fact:
        value = literal_number(exponent)
        if value is None and isinstance(exponent, cst.Name):
            value = self.env.constant(exponent)  # `x.pow(p)` with `p = 3`
        if value is None:
            return Fact(base.signs & ~NEG if base.signs == POS else ANY, None)
        if float(value).is_integer() and int(value) % 2 == 0:
            signs = (ZERO if base.signs & ZERO else 0) | (POS if base.signs & (POS | NEG) else 0)
            if base.has(SIGNED):
                signs = POS  # a value seen on both sides of 0 (`randn`, `d + eps`) is exactly 0 only by coincidence
            why = base.why if base.can(ZERO) or base.has(UNIT) else None
            if why is not None and base.has(DIFF) and value == 2:
                why = f"the square of {why}"
            tags = base.tags & {UNIT, CENTRED, ERROR} | ({SQUARED_DIFF} if base.has(DIFF) and value == 2 else {SQUARE})
            if base.has(SCALED_UNIT):
                return Fact(signs or NONNEG, base.why, frozenset(tags | {SCALED_UNIT_SQUARE}))
            return Fact(signs or NONNEG, why, frozenset(tags))
        if value == 0.5 or 0 < value < 1:
            return Fact(base.signs & NONNEG or NONNEG, base.why if base.can(ZERO) else None, base.tags & {ERROR})
        kept = {PROB, SIGNED} if float(value).is_integer() else {PROB}
        return Fact(base.signs, base.why, base.tags & (kept | ({ERROR} if value > 0 else set())))

    def _Call(self, node: cst.Call, depth: int) -> Fact:
        described = self.env.describe_call(node)
        if described is None:
            if self.env.is_array(node):
                return NUMPY_VALUE  # `np.mean(x)`, `t.cpu().numpy()`, `arr.sum()`: an array, not a tensor autograd sees
            summary = self.env.call_summary(node)
            return summary if summary is not None else self._builtin_call(node, depth)
        name, operands, keywords = described
        first = self.fact(operands[0], depth) if operands else UNKNOWN
        made = self._op_fact(name, first, operands, keywords, depth)
        dtype = keywords.get("dtype")
        if dtype is not None and self.env.qualified(dtype) == "torch.bool":  # made boolean: each entry 0 or 1
            made = Fact(made.signs & (ZERO | POS) or NONNEG, made.why, made.tags | {MASK}, 0.0, 1.0)
        if (
            name == "masked_select"
            and operands
            and self._may_select_nothing(_selection_mask(name, operands, keywords), operands[0], depth)
            or first.has(SELECTED)
            and name in KEEPS_EMPTY
        ):
            made = _tagged(made, SELECTED)  # (the indices `nonzero` gives are left alone: often one per row)
        return _tagged(made, REQUIRES_GRAD) if is_literal(keywords.get("requires_grad"), True) else made

    def _builtin_call(self, node: cst.Call, depth: int) -> Fact:
        func = name_of(node.func)
        if func is None:
            return UNKNOWN
        args = positional_args(node)
        if func in ("max",) and len(args) == 2:
            return self._maximum(args, depth)
        if func in ("abs",) and args:
            return self._abs(self.fact(args[0], depth))
        if func == "float" and args:
            value = literal_number(node)
            return _number_fact(value) if value is not None else self.fact(args[0], depth)
        if func in ("len",):
            return SELECTION_SIZE if args and self._is_selection(args[0], depth) else POSITIVE
        return UNKNOWN

    def _is_selection(self, node: cst.CSTNode, depth: int) -> bool:
        """`m.nonzero()`, `torch.argwhere(m)`, `x.masked_select(m)`, `x[m]` with a boolean `m`:
        tensors as long as the number of selected elements, empty when nothing is selected."""
        if isinstance(node, cst.Name) and depth < self.MAX_DEPTH:
            found = self.env.lookup(node)
            return found is not None and self.env.at(found.seq, self._is_selection, found.value, depth + 1)
        if isinstance(node, cst.Subscript):
            index = subscript_index(node)
            return (
                index is not None
                and self.fact(index, depth).has(MASK)
                and self._may_select_nothing(index, node.value, depth)
            )
        described = self.env.describe_call(node) if isinstance(node, cst.Call) else None
        return (
            described is not None
            and described[0] in SELECTIONS
            and self._may_select_nothing(_selection_mask(*described), None, depth)
        )

    def _may_select_nothing(self, mask: Optional[cst.CSTNode], selected: Optional[cst.CSTNode], depth: int) -> bool:
        """A mask not true somewhere by construction (`y == c` for `c` in `y.unique()`, a sequence
        mask of lengths), nor true at every finite entry of what it selects (`x[torch.isfinite(x)]`):
        its selection is empty when it is all false."""
        if mask is None:
            return True
        return not (self.fact(mask, depth).has(HIT) or selected is not None and keeps_finite(mask, selected, self.env))

    def _maximum(self, operands, depth: int) -> Fact:
        """`torch.maximum(a, b)`, `torch.max(a, b)`, `max(a, b)`: a constant floor (`zeros_like`, `0.`)
        is a clamp of the other side (`max(zero, x)` stays 0 wherever x <= 0); else the larger sign."""
        if any(is_positive_guard(arg) for arg in operands):
            return POSITIVE
        facts = [self.fact(arg, depth) for arg in operands]
        if any(f.signs == POS for f in facts):
            return POSITIVE
        for kept, floor in ((0, 1), (1, 0)):
            low = facts[floor].bounds
            if low[0] == low[1] and math.isfinite(low[0]) and not facts[kept].bounds[0] == facts[kept].bounds[1]:
                bound = {"min": cst.parse_expression(repr(low[0]))}
                return self._clamp("clamp_min", facts[kept], [operands[kept]], bound)
        return Fact(_maximum_signs(facts[0].signs, facts[1].signs), facts[0].why if facts[1].can(ZERO) else None)

    @staticmethod
    def _abs(inner: Fact) -> Fact:
        low, high = intervals.absolute(inner.bounds)
        return Fact(
            (inner.signs & ZERO) | (POS if inner.signs & (POS | NEG) else 0) or NONNEG,
            inner.why if inner.can(ZERO) else None,
            frozenset({ERROR} if inner.has(DIFF) else ()),
            low,
            high,
        )

    def _op_fact(self, name: str, first: Fact, operands, keywords, depth: int) -> Fact:
        name = ops.SAME_VALUE_INPLACE.get(name, name)
        if first.has(NUMPY):  # `arr.sum()` of an array is an array
            return NUMPY_VALUE
        if name in ("size", "numel") and operands and self._is_selection(operands[0], depth):
            return SELECTION_SIZE
        if name in ELEMENTWISE_BOUNDS and len(operands) == 2 and "dim" not in keywords:
            clamped = self._two_sided_bound(name, operands)
            if clamped is not None:
                return clamped
        if name in GROUP_OPS:
            return self._group_fact(name, first)
        reduction = torch_group_reduction(name, operands, keywords)
        if reduction is not None:  # `torch.zeros(n).index_add_(0, index, src)`: the sum of src per group
            grouped = self._group_fact(reduction.op, self.fact(reduction.source, depth))
            return grouped if first.signs == ZERO else join(first, grouped)
        if first.has(ONE_HOT) and name in ("sum", "nansum", "mean", "nanmean"):
            return _one_hot_sum(keywords.get("dim", keywords.get("axis", operands[1] if len(operands) > 1 else None)))
        if first.has(HIT) and name in ("sum", "nansum") and len(operands) < 2 and not {"dim", "axis"} & set(keywords):
            return Fact(POS, None, frozenset({COUNT}), 1.0, math.inf)  # the whole mask's count: at least 1
        if name in ERROR_LOSSES:
            return Fact(NONNEG, f"an {name}, 0 where prediction and target agree", frozenset({LOSS, ERROR}), 0.0)
        if name == "arange":
            return Fact(tags=frozenset({POSITIONS}))
        if name in ("triu", "tril", "triu_", "tril_") and operands:
            return _with_zeros(first, f"a {name.rstrip('_')} output, exactly 0 on the side of the diagonal it clears")
        if name == "logical_not" and operands:
            return _inverted(first) if first.has(MASK) else BOOLEAN_MASK  # a bool tensor whatever it is given
        if name in METHODS and len(operands) == 2:
            return self._length_mask(operands[0], METHODS[name], operands[1], depth) or BOOLEAN_MASK
        op = ops.OPS.get(name)
        if op is not None:
            known = self._table_fact(name, op, first, keywords)
            if known is not None:
                saved = (
                    name in ops.SAVING_OUTPUT
                    or name in ops.SAVING_OUTPUT_WHEN_INPLACE
                    and self.env.holds_literal(keywords.get("inplace"), True)
                )
                return _tagged(known, SAVED) if saved else known
        if name == "square" and first.has(DIFF):
            return Fact(NONNEG, first.why, frozenset({SQUARED_DIFF}) | first.tags & {CENTRED})
        if name == "mse_loss":
            return Fact(
                NONNEG,
                "a mean squared error, 0 where prediction and target agree",
                frozenset({SQUARED_DISTANCE, ERROR}),
            )
        if name in ("abs", "absolute", "square"):
            return self._abs(first)
        if name in ("sqrt",):
            return Fact(first.signs & NONNEG or NONNEG, first.why if first.can(ZERO) else None)
        if name in ("prod", "cumprod") and first.has(UNDERFLOW):
            return first
        if name == "prod" and first.has(BOX_EXTENT):  # `wh.prod(-1)` of `wh = b[..., 2:] - b[..., :2]`
            return self._product(first, first)
        if name in ("pow", "float_power") and len(operands) >= 2:
            return self.power(first, operands[1])
        if name in ("clamp", "clip", "clamp_min", "clamp_"):
            return self._clamp(name, first, operands, keywords, self._literal_of)
        if name in ("maximum", "fmax") and len(operands) == 2 or self._elementwise_max(name, operands, keywords):
            return self._maximum(operands, depth)
        if name in ("where",) and len(operands) == 3:
            return self._where(operands, depth)
        if name in ("masked_fill", "masked_fill_") and len(operands) == 3:
            if _zero_test_selects(operands[1], operands[0], when=True) and self.fact(operands[2], depth).signs == POS:
                return POSITIVE  # `x.masked_fill(x == 0, 1)`
            return join(first, self.fact(operands[2], depth))
        if name in ("rand", "rand_like") or name == "uniform_" and self._uniform_from_zero(operands, keywords):
            return Fact(NONNEG, "uniform noise from torch.rand, which includes 0", frozenset({UNIFORM}))
        if name == "Parameter" and not is_literal(keywords.get("requires_grad"), False):
            return _tagged(first, LEARNED)
        if name in ("zeros", "zeros_like", "new_zeros"):
            return Fact(ZERO, "zeros")
        if name in ("randn", "randn_like"):
            return Fact(NEG | POS, "standard normal samples (torch.randn), negative half the time", frozenset({SIGNED}))
        if name in ("full", "full_like", "fill_", "new_full") and len(operands) >= 2:
            return self.fact(operands[1], depth)
        if name in ("tensor", "scalar_tensor") and operands:
            return self.fact(operands[0], depth)
        if name in ARITHMETIC_METHODS and len(operands) == 2:
            return self.arithmetic(ARITHMETIC_METHODS[name], operands[0], operands[1], depth)
        if name in ("rsub",) and len(operands) == 2:
            return self.arithmetic("-", operands[1], operands[0], depth)
        if name in NEGATIONS and len(operands) == 1:
            return _negated(first)
        if name in LOGIT_DISTRIBUTIONS and "logits" in keywords:
            return Fact(ANY, None, frozenset({FROM_LOGITS}))
        if name in ("normalize",):
            return Fact(ANY, None, frozenset({UNIT, NORMALIZED}), -1.0, 1.0)
        if name in EXTREMES and (
            len(operands) == 1 or len(operands) == 2 and _is_dimension(operands[1])
        ):  # `x.max(dim)`: within x's range
            return Fact(first.signs, None, frozenset(EXTREME_TAGS.get(name, ())), *first.bounds)
        if name == "logsumexp":
            return Fact(ANY, None, frozenset({LOG_SUM_EXP}))
        if name in CONCATENATIONS and operands:
            return self._joined(operands[0], depth)
        if name in CONVOLUTIONS and len(operands) >= 2 and self._zero_sum_kernel(operands[1], 0):
            return Fact(
                ANY, "a derivative filter's response (its weights sum to 0), 0 on a flat region", frozenset({DIFF})
            )
        if name in ("mm", "matmul", "bmm", "linear", "inner", "dot") and len(operands) >= 2:
            return self._matmul(first, self.fact(operands[1], depth))
        if name == "einsum" and len(operands) == 3 and _contracts_last_index(string_value(operands[0])):
            return self._matmul(self.fact(operands[1], depth), self.fact(operands[2], depth))
        return UNKNOWN

    def _joined(self, sequence: cst.CSTNode, depth: int) -> Fact:
        """`torch.cat([a, b])`: what every element of the list may be (unknown for a list built elsewhere)."""
        parts = elements(sequence) if isinstance(sequence, (cst.List, cst.Tuple)) else None
        if parts is None:  # `torch.cat(x.unbind(1))`: the pieces of one tensor are what it is
            return self.fact(sequence, depth)
        if not parts or any(isinstance(part, cst.StarredElement) for part in parts):
            return UNKNOWN
        facts = [self.fact(part, depth) for part in parts[: self.MAX_ELEMENTS]]
        result = facts[0]
        for fact in facts[1:]:
            result = join(result, fact)
        if not all(fact.has(SELECTED) for fact in facts):  # one part that is not a selection keeps the whole non-empty
            result = result._replace(tags=result.tags - {SELECTED})
        return result

    def _zero_sum_kernel(self, node: cst.CSTNode, hops: int) -> bool:
        """A literal kernel whose weights sum to 0 (a Sobel or `[-1, 0, 1]` stencil: a finite
        difference), through local names and reshapes (`torch.tensor([...]).view(1, 1, 3, 3)`)."""
        if hops > MAX_KERNEL_HOPS:
            return False
        if isinstance(node, cst.Name):
            found = self.env.lookup(node)
            return found is not None and self.env.at(found.seq, self._zero_sum_kernel, found.value, hops + 1)
        described = self.env.describe_call(node) if isinstance(node, cst.Call) else None
        if described is None or not described[1]:
            return False
        name, operands = described[0], described[1]
        if name in ("tensor", "as_tensor", "Tensor", "FloatTensor"):
            weights = _literal_numbers(operands[0])
            return bool(weights) and any(weights) and abs(sum(weights)) < 1e-9
        if name in PRESERVING or name in (
            "view",
            "reshape",
            "transpose",
            "permute",
            "t",
            "flip",
            "unsqueeze",
            "expand",
            "repeat",
        ):
            return self._zero_sum_kernel(operands[0], hops + 1)
        return False

    def _two_sided_bound(self, name: str, operands) -> Optional[Fact]:
        """`torch.max(torch.min(x, ones), -ones)` (either order, through a local name): a clamp written
        with elementwise min and max against constant tensors, judged as `clamp(low, high)`."""
        outer = self._constant_tensor(operands[1])
        inner = operands[0]
        if isinstance(inner, cst.Name):
            found = self.env.lookup(inner)
            inner = found.value if found is not None else inner
        described = self.env.describe_call(inner) if isinstance(inner, cst.Call) else None
        if outer is None or described is None or len(described[1]) != 2:
            return None
        inner_name, inner_operands = described[0], described[1]
        bound = self._constant_tensor(inner_operands[1])
        if bound is None or ELEMENTWISE_BOUNDS.get(inner_name, name) == ELEMENTWISE_BOUNDS[name]:
            return None
        low, high = (outer, bound) if ELEMENTWISE_BOUNDS[name] == "min" else (bound, outer)
        keywords = {"min": cst.parse_expression(repr(low)), "max": cst.parse_expression(repr(high))}
        return self._clamp("clamp", UNKNOWN, [inner_operands[0]], keywords)

    def _constant_tensor(self, node: cst.CSTNode) -> Optional[float]:
        """The value of a literal, `torch.ones(...)`, `-torch.ones(...)`, `torch.ones(...) * c`,
        `torch.full(..., c)`."""
        value = literal_number(node)
        if value is not None:
            return value
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
            inner = self._constant_tensor(node.expression)
            return -inner if inner is not None else None
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply):
            left, right = self._constant_tensor(node.left), self._constant_tensor(node.right)
            return left * right if left is not None and right is not None else None
        described = self.env.describe_call(node) if isinstance(node, cst.Call) else None
        if described is None:
            return None
        if described[0] in ("ones", "ones_like", "new_ones"):
            return 1.0
        if described[0] in ("full", "full_like", "new_full") and len(described[1]) >= 2:
            return literal_number(described[1][1])
        return None

    def _table_fact(self, name: str, op: ops.Op, first: Fact, keywords) -> Optional[Fact]:
        """What the op table says an op's result is, or None where it says nothing."""
        kind = op.produces
        if op.handles == ops.METADATA:
            return POSITIVE
        if op.handles == ops.VIEW:
            return first
        if op.handles:  # a copy or a cast: the same values in a tensor autograd did not save
            return first._replace(tags=first.tags - {SAVED})
        if kind == ops.EXPONENTIAL and name == "exp" and first.has(LOSS) and first.signs & POS == 0:
            return Fact(
                POS, "exp(-loss), the probability of the target, which reaches 1 where the loss is 0", frozenset({PROB})
            )
        if kind == ops.EXPONENTIAL:  # exp of a value at most ~0 (x - max, -abs, log_softmax) cannot overflow
            if (
                first.has(NEG_SQUARE) and first.bounds[0] < -intervals.EXP_UNDERFLOW
            ):  # positive as a denominator would have it: only the log rules read the tag
                return Fact(POS, UNDERFLOW_WHY, frozenset({UNDERFLOW}))
            low, high = intervals.exp(first.bounds)
            row_one = {ROW_ONE} if first.has(ROW_MAX) else set()
            if (
                first.tags & {ROW_MAX, LOG_PROBABILITY} and first.bounds[0] < -intervals.EXP_UNDERFLOW
            ):  # probabilities: exactly 0 below about -103
                source = "x - max(x), a softmax written by hand," if first.has(ROW_MAX) else "a log-probability"
                why = f"exp of {source} whose small entries underflow to exactly 0"
                return Fact(POS, why, frozenset({UNDERFLOW, PROB} | row_one), low, high)
            if bounded_above(first):
                return Fact(POS, None, frozenset(row_one), low, high)
            return Fact(POS, None, frozenset({EXP}), low, high)
        if kind == ops.POSITIVE:
            return POSITIVE
        if kind == ops.LOG_PROBABILITY:  # -inf where a logit is -inf (a masked token)
            return Fact(
                NEG | ZERO,
                None,
                frozenset({LOG_PROBABILITY} | ({LOG_PROB} if first.has(NEG_INF) else set())),
                -math.inf,
                0.0,
            )
        if kind == ops.PROBABILITY:
            return _probability(name, first)
        if kind == ops.DISTANCE and op.eps > 0 and _keeps_default_eps(keywords):  # `F.pairwise_distance` adds its eps
            return Fact(POS, None, frozenset(), 0.0, 2.0 if first.has(NORMALIZED) else math.inf)
        if (
            kind == ops.DISTANCE or kind == ops.NORM and first.has(DIFF)
        ):  # points on the unit sphere are at most 2 apart
            return Fact(
                NONNEG,
                f"a {name} between two points, 0 where they coincide",
                frozenset({NORM, DISTANCE}),
                0.0,
                2.0 if first.has(NORMALIZED) else math.inf,
            )
        if kind == ops.NORM:
            return Fact(NONNEG, f"a {name}, 0 for an all-zero input", frozenset({NORM}))
        if kind == ops.SPREAD:
            return Fact(NONNEG, f"a {name}, 0 when all values are equal", frozenset({SPREAD}))
        if kind == ops.COUNT:
            return Fact(NONNEG, "a count, 0 when nothing matches", frozenset({COUNT}))
        if kind == ops.SUM:
            return self._sum(name, first)
        if kind == ops.RECTIFIED:
            high = min(max(first.bounds[1], 0.0), 6.0 if name == "relu6" else math.inf)
            if first.bounds[0] > 0:
                return Fact(POS, None, frozenset(), first.bounds[0], high)
            why = f"a {name} output, 0 for every non-positive input"
            return Fact(NONNEG, why, frozenset({RECTIFIED, MASKED_BACKWARD}), 0.0, high)
        if kind == ops.COSINE:
            return Fact(
                ANY, "a cosine similarity, which rounds past ±1 in float32", frozenset({UNIT, PAST_UNIT}), -1.0, 1.0
            )
        if kind == ops.UNIT:
            return Fact(ANY, f"a {name} output, which reaches ±1 exactly", frozenset({UNIT}), -1.0, 1.0)
        if kind == ops.BOOLEAN:
            return BOOLEAN_MASK
        if kind == ops.ONE_HOT:
            return Fact(NONNEG, None, frozenset({ONE_HOT}), 0.0, 1.0)
        if kind == ops.LOSS:
            return Fact(NONNEG, None, frozenset({LOSS}))
        return None

    def _selects_positive_part(self, operands) -> bool:
        """`where(x > c, x, other)` with c >= 0 and `other` positive (or the mirrored `x <= c` form)."""
        condition, chosen, other = operands
        name = name_of(condition)
        if name is not None:
            found = self.env.lookup_name(name)
            condition = found.value if found is not None else condition
        if not (isinstance(condition, cst.Comparison) and len(condition.comparisons) == 1):
            return False
        op, compared = condition.comparisons[0].operator, condition.comparisons[0].comparator
        bound = constant_value(compared)
        if bound is None and is_eps_like(compared):
            bound = 0.0
        if bound is None or bound < 0:
            return False
        if isinstance(op, (cst.LessThanEqual, cst.LessThan)):
            chosen, other = other, chosen
        elif not isinstance(op, (cst.GreaterThan, cst.GreaterThanEqual)):
            return False
        same = same_code(condition.left, chosen)
        return same and (bound > 0 or isinstance(op, cst.GreaterThan)) and self.fact(other).signs == POS

    @staticmethod
    def _uniform_from_zero(operands, keywords) -> bool:
        """`x.uniform_()` / `x.uniform_(0, 1)`: [0, 1), 0 included."""
        low = keywords.get("from", operands[1] if len(operands) > 1 else None)
        return low is None or literal_number(low) == 0

    def _where(self, operands, depth: int) -> Fact:
        """`torch.where(x == 0, 1, x)` and `torch.where(x > 0, x, ones)` keep a zero out: a branch
        equal to the tested value is taken only where the test says it is not 0."""
        if self._selects_positive_part(operands):
            return POSITIVE  # `torch.where(x > 0, x, torch.ones_like(x))`: the safe half of a double where
        condition, chosen, other = operands

        def branch(value: cst.CSTNode, taken_when: bool) -> Fact:
            if _zero_test_selects(condition, value, when=not taken_when):
                return POSITIVE
            return self.fact(value, depth)

        return join(branch(chosen, True), branch(other, False))

    def _sum(self, name: str, first: Fact) -> Fact:
        if first.has(ROW_ONE) and name in ("sum", "nansum", "mean", "nanmean"):
            return POSITIVE  # `exp(x - x.max(dim)).sum(dim)` holds exp(0) = 1: at least 1
        if first.has(UNDERFLOW):
            return first  # 0 where every term underflows (a mixture far from the point)
        if first.has(PROB) and first.why is not None and name != "cumsum":
            return Fact(
                NONNEG,
                f"a {name} of probabilities, exactly 0 where every term underflows (a class that never fires)",
                frozenset({UNDERFLOW}),
            )
        if first.has(MASK) and name in MEANS:
            return Fact(NONNEG, "the fraction of a mask selected, 0 when no element is", frozenset({COUNT}), 0.0, 1.0)
        if first.has(MASK) or first.has(COUNT):
            return Fact(NONNEG, "a count of a mask, 0 when no element is selected", frozenset({COUNT}))
        if first.signs == POS and first.why is None:
            return POSITIVE
        if first.has(NORMALIZED_PRODUCT) and name == "sum":
            return Fact(ANY, COSINE_WHY, frozenset({UNIT, PAST_UNIT}))
        if first.has(CENTRED) and first.tags & {SQUARED_DIFF, SPREAD} and name != "cumsum":
            why = (
                "a variance computed by hand (squared deviations from the mean), "
                "0 for a constant input or a group of one element"
            )
            return Fact(NONNEG, why, frozenset({SPREAD, CENTRED}))
        if first.has(SQUARED_DIFF) and name != "cumsum":
            return Fact(
                NONNEG,
                f"a {name} of squared differences, 0 where the two points coincide",
                frozenset({SQUARED_DISTANCE}),
            )
        if first.has(SQUARE) and name != "cumsum":
            return Fact(first.signs, None, frozenset({SQUARE, SUM_OF_SQUARES}))
        return Fact(first.signs, f"a {name}, 0 when its terms are 0 or cancel")

    def _group_fact(self, op: str, source: Fact) -> Fact:
        """A per-group sum or mean is judged as the sum or mean of its source; a group max or min, unknown."""
        return self._sum(op[len("group_") :], source) if op in ("group_sum", "group_mean") else UNKNOWN

    def _literal_of(self, node: cst.CSTNode) -> Optional[float]:
        """The number a name stands for: its constant assignment, else its parameter's default."""
        name = name_of(node)
        if name is None:
            return None
        found = self.env.lookup_name(name)
        if found is not None:
            return constant_value(found.value)
        default = self.env.parameter_default(name)
        return constant_value(default) if default is not None else None

    @staticmethod
    def _clamp(name: str, first: Fact, operands, keywords, resolve=None) -> Fact:
        """`clamp(min=..., max=...)`, `clip`, `clamp_min`: the value kept within its bounds."""
        fact, low_value, high_value = Analyzer._clamped(name, first, operands, keywords, resolve)
        interval = (
            low_value if low_value is not None else -math.inf,
            high_value if high_value is not None else math.inf,
        )
        return bounded(fact, intervals.clip(first.bounds, *interval))

    @staticmethod
    def _clamped(
        name: str, first: Fact, operands, keywords, resolve=None
    ) -> Tuple[Fact, Optional[float], Optional[float]]:
        low = keywords.get("min")
        if low is None and len(operands) >= 2:
            low = operands[1]
        high = keywords.get("max")
        if high is None and len(operands) >= 3 and name != "clamp_min":
            high = operands[2]
        low_value, high_value = _clamp_bound(low, resolve), _clamp_bound(high, resolve)
        tags = set()
        if high is not None and not is_literal(high, None):
            tags.add(BOUNDED)  # a named upper bound (`max=MAX_LOGVAR`) is the author's guard
        if low_value is not None and low_value > 1:
            tags.add(ABOVE_ONE)
        if low is not None:
            tags.add(BOUNDED_BELOW)
        if low_value is not None and high_value is not None and -1 <= low_value and high_value <= 1:
            tags.add(UNIT if (low_value == -1 or high_value == 1) else OPEN_UNIT)
        why = None
        if low_value == 0:
            tags.add(RECTIFIED)
            tags |= first.tags & {BOX_EXTENT}  # `(x2 - x1).clamp(min=0)`: still 0 for a degenerate box
            why = (
                "a value clamped to [0, 1], which reaches 0 and 1"
                if UNIT in tags
                else "a value clamped at 0, which stays 0"
            )
        elif UNIT in tags and low_value is not None and low_value > 0:
            why = "a value clamped to [eps, 1], which reaches 1 (float32 rounds 1 - eps to 1.0 for eps below 3e-8)"
        elif UNIT in tags:
            why = "a value clamped to exactly ±1"
        if low is not None and (low_value > 0 if low_value is not None else True):
            return (
                Fact(POS, why, frozenset(tags)),
                low_value,
                high_value,
            )  # a named lower bound (`min=self.min_norm`) is the author's guard
        if why is not None or OPEN_UNIT in tags:
            sign = NONNEG if low_value == 0 else ANY
            return Fact(sign, why, frozenset(tags)), low_value, high_value
        return Fact(first.signs, first.why, first.tags | frozenset(tags)), low_value, high_value


# Kinds of zero evidence a selection of the nonzero elements (`d[d > 0]`) leaves behind.
ZERO_KINDS = frozenset({COUNT, SPREAD, NORM, RANGE, RECTIFIED, DISTANCE, UNDERFLOW, SQUARED_DISTANCE, UNIT_COMPLEMENT})


def _without(fact: Fact, excluded: FrozenSet[float]) -> Fact:
    """The fact of the elements of a value that a mask keeps, when the mask rules out 0 (and 1):
    `p[p > 0]` of a probability still reaches 1; `p[(p > 0) & (p < 1)]` is strictly inside (0, 1)."""
    if 0.0 not in excluded:
        return fact
    if fact.has(PROB):
        return (
            Fact(POS, None, frozenset({OPEN_UNIT}))
            if 1.0 in excluded
            else Fact(POS, "a probability, which reaches 1", frozenset({UNIT}))
        )
    return Fact(fact.signs & ~ZERO, None, fact.tags - ZERO_KINDS)


def _selection_mask(name: str, operands, keywords) -> Optional[cst.CSTNode]:
    """The mask of a selecting call: `x.masked_select(m)` (or `mask=m`), `m.nonzero()`, `torch.argwhere(m)`."""
    if name == "masked_select":
        return operands[1] if len(operands) > 1 else keywords.get("mask")
    return operands[0] if operands else None


def _masked_by(factor: Fact) -> FrozenSet[str]:
    """A ReLU output scaled by a constant still passes no gradient back at its zeros; scaled by a
    learned value, that value's gradient there is 0 / 0 (`sqrt(relu(h) * s)`)."""
    return frozenset({MASKED_BACKWARD}) if factor.has(CONSTANT) else frozenset()


def _with_zeros(inner: Fact, why: str) -> Fact:
    """`inner` with some entries set to exactly 0: its range and the kinds of value that hold 0 stay."""
    low, high = inner.bounds
    return Fact(inner.signs | ZERO, why, inner.tags & HOLDING_ZERO, min(low, 0.0), max(high, 0.0))


def _inverted(inner: Fact) -> Fact:
    """`~m` or `logical_not(m)` of a mask: the complement of a padding mask keeps each sequence's
    positions, and of any other mask may be all false."""
    if inner.has(PADDING):
        return PREFIX_MASK
    if inner.has(PREFIX):
        return PADDING_MASK
    return BOOLEAN_MASK if inner.has(MASK) else UNKNOWN


def _negated(inner: Fact) -> Fact:
    """`-x`, `x.neg()`, `torch.negative(x)`."""
    tags = set(inner.tags) - {NEG_INF, POS_INF, PROB, UNIFORM, EXP}
    if POS_INF in inner.tags:
        tags.add(NEG_INF)
    if NEG_INF in inner.tags:
        tags.add(POS_INF)
    if inner.signs & NEG == 0 and inner.tags & {SQUARE, SQUARED_DIFF}:
        tags.add(NEG_SQUARE)  # `-((x - mu) / sigma) ** 2`
    return Fact(_negate(inner.signs), inner.why, frozenset(tags), *intervals.negate(inner.bounds))


BINARY_OPERATORS = {
    cst.Add: "+",
    cst.Subtract: "-",
    cst.Multiply: "*",
    cst.Divide: "/",
    cst.Power: "**",
    cst.MatrixMultiply: "@",
    cst.BitAnd: "&",
    cst.BitOr: "&",
}
# The method and function forms of the operators, in place or not: one meaning each.
ARITHMETIC_METHODS = {
    **dict.fromkeys(("add", "add_", "__add__", "__iadd__"), "+"),
    **dict.fromkeys(("sub", "sub_", "subtract", "subtract_", "__sub__", "__isub__"), "-"),
    **dict.fromkeys(("mul", "mul_", "multiply", "multiply_", "__mul__", "__imul__"), "*"),
    **dict.fromkeys(
        ("div", "div_", "divide", "divide_", "true_divide", "true_divide_", "__truediv__", "__itruediv__"), "/"
    ),
    **dict.fromkeys(("logical_and", "logical_or", "bitwise_and", "bitwise_or"), "&"),
}
NEGATIONS = frozenset({"neg", "neg_", "negative", "negative_", "__neg__"})


def _keeps_default_eps(keywords) -> bool:
    """The call leaves the op's `eps` as it is, or passes a positive one."""
    eps = keywords.get("eps")
    return eps is None or (literal_number(eps) or 0.0) > 0 or is_eps_like(eps)


SIGMOID_UNDERFLOW = -88.72  # float32's sigmoid is exactly 0 below it (exp(-x) overflows)
SIGMOID_SATURATION = 16.64  # and exactly 1.0 above it (1 - 2**-24 rounds up)
SIGMOIDS = frozenset({"sigmoid", "sigmoid_", "expit"})
SOFTMAXES = frozenset({"softmax", "softmin", "gumbel_softmax"})


def _probability(name: str, first: Fact) -> Fact:
    """A sigmoid or softmax output: in [0, 1], reaching exactly 0 (and 1) only where its input's
    range lets it (a sigmoid below -88.7; a softmax whose logits spread over 103.3)."""
    low, high = first.bounds
    if name in SIGMOIDS:
        reaches_zero, below_one = low < SIGMOID_UNDERFLOW, high <= SIGMOID_SATURATION
        bottom, top = (
            0.0 if reaches_zero else 1 / (1 + math.exp(-low)),
            1 / (1 + math.exp(-high)) if below_one else 1.0,
        )
    elif name in SOFTMAXES or name.startswith("softm"):
        reaches_zero = high - low > intervals.EXP_UNDERFLOW
        bottom, top = (0.0 if reaches_zero else math.exp(low - high) * 1e-9, 1.0)
    else:
        reaches_zero, bottom, top = True, 0.0, 1.0
    if not reaches_zero:
        return Fact(POS, None, frozenset({PROB}), bottom, top)
    return Fact(
        NONNEG,
        f"a {name} output, which underflows to exactly 0 for very negative inputs",
        frozenset({PROB}),
        bottom,
        top,
    )


def _negated_scale(node: cst.CSTNode, fact: Fact) -> bool:
    """`-gamma`, `-self.preterm.to(x)`: the negation of a value with no evidence of its sign."""
    return (
        isinstance(node, cst.UnaryOperation)
        and isinstance(node.operator, cst.Minus)
        and fact.why is None
        and not fact.has(CONSTANT)
    )


def _squared_operand(node: cst.CSTNode, env) -> Optional[cst.CSTNode]:
    """`x` of `x ** 2`, `x * x`, `x.pow(2)`, `torch.square(x)`."""
    if isinstance(node, cst.BinaryOperation):
        if isinstance(node.operator, cst.Power) and literal_number(node.right) == 2:
            return node.left
        if isinstance(node.operator, cst.Multiply) and same_code(node.left, node.right):
            return node.left
        return None
    described = env.describe_call(node) if isinstance(node, cst.Call) else None
    if described is None or not described[1]:
        return None
    name, operands = described[0], described[1]
    if name == "square" or name == "pow" and len(operands) == 2 and literal_number(operands[1]) == 2:
        return operands[0]
    return None


def _looked_through(node: cst.CSTNode) -> cst.CSTNode:
    """`node` without the gathers, `.detach()` and reshapes that keep its values (`mean[batch]`, `m.view(-1, 1)`)."""
    while True:
        if isinstance(node, cst.Subscript):
            node = node.value
        elif (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value in PRESERVING | {"detach"}
        ):
            node = node.func.value
        else:
            return node


def _gathered_pair(left: cst.CSTNode, right: cst.CSTNode) -> bool:
    """`pos[i] - pos[j]`: two rows of one tensor picked by two index tensors (an edge list), which
    coincide only for a self-loop or two points at one place, unlike `x[:, None] - x[None]`, whose
    diagonal is 0 by construction."""
    if not (
        isinstance(left, cst.Subscript) and isinstance(right, cst.Subscript) and same_code(left.value, right.value)
    ):
        return False
    first, second = subscript_index(left), subscript_index(right)
    return isinstance(first, cst.Name) and isinstance(second, cst.Name) and first.value != second.value


CONVOLUTIONS = frozenset({"conv1d", "conv2d", "conv3d"})
MEANS = frozenset({"mean", "nanmean", "group_mean"})
SUMS = frozenset({"sum", "nansum", "mean", "nanmean", "group_sum", "group_mean"})
MAX_KERNEL_HOPS = 6
EXTREMES = frozenset({"max", "min", "amax", "amin", "quantile", "median", "nanmedian", "mode"})
EXTREME_TAGS = {"max": {MAXIMUM}, "amax": {MAXIMUM}, "min": {MINIMUM}, "amin": {MINIMUM}}
CONCATENATIONS = frozenset({"cat", "concat", "concatenate", "stack", "hstack", "vstack", "dstack"})


def _literal_numbers(node: cst.CSTNode) -> Optional[list]:
    """The numbers of a nested list or tuple of numeric literals, None if any element is not one."""
    if isinstance(node, (cst.List, cst.Tuple)):
        numbers = []
        for element in node.elements:
            inner = _literal_numbers(element.value)
            if inner is None:
                return None
            numbers += inner
        return numbers
    value = literal_number(node)
    return None if value is None else [value]


# Elementwise min/max of two tensors: which side of a clamp each one is (`torch.max(x, lo)` is a lower bound).
ELEMENTWISE_BOUNDS = {"max": "min", "maximum": "min", "fmax": "min", "min": "max", "minimum": "max", "fmin": "max"}
MAX_HELPER_NAME = re.compile(r"(_a?max|amax)$")  # `_safe_amax`, `row_max`: a helper returning a maximum


def _contracts_last_index(equation: Optional[str]) -> bool:
    """An einsum of two operands that sums over the last index of both (`"if,jf->ij"`,
    `"bhqd,bhkd->bhqk"`): the dot products of their last-dimension vectors, as `a @ b.T` is."""
    if equation is None or "->" not in equation:
        return False
    inputs, output = equation.replace(" ", "").replace("...", "").split("->", 1)
    sides = inputs.split(",")
    if len(sides) != 2 or not all(sides):
        return False
    last = sides[0][-1]
    return sides[1][-1] == last and last not in output


def _is_dimension(node: cst.CSTNode) -> bool:
    """An integer literal, negative ones included (`x.max(-1)`)."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, cst.Integer)


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


ZERO_TESTS = {
    cst.Equal: True,
    cst.LessThanEqual: True,
    cst.LessThan: True,
    cst.NotEqual: False,
    cst.GreaterThan: False,
    cst.GreaterThanEqual: False,
}


def _zero_test_selects(condition: cst.CSTNode, value: cst.CSTNode, when: bool) -> bool:
    """True when `condition` compares `value` with 0 (or an eps) and holds exactly where `value`
    may be 0 (`when=True`: `x == 0`, `x <= eps`) or exactly where it is not (`when=False`: `x > 0`)."""
    if (
        not isinstance(condition, cst.Comparison)
        or len(condition.comparisons) != 1
        or type(condition.comparisons[0].operator) not in ZERO_TESTS
    ):
        return False  # `0 in x`, `x is 0`: no sign test
    target = condition.comparisons[0]
    left, op, right = condition.left, type(target.operator), target.comparator
    if literal_number(left) is not None or is_eps_like(left):
        left, right, op = right, left, FLIPPED[op]
    bound = literal_number(right)
    if not (bound == 0 or is_eps_like(right)) or not same_code(left, value):
        return False
    return ZERO_TESTS[op] == when
