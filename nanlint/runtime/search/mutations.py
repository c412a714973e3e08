"""Changes to a recorded call that keep its inputs meaningful, each described for the report.

Each mutation picks a tensor of the call (or several that share a batch) and returns a new call, or
None when it does not apply. Values are changed the way unlucky data changes them: larger (logits that
grew), shifted, a zero element or row, an all-masked row, two equal rows or inputs (coinciding points),
a batch of one, a flipped sign, float16. The tensors are the arguments' and those a module among them
holds itself (`self`'s learned temperature, a running variance); numbers too (a float argument, a
module's float attribute: set to 0, tiny, huge, negative), and an argument given as None gets a tensor
(a mask all False or all True, zeros, ones) so that the branch where a tensor flows runs.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Callable, Dict, List, NamedTuple, Optional, Tuple

import torch

from nanlint.runtime.search.calls import Call, Leaf, copy_value, leaves, nones, numbers, replace, state_leaves

_SCALES = (2.0, 10.0, 100.0, 1e3, 1e4)


class Mutation(NamedTuple):
    name: str
    apply: Callable[[Call, random.Random], Optional[Call]]


def _floats(call: Call, state: bool = True) -> List[Leaf]:
    """The float tensors of the arguments and, with `state`, of the modules among them (`self` too)."""
    found = leaves(call) + (state_leaves(call) if state else [])
    return [leaf for leaf in found if leaf.tensor.is_floating_point() and leaf.tensor.numel()]


def _data(call: Call) -> List[Leaf]:
    """Tensors whose values may change: floats, integers, booleans (masks, counts, labels), modules' too."""
    return [leaf for leaf in leaves(call) + state_leaves(call) if leaf.tensor.numel() and not leaf.tensor.is_complex()]


def _rows(call: Call) -> List[Leaf]:
    return [leaf for leaf in _data(call) if leaf.tensor.dim() >= 1 and leaf.tensor.shape[0] >= 1]


def _new(leaf: Leaf, values: torch.Tensor) -> torch.Tensor:
    """A fresh leaf tensor with the old one's dtype and requires_grad."""
    values = values.detach().to(leaf.tensor.dtype)
    if leaf.tensor.requires_grad:
        values.requires_grad_(True)
    return values


def _index_text(tensor: torch.Tensor, flat: int) -> str:
    index = []
    for size in reversed(tensor.shape):
        index.append(flat % size)
        flat //= size
    return ", ".join(str(i) for i in reversed(index))


def _number(value: float) -> str:
    return "%.3g" % value


def scale(call: Call, rng: random.Random, factor: Optional[float] = None) -> Optional[Call]:
    """`factor` given: the same tensor the seed picks, scaled by it (to find the smallest that triggers)."""
    candidates = _floats(call)
    if not candidates:
        return None
    leaf = rng.choice(candidates)
    drawn = rng.choice(_SCALES)
    factor = drawn if factor is None else factor
    return replace(
        call, leaf.where, _new(leaf, leaf.tensor * factor), "scaling `%s` by %s" % (leaf.name, _number(factor))
    )


def scale_factor(seed: int, call: Call) -> float:
    """The factor `scale` draws with this seed."""
    rng = random.Random(seed)
    rng.choice(_floats(call))
    return rng.choice(_SCALES)


def shift_minimum_to_zero(call: Call, rng: random.Random) -> Optional[Call]:
    candidates = [leaf for leaf in _floats(call) if leaf.tensor.min().item() > 0]
    if not candidates:
        return None
    leaf = rng.choice(candidates)
    low = leaf.tensor.min().item()
    return replace(
        call,
        leaf.where,
        _new(leaf, leaf.tensor - low),
        "shifting `%s` by %s (its minimum to 0)" % (leaf.name, _number(-low)),
    )


def shift(call: Call, rng: random.Random) -> Optional[Call]:
    candidates = _floats(call)
    if not candidates:
        return None
    leaf = rng.choice(candidates)
    spread = leaf.tensor.detach().abs().max().item() or 1.0
    amount = rng.choice((-1, 1)) * spread * rng.choice((0.5, 1.0, 2.0, 10.0))
    return replace(
        call, leaf.where, _new(leaf, leaf.tensor + amount), "shifting `%s` by %s" % (leaf.name, _number(amount))
    )


def zero_element(call: Call, rng: random.Random) -> Optional[Call]:
    candidates = _data(call)
    if not candidates:
        return None
    leaf = rng.choice(candidates)
    flat = rng.randrange(leaf.tensor.numel())
    values = leaf.tensor.detach().clone().reshape(-1)
    values[flat] = 0
    return replace(
        call,
        leaf.where,
        _new(leaf, values.reshape(leaf.tensor.shape)),
        "setting `%s`[%s] to 0" % (leaf.name, _index_text(leaf.tensor, flat)),
    )


def zero_row(call: Call, rng: random.Random) -> Optional[Call]:
    return _fill_row(call, rng, 0, "zeroing row %d of `%s`", "masking out row %d of `%s` (all False)")


def fill_row(call: Call, rng: random.Random) -> Optional[Call]:
    return _fill_row(call, rng, 1, "setting row %d of `%s` to 1", "setting row %d of `%s` to all True")


def _fill_row(call, rng, value, text, bool_text) -> Optional[Call]:
    candidates = _rows(call)
    if not candidates:
        return None
    leaf = rng.choice(candidates)
    row = rng.randrange(leaf.tensor.shape[0])
    values = leaf.tensor.detach().clone()
    values[row] = value
    words = bool_text if leaf.tensor.dtype == torch.bool else text
    return replace(call, leaf.where, _new(leaf, values), words % (row, leaf.name))


def zero_all(call: Call, rng: random.Random) -> Optional[Call]:
    candidates = _data(call)
    if not candidates:
        return None
    leaf = rng.choice(candidates)
    return replace(call, leaf.where, _new(leaf, torch.zeros_like(leaf.tensor)), "zeroing all of `%s`" % leaf.name)


def equal_rows(call: Call, rng: random.Random) -> Optional[Call]:
    candidates = [leaf for leaf in _floats(call) if leaf.tensor.dim() >= 1 and leaf.tensor.shape[0] >= 2]
    if not candidates:
        return None
    leaf = rng.choice(candidates)
    source, target = rng.sample(range(leaf.tensor.shape[0]), 2)
    values = leaf.tensor.detach().clone()
    values[target] = values[source]
    return replace(
        call,
        leaf.where,
        _new(leaf, values),
        "making rows %d and %d of `%s` equal" % (min(source, target), max(source, target), leaf.name),
    )


def equal_arguments(call: Call, rng: random.Random) -> Optional[Call]:
    floats = _floats(call, state=False)
    pairs = [
        (a, b)
        for a in floats
        for b in floats
        if a.where != b.where and a.tensor.shape == b.tensor.shape and a.tensor.dtype == b.tensor.dtype
    ]
    if not pairs:
        return None
    source, target = rng.choice(pairs)
    return replace(
        call,
        target.where,
        _new(target, source.tensor.detach().clone()),
        "making `%s` equal to `%s`" % (target.name, source.name),
    )


def shrink_batch(call: Call, rng: random.Random) -> Optional[Call]:
    """Keep one element of the batch: the first dimension most tensors share, cut to one."""
    sized = [leaf for leaf in leaves(call) if leaf.tensor.dim() >= 1 and leaf.tensor.shape[0] > 1]
    if not sized:
        return None
    batch, _ = Counter(leaf.tensor.shape[0] for leaf in sized).most_common(1)[0]
    keep = rng.randrange(batch)
    shrunk = [leaf for leaf in sized if leaf.tensor.shape[0] == batch]
    for leaf in shrunk:
        call = replace(call, leaf.where, _new(leaf, leaf.tensor[keep : keep + 1]))
    call.changes = call.changes + [
        "shrinking the batch to its element %d (%s)" % (keep, ", ".join("`%s`" % leaf.name for leaf in shrunk))
    ]
    return call


def flip_sign(call: Call, rng: random.Random) -> Optional[Call]:
    candidates = _floats(call)
    if not candidates:
        return None
    leaf = rng.choice(candidates)
    return replace(call, leaf.where, _new(leaf, -leaf.tensor), "flipping the sign of `%s`" % leaf.name)


def saturate_element(call: Call, rng: random.Random) -> Optional[Call]:
    candidates = _floats(call)
    if not candidates:
        return None
    leaf = rng.choice(candidates)
    flat = rng.randrange(leaf.tensor.numel())
    big = rng.choice((-1, 1)) * (leaf.tensor.detach().abs().max().item() + 1.0) * rng.choice((10.0, 100.0, 1e4))
    values = leaf.tensor.detach().clone().reshape(-1)
    values[flat] = big
    return replace(
        call,
        leaf.where,
        _new(leaf, values.reshape(leaf.tensor.shape)),
        "setting `%s`[%s] to %s" % (leaf.name, _index_text(leaf.tensor, flat), _number(big)),
    )


def saturate_to_range_end(call: Call, rng: random.Random) -> Optional[Call]:
    """A probability-like input (all in [0, 1]) reaching 0 or 1 exactly, as a saturated sigmoid does."""
    candidates = [leaf for leaf in _floats(call) if 0 <= leaf.tensor.min().item() and leaf.tensor.max().item() <= 1]
    if not candidates:
        return None
    leaf = rng.choice(candidates)
    end = rng.choice((0.0, 1.0))
    flat = rng.randrange(leaf.tensor.numel())
    values = leaf.tensor.detach().clone().reshape(-1)
    values[flat] = end
    return replace(
        call,
        leaf.where,
        _new(leaf, values.reshape(leaf.tensor.shape)),
        "setting `%s`[%s] to %g (an end of its range [0, 1])" % (leaf.name, _index_text(leaf.tensor, flat), end),
    )


def to_float16(call: Call, rng: random.Random) -> Optional[Call]:
    """float32 inputs, and the modules among the arguments, in float16 (as autocast or .half() would)."""
    singles = [leaf for leaf in _floats(call, state=False) if leaf.tensor.dtype == torch.float32]
    if not singles:
        return None
    for leaf in singles:
        call = replace(call, leaf.where, _half(leaf))
    call.args = [copy_value(v).half() if isinstance(v, torch.nn.Module) else v for v in call.args]
    call.changes = call.changes + ["casting the float32 inputs (and modules) to float16"]
    return call


def _half(leaf: Leaf) -> torch.Tensor:
    values = leaf.tensor.detach().half()
    if leaf.tensor.requires_grad:
        values.requires_grad_(True)
    return values


_NUMBER_CHANGES = (
    (lambda v: 0.0, "to 0"),
    (lambda v: 1e-8, "to 1e-08"),
    (lambda v: v * 1e4, "times 10000"),
    (lambda v: -v, "to its negative"),
)


def change_number(call: Call, rng: random.Random) -> Optional[Call]:
    """A number the call depends on (a temperature, a scale, an eps argument) set to 0, tiny, huge or negative."""
    candidates = numbers(call)
    if not candidates:
        return None
    number = rng.choice(candidates)
    new, words = rng.choice(_NUMBER_CHANGES)
    change = "setting `%s` (%s) %s" % (number.name, _number(number.value), words)
    return replace(call, number.where, new(number.value), change)


_NONE_FILLS = (
    ("an all-False mask", torch.bool, 0),
    ("an all-True mask", torch.bool, 1),
    ("zeros", None, 0),
    ("ones", None, 1),
)


def fill_none(call: Call, rng: random.Random) -> Optional[Call]:
    """An argument given as None (an optional mask or weight) given a tensor shaped like a float argument:
    the branch where a tensor flows runs."""
    empty, shaped = nones(call), _floats(call, state=False)
    if not empty or not shaped:
        return None
    (where, name), like = rng.choice(empty), rng.choice(shaped)
    words, dtype, value = rng.choice(_NONE_FILLS)
    tensor = torch.full(like.tensor.shape, value, dtype=dtype or like.tensor.dtype)
    return replace(call, where, tensor, "passing %s shaped like `%s` as `%s` (it was None)" % (words, like.name, name))


def gradient_step(call: Call, gradients: Dict[Tuple, torch.Tensor], rng: random.Random) -> Optional[Call]:
    """Move each float input against the margin's gradient (toward the danger zone), as GRIST does:
    a step of a random size relative to the input's own magnitude, along the gradient's sign."""
    moved = []
    rate = rng.choice((0.1, 0.5, 1.0, 3.0))
    for leaf in _floats(call):
        grad = gradients.get(leaf.where)
        if grad is None or not torch.isfinite(grad).all() or not grad.abs().max().item():
            continue
        size = leaf.tensor.detach().abs().mean().item() or 1.0
        call = replace(call, leaf.where, _new(leaf, leaf.tensor - rate * size * grad.sign()))
        moved.append(leaf.name)
    if not moved:
        return None
    call.changes = call.changes + [
        "moving %s against the margin's gradient (step %s)" % (", ".join("`%s`" % n for n in moved), _number(rate))
    ]
    return call


# Changes that keep values in the range they were recorded in come first: the sweep of single changes
# tries them in this order, so the trigger it reports is the most plausible one it found.
MUTATIONS: Tuple[Mutation, ...] = tuple(
    Mutation(f.__name__, f)
    for f in (
        zero_element,
        saturate_to_range_end,
        zero_row,
        fill_row,
        zero_all,
        equal_rows,
        equal_arguments,
        shrink_batch,
        scale,
        shift_minimum_to_zero,
        shift,
        flip_sign,
        saturate_element,
        change_number,
        fill_none,
        to_float16,
    )
)
# Past the static findings the values change, not the dtype: a float16 cast is a precision finding's search
# (an eps that vanishes in float16 is NAN801's), not a risky op's.
VALUE_MUTATIONS = tuple(m for m in MUTATIONS if m.apply is not to_float16)
