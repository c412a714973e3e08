"""Bounding boxes in code: which differences are a box's width or height, which ratios an IoU.

A box's width `x2 - x1` is 0 for a degenerate box (a zero-area annotation, a box clipped to the
image border, a prediction whose size underflowed) and negative for an inverted one, so its area,
the union of two areas and the log of its size are where detection losses meet 0 in practice.
Only the spelling is judged here; the Analyzer in values.py carries the facts.
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from nanlint.analysis.syntax import name_of, number_value, same_code

# Corner pairs of an (x1, y1, x2, y2) box by their index on the last axis: x2 - x1 and y2 - y1.
CORNER_PAIRS = frozenset({(2, 0), (3, 1)})
# `x2 - x1`, `b1_y2 - b1_y1`, `xmax - xmin`, `y_max - y_min`: the far corner's name, then the near one's.
CORNER_NAMES = (
    (re.compile(r"(?P<head>.*[xy]_?)2(?P<tail>\w*)", re.I), "1"),
    (re.compile(r"(?P<head>.*[xy]_?)max(?P<tail>\w*)", re.I), "min"),
)


def is_box_extent(left: cst.CSTNode, right: cst.CSTNode) -> bool:
    """`left - right` is a box's width or height: the difference of the far and near corner
    coordinates, by index (`b[:, 2] - b[:, 0]`, `b[..., 2:] - b[..., :2]`, `b[:, 2:4] - b[:, 0:2]`)
    or by name (`x2 - x1`, `b1_y2 - b1_y1`, `xmax - xmin`)."""
    if isinstance(left, cst.Subscript) and isinstance(right, cst.Subscript):
        return _corner_subscripts(left, right)
    far, near = name_of(left), name_of(right)
    if far is None or near is None:
        return False
    for pattern, replacement in CORNER_NAMES:
        matched = pattern.fullmatch(far)
        if matched is not None and near.lower() == f"{matched['head']}{replacement}{matched['tail']}".lower():
            return True
    return False


def _corner_subscripts(left: cst.Subscript, right: cst.Subscript) -> bool:
    if not same_code(left.value, right.value) or len(left.slice) != len(right.slice):
        return False
    if not all(same_code(a.slice, b.slice) for a, b in zip(left.slice[:-1], right.slice[:-1])):
        return False
    far, near = left.slice[-1].slice, right.slice[-1].slice
    if isinstance(far, cst.Index) and isinstance(near, cst.Index):
        return (_integer(far.value), _integer(near.value)) in CORNER_PAIRS
    if isinstance(far, cst.Slice) and isinstance(near, cst.Slice) and far.step is None and near.step is None:
        start, stop = _integer(far.lower), _integer(far.upper)
        near_start = _integer(near.lower) if near.lower is not None else 0
        return start == 2 and stop in (None, 4) and near_start == 0 and _integer(near.upper) == 2
    return False


def _integer(node: Optional[cst.CSTNode]) -> Optional[int]:
    value = number_value(node) if node is not None else None
    return value if isinstance(value, int) else None


def broadcasts(node: cst.CSTNode) -> bool:
    """`node` adds a new axis to one of its terms (`area1[:, None] + area2`, `a.unsqueeze(1) + b`):
    a pairwise (N x M) computation, such as the IoU matrix of box matching or NMS."""
    while isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
        if broadcasts(node.right):
            return True
        node = node.left
    if isinstance(node, cst.Subscript):
        return any(
            isinstance(element.slice, cst.Index)
            and isinstance(element.slice.value, cst.Name)
            and element.slice.value.value == "None"
            for element in node.slice
        )
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "unsqueeze"


def subtracts(denominator: cst.CSTNode, term: cst.CSTNode, lookup) -> bool:
    """`denominator` is `a + b - term` with any eps added (`... - inter + eps`), directly or as the
    value of a local name (`lookup(name)` gives it): the union of an intersection over union."""
    if isinstance(denominator, cst.Name):
        denominator = lookup(denominator)
        if denominator is None:
            return False
    while isinstance(denominator, cst.BinaryOperation) and isinstance(denominator.operator, cst.Add):
        denominator = denominator.left  # `... - inter + eps`
    return (
        isinstance(denominator, cst.BinaryOperation)
        and isinstance(denominator.operator, cst.Subtract)
        and same_code(denominator.right, term)
        and isinstance(denominator.left, cst.BinaryOperation)
        and isinstance(denominator.left.operator, cst.Add)
    )
