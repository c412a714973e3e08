"""What the monitor needs to know about torch functions, by the name `__torch_function__` sees."""

from __future__ import annotations

from nanlint.analysis.ops import CANNOT_CREATE_NONFINITE

# Calls that cannot create a non-finite value or do not return data: not checked, not counted.
# Views and copies only move values around: a non-finite value they carry is caught at its birth.
# In-place views (`squeeze_`) are still seen: they bump the version counter the in-place log reads.
PASSTHROUGH = frozenset(name for name in CANNOT_CREATE_NONFINITE if not name.endswith("_")) | frozenset(
    """
    __get__ __set__ __delete__ __len__ __repr__ __str__ __format__ __hash__ __bool__ __index__
    __int__ __float__ __complex__ __contains__ __iter__ __reversed__ __reduce_ex__ __deepcopy__
    __getitem__ detach_ requires_grad_ retain_grad register_hook register_post_accumulate_grad_hook
    _set_grad_enabled _record_function_enter_new _record_function_exit __torch_function__ _is_view
    untyped_storage storage share_memory_
    """.split()
)

# Autograd nodes whose backward only moves, selects or zeroes gradients (no sum, no scale, no cast): a
# non-finite gradient they pass on was non-finite when it reached them, so the monitor hooks none of them.
GRADIENT_MOVERS = frozenset(
    """
    TBackward0 TransposeBackward0 TransposeBackward1 PermuteBackward0 ViewBackward0 UnsafeViewBackward0
    ReshapeAliasBackward0 SqueezeBackward0 SqueezeBackward1 SqueezeBackward2 UnsqueezeBackward0
    CloneBackward0 SliceBackward0 SelectBackward0 CatBackward0 SplitBackward0
    SplitWithSizesBackward0 UnbindBackward0 StackBackward0 ReluBackward0 ThresholdBackward0
    """.split()
)

# Entry points that run the backward pass.
BACKWARD_ENTRIES = frozenset({"backward", "grad"})

# Their output is whatever memory held before: it may be non-finite by chance.
UNINITIALIZED = frozenset({"empty", "empty_like", "new_empty", "empty_strided", "new_empty_strided", "set_"})

# Data that comes from outside the program's arithmetic. A Python literal given to `tensor` or
# `as_tensor` is the user's own (an intentional NaN); anything else (an array, a buffer) is input.
DATA_SOURCES = frozenset({"from_numpy", "frombuffer", "from_file", "from_dlpack", "asarray"})
LITERAL_FACTORIES = frozenset({"tensor", "as_tensor", "asarray", "scalar_tensor"})

# In-place ops whose result does not depend on the previous content of `self`.
OVERWRITING = frozenset(
    """
    fill_ zero_ copy_ uniform_ normal_ random_ bernoulli_ exponential_ geometric_ cauchy_
    log_normal_ set_ resize_ kaiming_uniform_ kaiming_normal_ xavier_uniform_ xavier_normal_
    trunc_normal_ orthogonal_ eye_ constant_ ones_ zeros_
    """.split()
)

_INPLACE_DUNDERS = frozenset(
    {
        "__iadd__",
        "__isub__",
        "__imul__",
        "__itruediv__",
        "__idiv__",
        "__ifloordiv__",
        "__imod__",
        "__ipow__",
        "__imatmul__",
        "__iand__",
        "__ior__",
        "__ixor__",
        "__ilshift__",
        "__irshift__",
        "__setitem__",
    }
)

_DISPLAY = {
    "__rdiv__": "div",
    "__rtruediv__": "div",
    "__truediv__": "div",
    "__itruediv__": "div_",
    "__rpow__": "pow",
    "__setitem__": "setitem",
    "__rsub__": "sub",
    "__rmul__": "mul",
    "__radd__": "add",
    "__matmul__": "matmul",
    "__rmatmul__": "matmul",
    "linalg_norm": "linalg.norm",
    "linalg_vector_norm": "linalg.vector_norm",
    "special_expit": "special.expit",
}


# torch.nn.functional's `inplace` flag, by position (`nn.Dropout` calls `F.dropout(x, p, training, inplace)`).
_INPLACE_FLAG = {
    "relu": 1,
    "relu6": 1,
    "selu": 1,
    "silu": 1,
    "mish": 1,
    "hardsigmoid": 1,
    "hardswish": 1,
    "elu": 2,
    "celu": 2,
    "leaky_relu": 2,
    "hardtanh": 3,
    "threshold": 3,
    "_threshold": 3,
    "dropout": 3,
    "dropout1d": 3,
    "dropout2d": 3,
    "dropout3d": 3,
    "alpha_dropout": 3,
    "feature_alpha_dropout": 3,
    "rrelu": 4,
}


def is_inplace(name: str, kwargs: dict, func=None, args=()) -> bool:
    if name in _INPLACE_DUNDERS or kwargs.get("out") is not None:
        return True
    if name.endswith("_") and not name.endswith("__"):
        return True
    position = _INPLACE_FLAG.get(name)
    if position is None or getattr(func, "__module__", None) != "torch.nn.functional":
        return False
    return bool(kwargs["inplace"] if "inplace" in kwargs else len(args) > position and args[position])


def display_name(name: str) -> str:
    if name in _DISPLAY:
        return _DISPLAY[name]
    if name.startswith("linalg_") or name.startswith("special_"):
        return name.replace("_", ".", 1)
    return name
