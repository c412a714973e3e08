"""Reductions whose input can be empty or a single element, and decompositions whose backward
divides by differences of eigenvalues."""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import Dict, List, Optional, Tuple

import libcst as cst

from nanlint.checks.base import Check, CheckParams
from nanlint.analysis.guards import value_keys
from nanlint.analysis.syntax import (
    argument,
    attribute_name,
    binding_key,
    elements,
    is_constant,
    is_literal,
    keyword_args,
    name_of,
    same_code,
    snippet,
    string_value,
    subscript_index,
    walk,
)
from nanlint.analysis import ops
from nanlint.analysis.values import MASK, SELECTED, literal_number


class SingleSampleSpread(Check):
    """`single-sample-spread`: an unbiased `std`/`var` (the default correction of 1) over one of
    `dims`, a dimension that can have size 1 (a batch of one). `unbiased=False` or `correction=0`
    is safe. With `minibatch`, the spread is over all elements or dimension 0 of a minibatch sliced
    in the steps of an enclosing `for start in range(a, n, size)`, whose last slice can hold one
    sample, and no enclosing `if` compares a size (`len(x) > 1`)."""

    kind = "single-sample-spread"
    FIELDS = ("op", "arg", "dim")

    @dataclass(frozen=True)
    class Params(CheckParams):
        """The unbiased spreads over a dimension that can hold one sample."""

        # the spreads judged
        ops: List[str] = field(default_factory=lambda: ["std", "var", "std_mean", "var_mean"])
        # the dimensions (the batch's) along which one sample is reachable
        dims: List[int] = field(default_factory=lambda: [0])
        # report only the last minibatch of a stepped window, which can hold one sample
        minibatch: bool = False

    params: Params

    def handlers(self):
        return {cst.Call: self.visit_call}

    def visit_call(self, node: cst.Call, ctx) -> None:
        described = ctx.describe(node)
        if described is None or described[0] not in self.params.ops or not described[1]:
            return
        op, operands, keywords = described
        dim = keywords.get("dim", keywords.get("axis", operands[1] if len(operands) > 1 else None))
        if self.params.minibatch:
            if dim is not None and literal_number(dim) != 0 or not _last_minibatch(operands[0], node, ctx):
                return
        elif (
            dim is None or literal_number(dim) not in self.params.dims
        ):  # a bool is no dimension: literal_number skips it
            return
        if _biased(keywords, operands):
            return
        self.report(
            ctx,
            node,
            op=op,
            arg=snippet(ctx.positions.source(operands[0])),
            dim=ctx.positions.source(dim) if dim is not None else "all",
        )


MAX_MINIBATCH_HOPS = 3
SIZE_CALLS = frozenset({"len", "size", "numel", "shape"})


def _last_minibatch(value: cst.BaseExpression, call: cst.Call, ctx) -> bool:
    """`value` is `data[index]` (through local names) whose index mentions the target of an
    enclosing `for start in range(a, n, size)` (`data[start:start + size]`, `idx = perm[start:...]`,
    `torch.arange(start, min(start + size, n))`), and no enclosing `if` compares a size."""
    loops, guarded = _enclosing_steps(call, ctx)
    return bool(loops) and not guarded and _sliced_by(value, loops, ctx, 0)


def _enclosing_steps(call: cst.Call, ctx):
    """The targets of the enclosing `for t in range(a, n, step)` loops of the function, and whether
    an enclosing `if` test compares a size (`len(x) > 1`, `x.shape[0] > 1`)."""
    parents, loops, guarded = ctx.positions.parents(), set(), False
    node = parents.get(id(call))
    while node is not None and not isinstance(node, (cst.FunctionDef, cst.Module)):
        if isinstance(node, cst.For) and isinstance(node.target, cst.Name) and _stepped_range(node.iter):
            loops.add(node.target.value)
        if isinstance(node, cst.If) and any(isinstance(n, cst.Comparison) for n in walk(node.test)):
            guarded = guarded or any(
                name_of(n) in SIZE_CALLS or isinstance(n, cst.Attribute) and n.attr.value in SIZE_CALLS
                for n in walk(node.test)
            )
        node = parents.get(id(node))
    return loops, guarded


def _stepped_range(node: cst.BaseExpression) -> bool:
    """`range(a, n, size)` with a size that is not the literal 1."""
    if not (isinstance(node, cst.Call) and name_of(node.func) == "range" and len(node.args) == 3):
        return False
    return literal_number(node.args[2].value) != 1


def _sliced_by(value: cst.BaseExpression, loops, ctx, hops: int) -> bool:
    if hops > MAX_MINIBATCH_HOPS:
        return False
    if isinstance(value, cst.Name):
        found = ctx.lookup(value)
        return found is not None and ctx.at(found.seq, _sliced_by, found.value, loops, ctx, hops + 1)
    if not isinstance(value, cst.Subscript):
        return False
    for part in walk(value.slice[0]) if len(value.slice) == 1 else ():
        if isinstance(part, cst.Name) and part.value in loops:
            return True
        if isinstance(part, cst.Name) and _index_from(part, loops, ctx, hops + 1):
            return True
    return False


def _index_from(name: cst.Name, loops, ctx, hops: int) -> bool:
    """`name` was assigned an index built from a loop target: `perm[start:start + size]`, `torch.arange(start, ...)`."""
    found = ctx.lookup(name)
    if found is None or hops > MAX_MINIBATCH_HOPS:
        return False
    return any(isinstance(part, cst.Name) and part.value in loops for part in walk(found.value))


def _biased(keywords, operands) -> bool:
    unbiased = keywords.get("unbiased", operands[2] if len(operands) > 2 else None)
    if is_literal(unbiased, False):
        return True
    correction = keywords.get("correction")
    return correction is not None and literal_number(correction) == 0


class EmptySelectionMean(Check):
    """`empty-selection-mean`: `x[mask].mean()`, `torch.mean(x[x > 0])`, `x.masked_select(m).mean()`:
    the mean of a boolean selection, NaN when nothing is selected. Silent when the function tests
    the mask or the selection first (`if mask.any():`, `sel.numel() > 0`)."""

    kind = "empty-selection-mean"
    FIELDS = ("what", "sel", "selects", "test")

    @dataclass(frozen=True)
    class Params(CheckParams):
        """The means of selections that may be empty."""

        # the means of a selection it reports
        ops: List[str] = field(default_factory=lambda: ["mean", "nanmean"])

    params: Params

    def handlers(self):
        return {cst.Call: self.visit_call, cst.Comparison: self.note_compared}

    def visit_call(self, node: cst.Call, ctx) -> None:
        ctx.compared.note(node, ctx)
        described = ctx.describe(node)
        if described is None:
            return
        op, operands, keywords = described
        if op in self.params.ops and len(operands) == 1 and not keywords:
            self._judge(node, f"`{op}`", operands[0], ctx)
        elif op in ops.MEAN_REDUCED_LOSSES and len(operands) > 1 and _mean_reduced(keywords):
            if ctx.fact(operands[1]).has(SELECTED):  # the target selected alike: the selection can be empty
                self._judge(node, f"`{op}` with its mean reduction", operands[0], ctx)

    def _judge(self, node: cst.Call, what: str, selection: cst.BaseExpression, ctx) -> None:
        if ctx.compared.guards(selection, ctx):
            return
        sel = snippet(ctx.positions.source(selection))
        mask = self._mask_of(selection, ctx)
        if mask is None:  # a selection made further away: in a caller, another file, through several names
            if ctx.fact(selection).has(SELECTED) and not any(
                ctx.compared.guards(name, ctx) for name in _made_from(selection, ctx)
            ):
                self.report(ctx, node, what=what, sel=sel, selects="its mask", test="that the mask selects something")
            return
        if ctx.compared.guards(mask, ctx) or _nan_already(mask, ctx) or not ctx.fact(selection).has(SELECTED):
            return
        shown = snippet(ctx.positions.source(mask))
        self.report(ctx, node, what=what, sel=sel, selects=f"`{shown}`", test=f"`torch.any({shown})`")

    def _mask_of(self, selection: cst.BaseExpression, ctx) -> Optional[cst.BaseExpression]:
        """The boolean index of `x[mask]` / `x.masked_select(mask)`, directly or through one local name."""
        if isinstance(selection, cst.Name):
            found = ctx.lookup(selection)
            if found is None:
                return None
            selection = found.value
        selection = _without_constant_terms(selection)
        if isinstance(selection, cst.Subscript):
            index = subscript_index(selection)
            if index is None or isinstance(index, cst.Tuple):
                return None
        elif isinstance(selection, cst.Call):
            described = ctx.describe(selection)
            if described is None or described[0] != "masked_select" or len(described[1]) != 2:
                return None
            index = described[1][1]
        else:
            return None
        return index if ctx.fact(index).has(MASK) else None


def _mean_reduced(keywords) -> bool:
    """A loss call whose reduction is the mean: no `reduction`, or `reduction="mean"`."""
    reduction = keywords.get("reduction")
    return reduction is None or string_value(reduction) == "mean"


def _made_from(node: cst.CSTNode, ctx, hops: int = 0) -> List[cst.Name]:
    """The names `node` reads and, through the function's assignments, the names those were made
    from (`pv = pi[mask].float()`: `pi` and `mask`): what a test earlier in the function may name."""
    names = [sub for sub in walk(node) if isinstance(sub, cst.Name)]
    found: List[cst.Name] = list(names)
    for name in names:
        binding = ctx.lookup(name) if hops < MADE_FROM_HOPS else None
        if binding is not None:
            found.extend(ctx.at(binding.seq, _made_from, binding.value, ctx, hops + 1))
    return found


MADE_FROM_HOPS = 3
MEAN_LOSSES = frozenset({"nll_loss", "cross_entropy"})
NOT_EQUAL = frozenset({"ne", "not_equal"})


def _nan_already(mask: cst.BaseExpression, ctx) -> bool:
    """The mask compares targets (`targets.ne(ignore_index)`) that a mean-reduced `nll_loss` /
    `cross_entropy` of the same function averages too: that loss is NaN for exactly the batches
    the selection is empty for, so guarding the selection alone changes nothing."""
    compared = _compared_tensor(mask, ctx)
    if compared is None:
        return False
    keys = value_keys(compared, ctx)
    for call in walk(ctx.function_scope().node):
        described = ctx.describe(call) if isinstance(call, cst.Call) else None
        if described is None or described[0] not in MEAN_LOSSES:
            continue
        _, operands, keywords = described
        target = keywords.get("target", operands[1] if len(operands) > 1 else None)
        if target is not None and _mean_reduced(keywords) and keys & value_keys(target, ctx):
            return True
    return False


def _compared_tensor(mask: cst.BaseExpression, ctx, hops: int = 0) -> Optional[cst.BaseExpression]:
    """`t` of a mask `t != c`, `t.ne(c)` (the targets not ignored), through views and one local name."""
    if isinstance(mask, cst.Name):
        found = ctx.lookup(mask) if hops < 2 else None
        return ctx.at(found.seq, _compared_tensor, found.value, ctx, hops + 1) if found is not None else None
    if (
        isinstance(mask, cst.Comparison)
        and len(mask.comparisons) == 1
        and isinstance(mask.comparisons[0].operator, cst.NotEqual)
    ):
        return mask.left
    described = ctx.describe(mask) if isinstance(mask, cst.Call) else None
    if described is None or not described[1]:
        return None
    if described[0] in NOT_EQUAL:
        return described[1][0]
    return (
        _compared_tensor(described[1][0], ctx, hops) if described[0] in ("view", "reshape", "flatten", "bool") else None
    )


def _without_constant_terms(node: cst.BaseExpression) -> cst.BaseExpression:
    """`x[m]` of `x[m] - 0.5`, `2 * x[m]`: arithmetic with a constant keeps an empty selection empty."""
    while isinstance(node, cst.BinaryOperation):
        if literal_number(node.right) is not None:
            node = node.left
        elif literal_number(node.left) is not None:
            node = node.right
        else:
            break
    return node


class _LossAtFirstCall(Check):
    """A risky loss call (`F.cross_entropy(...)`) or loss module (`nn.CrossEntropyLoss(...)`); a module
    bound to a name or `self.attr` is reported where the file first calls it, where the NaN is born
    (at its construction when the file never calls it). Subclasses say which calls are risky and
    which guards the calling function holds."""

    @dataclass(frozen=True)
    class Params(CheckParams):
        """The losses judged at their first call."""

        # the qualified names of the loss functions and modules judged
        functions: List[str] = field(default_factory=list)

    params: Params

    def begin(self, ctx) -> None:
        self.modules: Dict[str, Tuple[cst.Call, bool]] = {}  # bound name -> (construction, called)

    def handlers(self):
        return {cst.Call: self.visit_call}

    def visit_call(self, node: cst.Call, ctx) -> None:
        bound = binding_key(node.func)
        if bound in self.modules:
            construction, called = self.modules[bound]
            self.modules[bound] = (construction, True)
            if not called and not self.guarded(
                node, construction, ctx
            ):  # one finding per loss module, at its first call
                self._report(ctx, node, construction)
            return
        function = self.watched_function(node, ctx)
        if function is None or not self.risky(node, function, ctx) or self.guarded(node, node, ctx):
            return
        target = _assigned_to(node, ctx)
        if target is not None and function.rsplit(".", 1)[-1][0].isupper():
            self.modules[target] = (node, False)
        else:
            self._report(ctx, node, node)

    def end(self, ctx) -> None:
        for construction, called in self.modules.values():
            if not called and self.report_uncalled:
                self._report(ctx, construction, construction)

    report_uncalled = True  # a module the file builds but never calls is reported where it is built

    def risky(self, node: cst.Call, function: str, ctx) -> bool:
        raise NotImplementedError

    def guarded(self, call: cst.Call, construction: cst.Call, ctx) -> bool:
        raise NotImplementedError

    def _report(self, ctx, node: cst.Call, construction: cst.Call) -> None:
        self.report(ctx, node, call=snippet(ctx.positions.source(node.func)), **self.fields(construction, ctx))

    def fields(self, construction: cst.Call, ctx) -> dict:
        return {}


class IgnoredTargetsMean(_LossAtFirstCall):
    """`ignored-targets-mean`: a mean-reduced loss with an explicit `ignore_index` (`F.cross_entropy`,
    `F.nll_loss`, `nn.CrossEntropyLoss(...)`, `nn.NLLLoss(...)`); NaN for a batch whose every target
    is ignored. Reported only with evidence that it happens: the targets are a window of the labels
    (`labels[..., start:end]`, a sequence shard). `reduction="sum"` / `"none"` are left alone; silent
    when the function compares the targets with the ignored value."""

    kind = "ignored-targets-mean"
    FIELDS = ("call", "ignore")

    def risky(self, node: cst.Call, function: str, ctx) -> bool:
        keywords = keyword_args(node)
        reduction = keywords.get("reduction")
        return "ignore_index" in keywords and (reduction is None or string_value(reduction) == "mean")

    def guarded(self, call: cst.Call, construction: cst.Call, ctx) -> bool:
        """Silent without evidence that every target can be ignored (the targets are a window of
        the labels), and when the function compares the targets with the ignored value."""
        target = argument(call, "target", 1)
        if target is None:  # a module being built: judged where it is called
            return False
        return not _window_of_labels(target, ctx) or _targets_tested(call, construction, ctx)

    report_uncalled = False  # the targets, the evidence, are seen only where it is called

    def fields(self, construction: cst.Call, ctx) -> dict:
        return {"ignore": snippet(ctx.positions.source(keyword_args(construction)["ignore_index"]))}


def _window_of_labels(node: cst.CSTNode, ctx, hops: int = 0) -> bool:
    """`node` is, through views and local assignments, a slice of the labels whose both bounds are
    computed (`labels[..., start:end]`: a sequence-parallel shard, a chunk of a long sequence): a
    window that can hold only prompt or padding tokens, every one of them ignored. A shift
    (`labels[..., 1:]`) or a truncation (`labels[:, :n]`) alone is no such evidence."""
    while hops < 8:
        hops += 1
        if isinstance(node, cst.Name):
            found = ctx.lookup(node)
            if found is None:
                return False
            return ctx.at(found.seq, _window_of_labels, found.value, ctx, hops)
        if isinstance(node, cst.Subscript):
            if any(_computed_window(element.slice) for element in node.slice):
                return True
            node = node.value
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in VIEWS:
            node = node.func.value
        else:
            return False
    return False


VIEWS = frozenset({"view", "reshape", "flatten", "contiguous", "to", "long", "squeeze", "unsqueeze"})


def _computed_window(index: cst.BaseSlice) -> bool:
    return isinstance(index, cst.Slice) and all(
        bound is not None and not is_constant(bound) and literal_number(bound) is None
        for bound in (index.lower, index.upper)
    )


class InfeasibleCtc(_LossAtFirstCall):
    """`ctc-without-zero-infinity`: `F.ctc_loss` / `torch.ctc_loss` / `nn.CTCLoss` with `zero_infinity`
    left at its default or passed False (keyword, or positionally at `positions[function]`), a literal
    or a value seen to hold only False (a parameter whose default and callers leave it False); a
    value of unknown origin (`zero_infinity=args.ctc_zero_infinity`) is the author's choice.
    Silent when the calling function tests the loss for inf (`isinf`, `isfinite`, `nan_to_num`)."""

    kind = "ctc-without-zero-infinity"
    FIELDS = ("call",)

    @dataclass(frozen=True)
    class Params(CheckParams):
        """The CTC losses judged, and where their `zero_infinity` may be passed."""

        # the qualified names of the loss functions and modules judged
        functions: List[str] = field(default_factory=list)
        # the position of `zero_infinity` among each function's positional arguments
        positions: Dict[str, int] = field(default_factory=dict)

    params: Params

    def risky(self, node: cst.Call, function: str, ctx) -> bool:
        if any(arg.star for arg in node.args):
            return False  # `**kwargs` may carry it
        value = argument(node, "zero_infinity", self.params.positions.get(function))
        return value is None or ctx.holds_literal(value, False)

    def guarded(self, call: cst.Call, construction: cst.Call, ctx) -> bool:
        return any(
            isinstance(sub, cst.Call) and (name_of(sub.func) or attribute_name(sub.func)) in INF_TESTS
            for sub in walk(ctx.function_scope().node)
        )


INF_TESTS = frozenset({"isinf", "isfinite", "nan_to_num", "nan_to_num_"})


def _targets_tested(call: cst.Call, construction: cst.Call, ctx) -> bool:
    """The function compares the targets with the ignored value (`if torch.all(labels == IGNORE):`,
    `(labels != -100).any()`); a test of their shape or of other values is no such guard."""
    target = argument(call, "target", 1)
    ignore = keyword_args(construction).get("ignore_index")
    if target is None or ignore is None:
        return False
    keys = value_keys(target, ctx)
    for node in walk(ctx.function_scope().node):
        if isinstance(node, cst.Comparison) and len(node.comparisons) == 1:
            sides = (node.left, node.comparisons[0].comparator)
            for side, other in (sides, sides[::-1]):
                if _same_value(other, ignore) and not value_keys(side, ctx).isdisjoint(keys):
                    return True
    return False


def _same_value(node: cst.CSTNode, ignore: cst.CSTNode) -> bool:
    number = literal_number(ignore)
    return same_code(node, ignore) or number is not None and literal_number(node) == number


def _assigned_to(node: cst.Call, ctx) -> Optional[str]:
    """The name or `self.attr` a call's value is assigned to (`self.loss = nn.CrossEntropyLoss(...)`)."""
    parent = ctx.positions.parents().get(id(node))
    if isinstance(parent, cst.Assign) and parent.value is node and len(parent.targets) == 1:
        return binding_key(parent.targets[0].target)
    return None


class DegenerateDecomposition(Check):
    """`degenerate-decomposition`: `eigh`/`eig`/`svd` whose eigen- or singular vectors are used with
    grad enabled; their backward divides by differences of eigenvalues. Value-only uses
    (`vals, _ = torch.linalg.eigh(A)`, `eigvalsh`, `svdvals`) are safe and left alone."""

    kind = "degenerate-decomposition"
    FIELDS = ("call",)

    @dataclass(frozen=True)
    class Params(CheckParams):
        """The decompositions whose vectors' gradients are judged."""

        # the qualified names of the decompositions judged
        functions: List[str] = field(default_factory=list)
        # which outputs of `svd` are the singular vectors (U, V)
        vector_positions: List[int] = field(default_factory=lambda: [0, 2])

    params: Params

    def handlers(self):
        return {cst.Assign: self.visit_assign, cst.Expr: self.visit_expr}

    def visit_assign(self, node: cst.Assign, ctx) -> None:
        if len(node.targets) == 1:
            self._judge(node.value, node.targets[0].target, ctx)

    def visit_expr(self, node: cst.Expr, ctx) -> None:
        self._judge(node.value, None, ctx)

    def _judge(self, value: cst.BaseExpression, target: Optional[cst.BaseExpression], ctx) -> None:
        call = value.value if isinstance(value, cst.Subscript) else value
        if not isinstance(call, cst.Call) or ctx.grad_disabled:
            return
        name = self.watched_function(call, ctx)
        if name is None:
            return
        if is_literal(keyword_args(call).get("compute_uv"), False):
            return
        if not self._uses_vectors(value, target, name):
            return
        self.report(ctx, call, call=ctx.positions.source(call.func))

    def _uses_vectors(self, value: cst.BaseExpression, target: Optional[cst.BaseExpression], name: str) -> bool:
        positions = self.params.vector_positions if name.rsplit(".", 1)[-1] == "svd" else [1]
        if isinstance(value, cst.Subscript):
            index = subscript_index(value)
            number = literal_number(index) if index is not None else None
            return number is not None and int(number) in positions
        targets = elements(target)
        if targets is not None:
            return any(i < len(targets) and not _discarded(targets[i]) for i in positions)
        return target is not None


def _discarded(node: cst.CSTNode) -> bool:
    name = name_of(node)
    return name is not None and name.startswith("_")
