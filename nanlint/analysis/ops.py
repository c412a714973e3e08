"""One table of torch operations, read by the static checks and the runtime monitor alike.

For each operation, by the short name both its forms share (`torch.softmax(x)` and `x.softmax()`
are "softmax"; the monitor sees the same names through `__torch_function__`): what kind of value it
produces, whether it only moves, views or casts its input's values, and whether autograd saves its
result; and the nn.Module classes that compute them. Imports nothing from torch.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Dict, NamedTuple, Tuple

# Kinds of value an operation produces. Operations whose backward reads their result were verified
# with torch 2.13 (`y = op(x); y.mul_(2)`, then backward raises); those that read an operand, the same
# way (`y = op(x, ...); x.add_(1)`).
PROBABILITY = "probability"  # in [0, 1]; reaches exactly 0 (and 1) in floating point
NORM = "norm"  # >= 0; 0 for an all-zero input (a distance: where two points coincide)
DISTANCE = "distance"  # a norm between two points
SPREAD = "spread"  # a std or var: 0 when all values are equal
COUNT = "count"  # a count: 0 when nothing matches
SUM = "sum"  # a sum or mean: 0 when its terms are 0 or cancel
POSITIVE = "positive"  # > 0 (it may still overflow: exp)
EXPONENTIAL = "exponential"  # > 0, overflows to inf in float32 above 88.7
UNIT = "unit"  # in [-1, 1], reaching ±1 exactly
COSINE = "cosine"  # a cosine similarity: rounds slightly past ±1 in float32
RECTIFIED = "rectified"  # >= 0, exactly 0 for every non-positive input
LOG_PROBABILITY = "log-probability"  # <= 0, finite
BOOLEAN = "boolean"  # a mask
ONE_HOT = "one-hot"  # 0 or 1, with exactly one 1 along the last dimension
LOSS = "loss"  # a loss: >= 0, unbounded above (its exp overflows)

# How an operation treats its input's values, when it computes nothing new from them.
VIEW = "view"  # shares storage and the autograd version counter with its input
MOVE = "move"  # copies, reorders or selects values: cannot create a NaN or an Inf
CAST = "cast"  # changes the dtype: keeps the values (a narrower dtype may overflow)
CONVERT = "convert"  # a tensor of other data (a list, an array): its values, which may hold NaN
METADATA = "metadata"  # returns sizes or flags, no tensor data


# Where an op stops giving finite values: the phase, which value decides it, and where it lies.
FORWARD, BACKWARD = "forward", "backward"
RESULT = -1  # the danger is read on the op's result (a norm that is 0), not on an operand
# Boundaries: the value the danger lies at or beyond; EXP_LIMIT is log(max) of the dtype (88.72 in float32).
ZERO, ONE, MINUS_ONE, EXP_LIMIT = "zero", "one", "minus-one", "exp-limit"
# Sides: exactly at the boundary (a denominator of 0; |x| = 1 for acos's gradient), below it (log of a
# negative), past it in absolute value (acos of 1.0000001), above it (exp past 88.72).
AT, BELOW, BEYOND, ABOVE = "at", "below", "beyond", "above"


class Danger(NamedTuple):
    """One way an op makes a NaN or an Inf: in `phase`, when operand `operand` (RESULT: its result)
    lies `side` its `boundary`, giving `gives` ("nan", "inf", "-inf")."""

    phase: str
    operand: int
    side: str
    boundary: str
    gives: str


def _dangers(*items: Tuple[str, int, str, str, str]) -> Tuple[Danger, ...]:
    return tuple(Danger(*item) for item in items)


LOG_DANGERS = _dangers((FORWARD, 0, AT, ZERO, "-inf"), (FORWARD, 0, BELOW, ZERO, "nan"), (BACKWARD, 0, AT, ZERO, "inf"))
ROOT_DANGERS = _dangers((FORWARD, 0, BELOW, ZERO, "nan"), (BACKWARD, 0, AT, ZERO, "inf"))
DIVISION_DANGERS = _dangers((FORWARD, 1, AT, ZERO, "inf"), (BACKWARD, 1, AT, ZERO, "inf"))
RECIPROCAL_DANGERS = _dangers((FORWARD, 0, AT, ZERO, "inf"), (BACKWARD, 0, AT, ZERO, "inf"))
RSQRT_DANGERS = _dangers((FORWARD, 0, AT, ZERO, "inf"), (FORWARD, 0, BELOW, ZERO, "nan"))
EXP_DANGERS = _dangers((FORWARD, 0, ABOVE, EXP_LIMIT, "inf"))
ARC_DANGERS = _dangers((FORWARD, 0, BEYOND, ONE, "nan"), (BACKWARD, 0, AT, ONE, "inf"))
ATANH_DANGERS = _dangers((FORWARD, 0, AT, ONE, "inf"), (FORWARD, 0, BEYOND, ONE, "nan"))
ACOSH_DANGERS = _dangers((FORWARD, 0, BELOW, ONE, "nan"), (BACKWARD, 0, AT, ONE, "inf"))
LOG1P_DANGERS = _dangers((FORWARD, 0, AT, MINUS_ONE, "-inf"), (FORWARD, 0, BELOW, MINUS_ONE, "nan"))
NORM_DANGERS = _dangers((BACKWARD, RESULT, AT, ZERO, "nan"))  # the gradient x / |x| at |x| = 0
POLE_DANGERS = _dangers((FORWARD, 0, AT, ZERO, "inf"))  # lgamma(0), digamma(0)
# A power's dangers depend on its exponent (`power_dangers`): fractional ones are roots, negative ones reciprocals.
FRACTIONAL_POWER_DANGERS = ROOT_DANGERS
NEGATIVE_POWER_DANGERS = _dangers((FORWARD, 0, AT, ZERO, "inf"), (BACKWARD, 0, AT, ZERO, "inf"))
# In-place methods whose result is the value of the op they make in place (`x.pow_(2)` is `x.pow(2)`).
SAME_VALUE_INPLACE = {
    f"{op}_": op
    for op in ("pow", "float_power", "abs", "absolute", "square", "neg", "negative", "clamp_min", "clamp_max")
}
POWERS = frozenset({"pow", "pow_", "float_power", "float_power_", "__pow__", "__ipow__"})


def safe_argument(dangers: Tuple[Danger, ...]) -> str:
    """A value of the operand the dangers lie on where the op and its gradient are both finite, far
    from every boundary: what the double-`where` fix feeds the op where its branch is not taken."""
    boundaries = {(danger.boundary, danger.side) for danger in dangers}
    if (ONE, BELOW) in boundaries:  # acosh: defined from 1 up
        return "2.0"
    if any(boundary in (ONE, MINUS_ONE, EXP_LIMIT) for boundary, _ in boundaries):
        return "0.0"
    return "1.0"


def power_dangers(exponent: float) -> Tuple[Danger, ...]:
    """A power's dangers for a known exponent: `x ** 0.5` is a root, `x ** -1` a reciprocal."""
    if exponent < 0:
        return NEGATIVE_POWER_DANGERS if float(exponent).is_integer() else NEGATIVE_POWER_DANGERS + ROOT_DANGERS[:1]
    if not float(exponent).is_integer():
        return FRACTIONAL_POWER_DANGERS if exponent < 1 else ROOT_DANGERS[:1]
    return ()


@dataclass(frozen=True)
class Op:
    produces: str = ""
    handles: str = ""  # VIEW, MOVE, CAST or METADATA
    saves_output: bool = False  # backward reads the result: changing it in place breaks backward
    saves_output_inplace: bool = False  # ... only when the op itself runs in place
    # backward reads each operand (to differentiate the others): changing one in place breaks it
    saves_inputs: bool = False
    # backward reads its first operand, whatever the others are (a normalization's statistics)
    saves_first_operand: bool = False
    blocks_gradient: bool = False  # no gradient flows through it to its input (indices, detach, integers)
    # returns several views of its input, which autograd forbids changing in place when the input requires grad
    several_views: bool = False
    dangers: Tuple[Danger, ...] = ()  # where it makes a NaN or an Inf (a power's: `power_dangers`)
    eps: float = 0.0  # the eps it adds by default where its keyword `eps` is not given (pairwise_distance: 1e-6)


def _ops(names: str, **fields) -> Dict[str, Op]:
    return {name: Op(**fields) for name in names.split()}


def _with_inplace(names: str) -> str:
    """`log log2` -> `log log2 log_ log2_`: an in-place form computes the same."""
    return " ".join(names.split() + [name + "_" for name in names.split()])


# Tensors made from sizes and fill values: no gradient reaches them from their arguments
# (`requires_grad=True` makes a leaf, which the value analysis reads from the call itself). Random
# samples are left out: the gradient-only rules read them as data, and a root of negative noise is
# NaN in the forward pass, gradient or not.
NEW_TENSORS = (
    "arange linspace logspace zeros empty full eye tensor zeros_like empty_like full_like "
    "new_zeros new_empty new_full new_tensor"
)


OPS: Dict[str, Op] = {
    **_ops("softmax softmin gumbel_softmax", produces=PROBABILITY, saves_output=True),
    **_ops("sigmoid expit", produces=PROBABILITY, saves_output=True),
    "hardsigmoid": Op(produces=PROBABILITY),
    **_ops("log_softmax", produces=LOG_PROBABILITY, saves_output=True),
    **_ops("logsigmoid", produces=LOG_PROBABILITY),
    **_ops("norm vector_norm", produces=NORM, saves_output=True, dangers=NORM_DANGERS),
    **_ops("linalg_norm linalg_vector_norm", produces=NORM, dangers=NORM_DANGERS),  # as `__torch_function__` names them
    **_ops("matrix_norm frobenius_norm nuclear_norm", produces=NORM, dangers=NORM_DANGERS),
    **_ops("dist cdist pdist", produces=DISTANCE, dangers=NORM_DANGERS),
    "pairwise_distance": Op(produces=DISTANCE, eps=1e-6),  # added to the difference: never exactly 0 in practice
    "normalize": Op(eps=1e-12),  # the norm is clamped at eps (0 in float16)
    "layer_norm": Op(eps=1e-5, saves_first_operand=True),
    "batch_norm": Op(eps=1e-5, saves_first_operand=True),
    "group_norm": Op(eps=1e-5, saves_first_operand=True),
    "instance_norm": Op(eps=1e-5),
    "std": Op(produces=SPREAD, saves_output=True),
    **_ops("var std_mean var_mean", produces=SPREAD),
    "count_nonzero": Op(produces=COUNT),
    **_ops("sum nansum mean nanmean cumsum trace", produces=SUM),
    **_ops("exp exp2", produces=EXPONENTIAL, saves_output=True, dangers=EXP_DANGERS),
    **_ops("softplus cosh", produces=POSITIVE),
    **_ops(NEW_TENSORS, blocks_gradient=True),
    **_ops("ones ones_like new_ones", produces=POSITIVE, blocks_gradient=True),
    "cosine_similarity": Op(produces=COSINE, eps=1e-8),
    "tanh": Op(produces=UNIT, saves_output=True),
    **_ops("sin cos erf softsign hardtanh", produces=UNIT),
    **_ops("relu relu_", produces=RECTIFIED, saves_output=True),
    "relu6": Op(produces=RECTIFIED),
    **_ops("leaky_relu elu celu selu leaky_relu_ elu_ celu_ selu_", saves_output_inplace=True),
    **_ops("tan prod cumprod logsumexp", saves_output=True),
    **_ops("sigmoid_ tanh_", saves_output=True),
    **_ops("exp_ expm1 expm1_", saves_output=True, dangers=EXP_DANGERS),
    **_ops(_with_inplace("sqrt"), saves_output=True, dangers=ROOT_DANGERS),
    **_ops(_with_inplace("rsqrt"), saves_output=True, dangers=RSQRT_DANGERS),
    **_ops(_with_inplace("reciprocal"), saves_output=True, dangers=RECIPROCAL_DANGERS),
    **_ops("__rtruediv__ __rdiv__", dangers=RECIPROCAL_DANGERS),  # `2 / x`: the tensor is the denominator
    **_ops(_with_inplace("log log2 log10"), dangers=LOG_DANGERS),
    **_ops(_with_inplace("log1p"), dangers=LOG1P_DANGERS),
    **_ops(_with_inplace("acos arccos asin arcsin"), dangers=ARC_DANGERS),
    **_ops(_with_inplace("atanh arctanh"), dangers=ATANH_DANGERS),
    **_ops(_with_inplace("acosh arccosh"), dangers=ACOSH_DANGERS),
    **_ops(_with_inplace("lgamma digamma") + " psi", dangers=POLE_DANGERS),
    **_ops("div divide true_divide", saves_inputs=True, dangers=DIVISION_DANGERS),
    **_ops("div_ divide_ true_divide_ __truediv__ __itruediv__", dangers=DIVISION_DANGERS),
    # Verified with torch 2.13: `y = op(p, b)` with `p` requiring grad, then `b[0] = 1`, makes backward raise.
    **_ops(
        "mm matmul bmm mv dot outer tensordot einsum mul multiply maximum minimum atan2 "
        "linear conv1d conv2d conv3d conv_transpose1d conv_transpose2d conv_transpose3d",
        saves_inputs=True,
    ),
    **_ops(
        "bool logical_and logical_or logical_not eq ne gt lt ge le isfinite isnan isinf isin any all one_hot",
        produces=BOOLEAN,
    ),
    **_ops(
        "view view_as reshape t transpose permute flatten squeeze unsqueeze narrow select expand expand_as "
        "unflatten movedim moveaxis swapaxes as_strided diagonal adjoint mT mH T H unfold tensor_split",
        handles=VIEW,
    ),
    # Verified with torch 2.13: `a, b = y.chunk(2)` with `y` requiring grad, then `b.add_(1)`, raises
    # "Output 1 of Split is a view and is being modified inplace" (`tensor_split` returns plain views).
    **_ops("unbind split_with_sizes", handles=VIEW, several_views=True),
    **_ops("chunk split", handles=MOVE, several_views=True),
    **_ops(
        "clone contiguous reshape_as repeat repeat_interleave tile flip roll gather index_select "
        "masked_select cpu cuda squeeze_ unsqueeze_ requires_grad_ contiguous_ broadcast_to pin_memory",
        handles=MOVE,
    ),
    **_ops("detach detach_ data item tolist numpy", handles=MOVE, blocks_gradient=True),
    **_ops("long int short byte", handles=CAST, blocks_gradient=True),
    **_ops("one_hot", produces=ONE_HOT, blocks_gradient=True),
    **_ops("argmax argmin argsort nonzero sign round floor ceil trunc searchsorted bucketize", blocks_gradient=True),
    **_ops(
        "cross_entropy nll_loss binary_cross_entropy binary_cross_entropy_with_logits l1_loss smooth_l1_loss "
        "huber_loss kl_div poisson_nll_loss gaussian_nll_loss ctc_loss margin_ranking_loss triplet_margin_loss",
        produces=LOSS,
    ),
    **_ops("tensor as_tensor from_numpy", handles=CONVERT),
    **_ops("float double half bfloat16 to type_as float_", handles=CAST),
    **_ops(
        "size dim ndimension numel nelement shape ndim stride storage_offset element_size data_ptr get_device "
        "is_floating_point is_complex is_contiguous is_leaf is_set_to is_same_size is_shared is_pinned",
        handles=METADATA,
    ),
}

# An in-place form computes what its out-of-place form does (`x.sigmoid_()` is a probability).
OPS.update(
    {
        name: replace(op, produces=OPS[name[:-1]].produces)
        for name, op in OPS.items()
        if name.endswith("_") and not op.produces and name[:-1] in OPS and OPS[name[:-1]].produces
    }
)

# nn modules: class name -> the op they compute.
MODULES: Dict[str, str] = {
    "Softmax": "softmax",
    "Softmin": "softmin",
    "LogSoftmax": "log_softmax",
    "Sigmoid": "sigmoid",
    "Tanh": "tanh",
    "ReLU": "relu",
    "ReLU6": "relu6",
    "LeakyReLU": "leaky_relu",
    "ELU": "elu",
    "CELU": "celu",
    "SELU": "selu",
    "Softplus": "softplus",
    "LogSigmoid": "logsigmoid",
    "Hardsigmoid": "hardsigmoid",
    "Hardtanh": "hardtanh",
    "Softsign": "softsign",
    "CosineSimilarity": "cosine_similarity",
    "PairwiseDistance": "pairwise_distance",
    "MSELoss": "mse_loss",
    "CrossEntropyLoss": "cross_entropy",
    "NLLLoss": "nll_loss",
    "BCELoss": "binary_cross_entropy",
    "BCEWithLogitsLoss": "binary_cross_entropy_with_logits",
    "L1Loss": "l1_loss",
    "SmoothL1Loss": "smooth_l1_loss",
    "HuberLoss": "huber_loss",
    "KLDivLoss": "kl_div",
    "PoissonNLLLoss": "poisson_nll_loss",
    "GaussianNLLLoss": "gaussian_nll_loss",
    "CTCLoss": "ctc_loss",
    "MarginRankingLoss": "margin_ranking_loss",
    "TripletMarginLoss": "triplet_margin_loss",
}


def names(predicate: Callable[[Op], bool]) -> frozenset:
    return frozenset(name for name, op in OPS.items() if predicate(op))


VIEWS = names(lambda op: op.handles == VIEW)
# Operations computed entry by entry: an empty input gives an empty output.
ELEMENTWISE = frozenset(
    "log log2 log10 log1p exp exp2 expm1 sqrt rsqrt reciprocal sigmoid tanh relu relu6 leaky_relu elu gelu silu "
    "softplus logsigmoid abs neg negative square pow clamp clamp_min clamp_max clip sin cos tan acos asin atan "
    "atanh acosh lgamma digamma logit sign round floor ceil".split()
)
# Losses whose default reduction is the mean over the input's entries: NaN for an empty input.
MEAN_REDUCED_LOSSES = frozenset(
    "l1_loss mse_loss smooth_l1_loss huber_loss binary_cross_entropy binary_cross_entropy_with_logits "
    "cross_entropy nll_loss kl_div poisson_nll_loss gaussian_nll_loss".split()
)
RISKY = names(lambda op: bool(op.dangers)) | POWERS  # ops that can make a NaN or an Inf from finite operands
KEEPING_VALUES = names(lambda op: op.handles in (VIEW, MOVE, CAST, CONVERT))  # the value analysis looks through them
CANNOT_CREATE_NONFINITE = names(lambda op: op.handles in (VIEW, MOVE, METADATA))  # the monitor skips them
MADE_WITHOUT_GRADIENT = frozenset(NEW_TENSORS.split()) | {"ones", "ones_like", "new_ones"}
NO_GRADIENT = names(lambda op: op.blocks_gradient or op.produces == BOOLEAN)  # outputs autograd does not differentiate
SEVERAL_VIEWS = names(lambda op: op.several_views)
SAVING_OUTPUT = names(lambda op: op.saves_output)
SAVING_OUTPUT_WHEN_INPLACE = names(lambda op: op.saves_output_inplace)
SAVING_INPUTS = names(lambda op: op.saves_inputs)
SAVING_FIRST_OPERAND = names(lambda op: op.saves_first_operand)
# nn modules whose forward saves its input (for its weight's gradient): verified like the ops above.
SAVING_INPUT_MODULES = frozenset(
    {"Linear", "Conv1d", "Conv2d", "Conv3d", "LayerNorm", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d"}
)
# nn modules that return a tuple and save its first element, their output sequence: verified like the
# ops above (`out, (h, c) = lstm(x); out.mul_(2)`, then backward raises; GRU and RNN do not, on the CPU).
SAVING_FIRST_OUTPUT_MODULES = frozenset({"LSTM"})
# nn modules built with an `inplace` flag: with it set, their forward changes its input.
INPLACE_MODULES = frozenset(
    "ReLU ReLU6 LeakyReLU ELU CELU SELU RReLU Hardtanh Hardswish Hardsigmoid SiLU Mish Threshold "
    "Dropout Dropout1d Dropout2d Dropout3d AlphaDropout FeatureAlphaDropout".split()
)
# nn modules whose forward returns its input itself.
IDENTITY_MODULES = frozenset({"Identity"})
# nn modules whose forward saves its output: class -> whether only with inplace=True.
SAVING_MODULES = {
    module: not OPS[op].saves_output
    for module, op in MODULES.items()
    if op in OPS and (OPS[op].saves_output or OPS[op].saves_output_inplace)
}
