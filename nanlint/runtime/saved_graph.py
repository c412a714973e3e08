"""After "modified by an inplace operation": every node of the graph whose saved tensor was changed.

Reading a node's saved tensor (`node._saved_self`, `_saved_result`, a custom Function's `saved_tensors`)
raises the same error torch's backward raised, with that tensor's versions; so probing the graph from the
tensors backward was called on finds the node torch tripped on and every other one that would trip next.
It runs only after the error: the common path pays nothing (saved-tensor hooks would run on every save,
and they turn torch's version check off).
"""

from __future__ import annotations

from typing import Dict, Iterable, List, Tuple

from nanlint.runtime.inplace import SAVED_MODIFIED, Attributed, Change, Saver, attribute, node_key, parse_saved_modified

_MAX_NODES = 100000
_LEAF_HOPS = 3  # a parameter is read through a view or two: t(), expand, as_strided
_saved_attributes: Dict[type, Tuple[str, ...]] = {}


def explain(message: str, roots: Iterable, tag: str, changes: List[Change]) -> List[Attributed]:
    """Every in-place change that broke a saved tensor behind `roots`, torch's own first.

    Never raises: the user's error must come out as torch raised it (if attribution fails, the error is
    reported at the backward call).
    """
    try:
        return attribute(message, primary_first(find_savers(roots, tag), message), changes)
    except Exception:
        return [Attributed(None, "backward", message, {})]


def find_savers(roots: Iterable, tag: str) -> List[Saver]:
    """Nodes behind `roots` (tensors) whose saved tensor changed, with the forward site they were tagged with."""
    savers = []
    for node in _walk([getattr(t, "grad_fn", None) for t in roots]):
        for message in _modified(node):
            error = parse_saved_modified(message)
            if error is None:
                continue
            site, op = node.metadata.get(tag) or (None, None)
            inputs = [parent for parent, _ in node.next_functions if parent is not None]
            sources = frozenset(node_key(n) for n in [node] + inputs)
            savers.append(Saver(error, message, type(node).__name__, site, op, sources, _leaves(inputs)))
    return savers


def _walk(starts) -> Iterable:
    seen, pending = set(), [n for n in starts if n is not None]
    while pending and len(seen) < _MAX_NODES:
        node = pending.pop()
        if node in seen:
            continue
        seen.add(node)
        yield node
        pending.extend(parent for parent, _ in node.next_functions if parent is not None)


def _modified(node) -> List[str]:
    messages = []
    for name in _attributes_of(node):
        try:
            getattr(node, name)
        except RuntimeError as error:  # also "... already been freed" for nodes backward already ran
            if SAVED_MODIFIED in str(error):
                messages.append(str(error).split("\n")[0])
        except Exception:
            continue
    return messages


def _attributes_of(node) -> Tuple[str, ...]:
    kind = type(node)
    names = _saved_attributes.get(kind)
    if names is None:
        names = tuple(n for n in dir(kind) if n.startswith("_saved_"))
        if hasattr(node, "_forward_cls"):  # a custom autograd.Function
            names += ("saved_tensors",)
        _saved_attributes[kind] = names
    return names


def _leaves(nodes) -> tuple:
    leaves, frontier = [], list(nodes)
    for _ in range(_LEAF_HOPS):
        following = []
        for node in frontier:
            variable = getattr(node, "variable", None)  # AccumulateGrad
            if variable is not None:
                leaves.append(variable)
            else:
                following.extend(parent for parent, _ in node.next_functions if parent is not None)
        frontier = following
    return tuple(leaves)


def primary_first(savers: List[Saver], message: str) -> List[Saver]:
    """The saver torch tripped on (same tensor, same versions) first, then the others."""
    tripped = parse_saved_modified(message)
    return sorted(savers, key=lambda s: s.error != tripped)


def roots_of_backward(args, kwargs) -> list:
    """The tensors `backward()` / `torch.autograd.backward` / `torch.autograd.grad` was called on."""
    first = args[0] if args else kwargs.get("tensors", kwargs.get("outputs"))
    values = first if isinstance(first, (list, tuple)) else [first]
    return [v for v in values if hasattr(v, "grad_fn")]
