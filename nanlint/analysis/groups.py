"""Per-group reductions: a sum, mean or maximum of a tensor's rows grouped by an index.

Graph code reduces per node or per graph with `torch.zeros(n).index_add_(0, index, src)`,
`out.scatter_reduce(0, index, src, "amax")` or a helper of its own written around one
(`def scatter_add(src, index, n): return torch.zeros(n).index_add_(0, index, src)`). The value
analysis judges such a call like the matching whole-tensor reduction of its source (a group sum
of exps is a softmax denominator; a group sum of squared deviations from the group mean is a
variance, 0 for a group of one element), and the pattern rules name them `group_sum`,
`group_mean`, `group_max` and `group_min` with the reduced tensor as their only operand.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

import libcst as cst

from nanlint.analysis.syntax import function_params, returned_values, string_value

# torch op -> the reduction it performs (None: named by its `reduce` argument).
TORCH_GROUP_OPS = {
    "index_add": "sum",
    "index_add_": "sum",
    "scatter_add": "sum",
    "scatter_add_": "sum",
    "scatter_reduce": None,
    "scatter_reduce_": None,
    "index_reduce": None,
    "index_reduce_": None,
}
# Libraries' per-group reductions, called `f(src, index, ...)` (None: named by `reduce`, "sum" by default).
LIBRARY_GROUP_FUNCTIONS = {
    "torch_scatter.scatter_add": "sum",
    "torch_scatter.scatter_sum": "sum",
    "torch_scatter.scatter_mean": "mean",
    "torch_scatter.scatter_max": "amax",
    "torch_scatter.scatter_min": "amin",
    "torch_scatter.scatter": None,
    "torch_geometric.utils.scatter": None,
}
REDUCTIONS = {"sum": "group_sum", "mean": "group_mean", "amax": "group_max", "amin": "group_min"}
GROUP_OPS = frozenset(REDUCTIONS.values())
SOURCE_POSITION = 3  # `out.index_add(dim, index, source)`: operands are receiver, dim, index, source
REDUCE_POSITION = 4


class GroupReduction(NamedTuple):
    op: str  # one of GROUP_OPS
    source: cst.CSTNode  # the tensor whose rows are reduced


def torch_group_reduction(name: str, operands, keywords) -> Optional[GroupReduction]:
    """The reduction a described torch call (`index_add`, `scatter_reduce`, ...) performs on its source."""
    if name not in TORCH_GROUP_OPS:
        return None
    reduce = TORCH_GROUP_OPS[name]
    if reduce is None:
        reduce = string_value(
            keywords.get("reduce", operands[REDUCE_POSITION] if len(operands) > REDUCE_POSITION else None)
        )
    source = keywords.get(
        "source", keywords.get("src", operands[SOURCE_POSITION] if len(operands) > SOURCE_POSITION else None)
    )
    if reduce not in REDUCTIONS or source is None or isinstance(source, cst.Arg):
        return None
    return GroupReduction(REDUCTIONS[reduce], source)


def library_group_reduction(qualified: str, operands, keywords) -> Optional[GroupReduction]:
    """`torch_scatter.scatter_add(src, index)`, `torch_geometric.utils.scatter(src, index, reduce="mean")`."""
    if qualified not in LIBRARY_GROUP_FUNCTIONS:
        return None
    reduce = (
        LIBRARY_GROUP_FUNCTIONS[qualified]
        or string_value(keywords.get("reduce"))
        or ("sum" if "reduce" not in keywords else None)
    )
    source = keywords.get("src", operands[0] if operands else None)
    if reduce not in REDUCTIONS or source is None or isinstance(source, cst.Arg):
        return None
    return GroupReduction(REDUCTIONS[reduce], source)


def helper_reduction(function: cst.FunctionDef, describe) -> Optional[GroupReduction]:
    """The group reduction a helper returns of one of its parameters (its `source` is that
    parameter's name); a tuple's first element counts (`return out.scatter_reduce(...), argmax`)."""
    values = returned_values(function)
    if len(values) != 1:
        return None
    value = values[0]
    if isinstance(value, cst.Tuple) and value.elements:
        value = value.elements[0].value
    described = describe(value) if isinstance(value, cst.Call) else None
    reduction = torch_group_reduction(*described) if described is not None else None
    if reduction is None or not isinstance(reduction.source, cst.Name):
        return None
    params = {param.name.value for param in function_params(function)}
    return reduction if reduction.source.value in params else None
