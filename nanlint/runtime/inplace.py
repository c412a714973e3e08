"""Autograd's in-place errors, attributed to the line that did the in-place change.

"a leaf Variable that requires grad is being used in an in-place operation" is raised by the op itself,
so its line is the op's line. "one of the variables needed for gradient computation has been modified by
an inplace operation: [torch.FloatTensor [3]], which is output 0 of SigmoidBackward0, is at version 1;
expected version 0 instead" is raised later, by backward(), and names neither line. To find them:

- the monitor keeps a short log of in-place changes: the line, a weak reference to the tensor, its version
  before and after, and the autograd node that had made its previous value;
- on the error, `saved_graph.find_savers` walks the graph and finds every node whose saved tensor was
  changed (not only the one torch tripped on), with the forward line the monitor tagged it with;
- each saver is matched to the change that moved its tensor past the saved version: the change whose
  previous node is the saver or one of its inputs (a saved output or input), or whose tensor is a leaf
  the saver reads (a parameter `optimizer.step()` updated), else by version and shape.

Does not import torch: the report's wording lives here too.
"""

from __future__ import annotations

import re
import weakref
from collections import deque
from typing import Callable, Deque, Iterable, List, NamedTuple, Optional, Tuple, Union

LEAF_INPLACE = "leaf Variable that requires grad is being used in an in-place operation"
SAVED_MODIFIED = "modified by an inplace operation"
ANOMALY = re.compile(r"Function '(?P<node>\w+)' returned nan values in its (?P<index>\d+)th output")

_SAVED = re.compile(
    r"\[(?P<type>[\w.]+) \[(?P<shape>[\d, ]*)\]\]"
    r"(?:, which is output (?P<index>\d+) of (?P<node>[\w:]+),)?"
    r" is at version (?P<version>\d+); expected version (?P<expected>\d+)"
)


class SavedTensorModified(NamedTuple):
    shape: Tuple[int, ...]
    node: Optional[str]  # the autograd node that had made the saved tensor, as torch names it
    version: int  # found at
    expected: int  # saved at


def parse_saved_modified(message: str) -> Optional[SavedTensorModified]:
    match = _SAVED.search(message)
    if match is None:
        return None
    shape = tuple(int(s) for s in match.group("shape").replace(" ", "").split(",") if s)
    return SavedTensorModified(shape, match.group("node"), int(match.group("version")), int(match.group("expected")))


def same_node_name(torch_name: Optional[str], type_name: str) -> bool:
    """`torch::autograd::CopySlices` is CopySlices, `LeakyRelu1` is LeakyReluBackward1, `Relu` is ReluBackward0."""
    return torch_name is not None and _short(torch_name) == _short(type_name)


def _short(name: str) -> str:
    name = name.rsplit("::", 1)[-1]
    return re.sub(r"Backward(\d*)$", lambda m: "" if m.group(1) in ("", "0") else m.group(1), name)


class NodeKey(NamedTuple):
    """An autograd node, without keeping it alive: its type and its (per-thread) sequence number."""

    name: str
    sequence: int


class Before(NamedTuple):
    version: int
    node: Optional[NodeKey]  # the node that had made the tensor's value before the change


class Change(NamedTuple):
    site: object  # a Site: the in-place op's line (the line that built the module, for nn.ReLU(inplace=True))
    op: str
    tensor: Optional["weakref.ref"]
    shape: Tuple[int, ...]
    version: int  # after the change
    before: Optional[Before]
    run_at: Optional[object] = None  # the line that ran the module, when `site` is where it was built


def node_key(node) -> Optional[NodeKey]:
    return None if node is None else NodeKey(type(node).__name__, node._sequence_nr())


def before_change(args, kwargs) -> Optional[Before]:
    """The version and maker of the tensor an in-place call is about to change (its first argument)."""
    if kwargs.get("out") is not None:
        return None
    target = args[0] if args else kwargs.get("tensor", kwargs.get("input"))  # nn.init's calls use keywords
    try:
        return Before(target._version, node_key(target.grad_fn))
    except AttributeError:  # not a tensor: a list given to a foreach op, say
        return None


class StepChanges(NamedTuple):
    """The changes one optimizer step made to its parameters, as the step left their versions: written out
    as one Change per parameter only when an error asks (a step is taken every training step)."""

    site: object
    op: str
    optimizer: "weakref.ref"
    versions: Tuple[int, ...]


class InplaceLog:
    """The most recent in-place changes, oldest first.

    `step_parameters(optimizer)`: the parameters an optimizer step changes, in a fixed order."""

    def __init__(self, step_parameters: Callable[[object], list], size: int = 4096):
        self._changes: Deque[Union[Change, StepChanges]] = deque(maxlen=size)
        self._step_parameters = step_parameters

    def record(self, site, op: str, tensor, before: Optional[Before] = None, run_at=None) -> None:
        try:
            self._changes.append(_change(site, op, tensor, tensor._version, before, run_at))
        except (TypeError, AttributeError):
            pass

    def record_step(self, site, op: str, optimizer, parameters: list) -> None:
        self._changes.append(StepChanges(site, op, weakref.ref(optimizer), tuple(p._version for p in parameters)))

    def changes(self) -> List[Change]:
        changes: List[Change] = []
        for entry in list(self._changes):
            if isinstance(entry, Change):
                changes.append(entry)
            else:
                changes.extend(self._step_changes(entry))
        return changes

    def _step_changes(self, step: StepChanges) -> List[Change]:
        optimizer = step.optimizer()
        if optimizer is None:  # its parameters are no one's to attribute now
            return []
        parameters = self._step_parameters(optimizer)
        return [_change(step.site, step.op, p, version) for p, version in zip(parameters, step.versions)]


def _change(site, op: str, tensor, version: int, before: Optional[Before] = None, run_at=None) -> Change:
    return Change(site, op, weakref.ref(tensor), tuple(tensor.shape), version, before, run_at)


class Saver(NamedTuple):
    """A node whose saved tensor was changed in place: what torch would say about it, and where it ran."""

    error: SavedTensorModified
    message: str
    node: str  # its type name, e.g. MmBackward0
    site: Optional[object]  # the forward line the monitor tagged it with
    op: Optional[str]  # the forward op that made it
    sources: frozenset  # NodeKeys of the node and of its inputs' nodes
    leaves: tuple  # the leaf tensors (parameters) it reads, directly or through a view


def culprit(saver: Saver, changes: Iterable[Change]) -> Optional[Change]:
    """The change that moved the saver's tensor past the version it was saved at."""
    error = saver.error
    crossing = [c for c in changes if _crosses(c, error.expected)]
    by_node = [c for c in crossing if c.before and c.before.node in saver.sources]
    if by_node:  # torch names the saved tensor's maker: the maker before the change (a saved output) or after it
        named = [c for c in by_node if same_node_name(error.node, c.before.node.name)]
        return _prefer_shape(named or by_node, error.shape)
    leaves = [leaf for leaf in saver.leaves if leaf._version == error.version and leaf.numel() == _numel(error.shape)]
    by_leaf = [c for c in crossing if any(_shares_storage(_alive(c), leaf) for leaf in leaves)]
    if by_leaf:
        return _prefer_shape(by_leaf, error.shape)
    return fallback_culprit(error, crossing)


def fallback_culprit(error: SavedTensorModified, changes: Iterable[Change]) -> Optional[Change]:
    """Without the saver: a change to a live tensor now at the reported version, same shape preferred."""
    now = [c for c in changes if _crosses(c, error.expected) and getattr(_alive(c), "_version", None) == error.version]
    return _prefer_shape(now, error.shape) if now else None


def _crosses(change: Change, saved_version: int) -> bool:
    """The change moved its tensor from the saved version (or before it) past it."""
    return change.version > saved_version and (change.before is None or change.before.version <= saved_version)


def _prefer_shape(changes: List[Change], shape: Tuple[int, ...]) -> Change:
    same = [c for c in changes if c.shape == shape or _numel(c.shape) == _numel(shape)]
    return (same or changes)[0]


def _alive(change: Change):
    return change.tensor() if change.tensor is not None else None


def _shares_storage(tensor, leaf) -> bool:
    if tensor is None or tensor is leaf:
        return tensor is not None
    try:
        return tensor.untyped_storage().data_ptr() == leaf.untyped_storage().data_ptr() != 0
    except RuntimeError:
        return False


def _numel(shape: Tuple[int, ...]) -> int:
    total = 1
    for size in shape:
        total *= size
    return total


class Attributed(NamedTuple):
    """One in-place change that broke a saved tensor, ready to be an event."""

    site: Optional[object]  # None: the change was not seen (the event goes to the backward call)
    op: str
    message: str  # torch's message for this tensor
    fields: dict  # the event's `saved` (and `run_at`) fields


def attribute(message: str, savers: List[Saver], changes: Iterable[Change]) -> List[Attributed]:
    """One report per in-place change that broke a saved tensor, the one torch raised on first."""
    changes = list(changes)
    found, seen = [], set()
    for saver in savers:
        change = culprit(saver, changes)
        where = (change.site, change.op) if change else None
        if where not in seen:
            seen.add(where)
            found.append(_attributed(change, saver.error, saver.message, saver))
    error = parse_saved_modified(message)
    if not found and error is not None:
        found.append(_attributed(fallback_culprit(error, changes), error, message, None))
    return found or [Attributed(None, "backward", message, {})]


def _attributed(
    change: Optional[Change], error: SavedTensorModified, message: str, saver: Optional[Saver]
) -> Attributed:
    saved = {"version": error.expected, "found_version": error.version}
    if saver is not None:
        saved["node"] = saver.node
        if saver.site is not None:  # nodes made outside monitored calls (in optimizer.step) have no line
            saved.update(op=saver.op, path=saver.site.path, line=saver.site.line)
    fields = {"saved": saved}
    if change is not None and change.run_at is not None:
        fields["run_at"] = {"path": change.run_at.path, "line": change.run_at.line}
    return Attributed(change.site if change else None, change.op if change else "backward", message, fields)


def describe_error(op: str, message: str, saved: Optional[dict], run_at: Optional[dict], path: str) -> str:
    """The in-place error in one sentence: the op, the module's call line, the saving op and line, the versions."""
    text = "autograd in-place error: %s" % op
    if run_at:
        text += " (in a module built here, run at %s)" % _where(run_at, path)
    if saved:
        who = saved.get("op") or "an op"
        if saved.get("node"):
            who += " (%s)" % saved["node"]
        if saved.get("line"):
            who += " at %s" % _where(saved, path)
        text += " changed a tensor that %s had saved for backward: saved at version %s, found at version %s" % (
            who,
            saved.get("version"),
            saved.get("found_version"),
        )
    return text + " [torch: %s]" % message.split(". Hint:")[0].rstrip(".")


def _where(place: dict, path: str) -> str:
    return "line %s" % place["line"] if place.get("path") == path else "%s:%s" % (place.get("path"), place["line"])
