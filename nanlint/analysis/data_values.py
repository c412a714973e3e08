"""Values built only from input data: what autograd never differentiates, though `forward` computes it.

The std of the input time series, the count of a boolean mask, a constant meshgrid: a
gradient-only hazard there is harmless, because nothing learnable flows into the value. A value is
*data* when everything it is built from is: a literal; a parameter named like data the model is
fed (`mask`, `target`, `labels`, `num_boxes`, `past_values`...) or annotated as a Python number;
a parameter of a helper that every call of the project passes data; a buffer the class registers
(`self.register_buffer("var", ...)`: statistics, constant tables); a local name whose every
assignment is data (all of them, wherever they are: the analysis does not follow the order of
statements); a torch/numpy/math function, a builtin or a method applied to data; a helper of the
file that touches no module attribute, applied to data; a comparison, a no-gradient op (`.long()`,
`argmax`, `.detach()`), a tensor's metadata (`.shape`, `.device`) and new tensors (`zeros_like`).
Anything else — a parameter of `forward` or of a loss, `self.<layer>`, a class (an nn.Module being
built), `requires_grad=True`, a function the file cannot see — may carry a gradient. Worked out per
function, on demand.
"""

from __future__ import annotations

import re
from typing import Dict, FrozenSet, List, Optional, Set, Tuple

import libcst as cst

from nanlint.analysis.ops import MADE_WITHOUT_GRADIENT, NO_GRADIENT
from nanlint.analysis.syntax import (
    SCOPE_NODES,
    assigned_pairs,
    attribute_name,
    children,
    function_params,
    is_constant,
    is_inplace_method,
    is_self_attribute,
    is_static,
    name_of,
    names_bound,
    number_value,
    own_nodes,
    walk,
)

# Parameters that hold what the data pipeline feeds a model, by the words in their names.
DATA_PARAM = re.compile(
    r"(^|_)(masks?|paddings?|targets?|labels?|counts?|lengths?|lens|ids|indices|num|gt)(_|$)|^(past|future|pixel|input)_values$|^input_features$"
)
NUMBER_ANNOTATIONS = frozenset({"int", "float", "bool", "str"})
DATA_ATTRIBUTES = frozenset({"training", "config"})  # `self.training`, `self.config.eps`
METADATA = frozenset(
    {"device", "dtype", "shape", "ndim", "is_cuda", "requires_grad", "size", "dim", "numel"}
)  # no gradient
DATA_MODULES = ("torch", "numpy", "math")
BUILTINS = frozenset(
    {
        "len",
        "range",
        "min",
        "max",
        "abs",
        "sum",
        "int",
        "float",
        "bool",
        "round",
        "list",
        "tuple",
        "zip",
        "enumerate",
        "isinstance",
    }
)
# Imported helpers that build constant coordinates (`create_meshgrid`, `make_grid`), by name.
CONSTANT_BUILDERS = re.compile(r"grid|arange|linspace")
GRAD_METHODS = frozenset({"requires_grad_"})
TORCH_LAYERS = re.compile(r"^torch\.nn\.(modules\.)?\w*\.?[A-Z]")  # torch.nn.Linear, torch.nn.Parameter


class DataValues:
    """Answers `is_data(node, function)` for the functions of a GradientContext's table."""

    def __init__(self, gradient) -> None:
        self.gradient = gradient  # the GradientContext: its file, table and call sites
        self.ctx = gradient.ctx
        self._params: Dict[tuple, bool] = {}
        self._locals: Dict[int, Dict[str, bool]] = {}
        self._learned_locals: Dict[Tuple[int, bool], Dict[str, bool]] = {}
        self._learnable_free: Dict[int, bool] = {}
        self._buffer_names: Dict[int, FrozenSet[str]] = {}

    def is_data(self, node: cst.CSTNode, function) -> bool:
        return self._expression(node, function, self._local_data(function))

    # --- expressions ----------------------------------------------------------------------

    def _expression(self, node: cst.CSTNode, function, local: Dict[str, bool]) -> bool:
        if is_constant(node):
            return True
        if isinstance(node, cst.Name):
            return self._name(node.value, function, local)
        if isinstance(node, cst.Attribute):
            if node.attr.value in METADATA:
                return True
            if name_of(node.value) == "self":
                return node.attr.value in DATA_ATTRIBUTES or node.attr.value in self._buffers(function.owner)
            return self._expression(node.value, function, local)
        if isinstance(node, cst.Call):
            return self._call(node, function, local)
        if isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
            return self._comprehension(node, [node.elt], function, local)
        if isinstance(node, cst.DictComp):
            return self._comprehension(node, [node.key, node.value], function, local)
        if isinstance(node, cst.Lambda):
            return False
        if isinstance(node, cst.Comparison):  # a boolean carries no gradient
            return True
        if isinstance(node, cst.Subscript):  # an index carries no gradient: only the indexed value counts
            return self._expression(node.value, function, local)
        return all(self._expression(child, function, local) for child in _operands(node))

    def _comprehension(self, node, parts: List[cst.CSTNode], function, local: Dict[str, bool]) -> bool:
        """`[xy + i for i in range(n)]` is data when what it iterates is and its parts are, each loop's
        names bound to what their iterable is."""
        inner = dict(local)
        loop = node.for_in
        while loop is not None:
            iterated = self._expression(loop.iter, function, inner)
            inner.update((name, iterated) for name in names_bound(loop.target))
            loop = loop.inner_for_in
        return all(self._expression(part, function, inner) for part in parts)

    def _call(self, call: cst.Call, function, local: Dict[str, bool]) -> bool:
        if _asks_grad(call):
            return False
        if (attribute_name(call.func) or name_of(call.func) or "") in MADE_WITHOUT_GRADIENT:  # `x.new_zeros(n)`
            return True
        described = self.ctx.describe(call)
        if described is not None and described[0] in NO_GRADIENT:  # `.long()`, `argmax`, `.detach()`
            return True
        arguments = all(self._expression(arg.value, function, local) for arg in call.args)
        func = call.func
        qualified = self.ctx.qualified(func)
        if qualified is not None:
            if TORCH_LAYERS.match(qualified):
                return False
            known = qualified.split(".", 1)[0] in DATA_MODULES or CONSTANT_BUILDERS.search(qualified.rsplit(".", 1)[-1])
            return bool(known) and arguments
        if isinstance(func, cst.Attribute):
            if func.attr.value in GRAD_METHODS:
                return False
            if func.attr.value in METADATA:
                return True
            if name_of(func.value) == "self":
                helper = self._method(function, func.attr.value)
                return helper is not None and arguments and self._free_of_learnables(helper)
            return arguments and self._expression(func.value, function, local)
        name = name_of(func)
        if name in BUILTINS and name not in local:
            return arguments
        helper = self._plain_function(name)
        return helper is not None and arguments and self._free_of_learnables(helper)

    def _name(self, name: str, function, local: Dict[str, bool]) -> bool:
        if name in local:
            return local[name]
        param = _param(function.node, name)
        if param is not None:
            return self._param_data(function, param)
        if name in self.ctx.imports.aliases:
            return True
        module = self.gradient.function_of(self.ctx.module)
        if function is not module:
            return self._local_data(module).get(name, False)
        return False

    def _buffers(self, owner: Optional[cst.ClassDef]) -> FrozenSet[str]:
        """The attributes of the class autograd does not differentiate: the buffers it registers
        (`self.register_buffer("var", ...)`: statistics, constant tables), and those its methods only
        ever set to Python numbers (`self.size = size` with `size=5` in `__init__`)."""
        if owner is None:
            return frozenset()
        if id(owner) not in self._buffer_names:
            calls = (
                node
                for node in walk(owner)
                if isinstance(node, cst.Call) and attribute_name(node.func) == "register_buffer" and node.args
            )
            named = (call.args[0].value for call in calls)
            buffers = {name.evaluated_value for name in named if isinstance(name, cst.SimpleString)}
            self._buffer_names[id(owner)] = frozenset(buffers | _number_attributes(owner))
        return self._buffer_names[id(owner)]

    # --- parameters ---------------------------------------------------------------------

    def _param_data(self, function, param: cst.Param) -> bool:
        name = param.name.value
        if DATA_PARAM.search(name) or _number_param(param):
            return True
        key = (id(function.node), name)
        if key not in self._params:
            self._params[key] = False  # a recursive call while this one is worked out proves nothing
            self._params[key] = self._passed_data(function, param)
        return self._params[key]

    def _passed_data(self, function, param: cst.Param) -> bool:
        """Every call of the project passes data for `param` (and there is one): a helper's
        argument, in this file or in the files importing it."""
        if self.gradient.own_reason(function) is not None or param.star or not self.gradient.all_sites_seen(function):
            return False
        sites = list(self.gradient.project_sites(function))
        if not sites:
            return False
        index = _position(function, param)
        for site in sites:
            value = _STARRED if site.passed else _bound_argument(site.call, param, index)
            if value is _STARRED:
                return False
            if value is None:
                value = param.default
            data = site.gradient._data
            if value is None or not data._expression(value, site.caller, data._local_data(site.caller)):
                return False
        return True

    # --- local names --------------------------------------------------------------------

    def _local_data(self, function) -> Dict[str, bool]:
        """Local name -> data, as the greatest fixpoint over the function's assignments (loops too)."""
        key = id(function.node)
        if key in self._locals:
            return self._locals[key]
        values = _assigned_values(function)
        local = {name: True for name in values}
        self._locals[key] = local
        for name in values:  # a parameter assigned again keeps what it was given among its values
            param = _param(function.node, name)
            local[name] = param is None or self._param_data(
                function, param
            )  # seen by recursive questions while it is worked out
        changed = True
        while changed:
            changed = False
            for name, assigned in values.items():
                if local[name] and not all(
                    value is not None and self._expression(value, function, local) for value in assigned
                ):
                    local[name] = False
                    changed = True
        return local

    # --- evidence of a gradient: the dual question -----------------------------------------

    def learned(self, node: cst.CSTNode, function, given: bool = True) -> bool:
        """Evidence that `node` carries a gradient, where `is_data` asks for evidence of none: it is
        built (through the function's assignments, not through no-gradient ops) from a module
        attribute that is no buffer (`self.weight`, `self.proj(x)`), a layer or class built in place,
        a tensor made with `requires_grad=True` or `requires_grad_()`, a parameter of a `forward` or
        a loss (what the network hands on) not named like data, or a helper's parameter for which a
        call of the file passes such a value. With `given` False, what a `forward` or a loss is given
        counts only when a call of the file passes it a value with such evidence."""
        return self._learned(node, function, self._local_learned(function, given), given)

    def _learned(self, node: cst.CSTNode, function, local: Dict[str, bool], given: bool) -> bool:
        for sub in _gradient_nodes(node, self.ctx):
            if isinstance(sub, cst.Name):
                param = _param(function.node, sub.value)
                if (
                    local.get(sub.value)
                    or sub.value not in local
                    and param is not None
                    and self._param_learned(function, param, given)
                ):
                    return True
            elif isinstance(sub, cst.Attribute) and name_of(sub.value) == "self":
                if sub.attr.value not in DATA_ATTRIBUTES and sub.attr.value not in self._buffers(function.owner):
                    return True
            elif isinstance(sub, cst.Call) and _makes_leaf(sub, self.ctx):
                return True
        return False

    def _param_learned(self, function, param: cst.Param, given: bool) -> bool:
        if DATA_PARAM.search(param.name.value) or _number_param(param) or param.name.value in ("self", "cls"):
            return False
        if given and self.gradient.own_reason(function) is not None:
            return True
        key = (id(function.node), param.name.value, "learned", given)
        if key not in self._params:
            self._params[key] = False  # a recursive call while this one is worked out proves nothing
            self._params[key] = self._passed_learned(function, param, given)
        return self._params[key]

    def _passed_learned(self, function, param: cst.Param, given: bool) -> bool:
        index = _position(function, param)
        for caller, call in self.gradient.call_sites(function):
            value = _bound_argument(call, param, index)
            if value is not None and value is not _STARRED and self.learned(value, caller, given):
                return True
        return False

    def _local_learned(self, function, given: bool) -> Dict[str, bool]:
        """Local name -> learned, as the least fixpoint over the function's assignments (loops too)."""
        key = (id(function.node), given)
        if key in self._learned_locals:
            return self._learned_locals[key]
        values = _assigned_values(function)
        local = {name: False for name in values}
        self._learned_locals[key] = local
        for name in values:  # a parameter assigned again keeps what it was given among its values
            param = _param(function.node, name)
            local[name] = param is not None and self._param_learned(function, param, given)
        changed = True
        while changed:
            changed = False
            for name, assigned in values.items():
                if not local[name] and any(
                    value is None
                    and _param(function.node, name) is None
                    or value is not None
                    and self._learned(value, function, local, given)
                    for value in assigned
                ):
                    local[name] = True
                    changed = True
        return local

    # --- helpers of the file ------------------------------------------------------------

    def _method(self, function, name: str):
        if function.owner is None:
            return None
        for candidate in self.gradient.functions():
            if candidate.owner is function.owner and candidate.name == name:
                return candidate
        return None

    def _plain_function(self, name: Optional[str]):
        if name is None:
            return None
        for candidate in self.gradient.functions():
            if candidate.owner is None and candidate.name == name and isinstance(candidate.node, cst.FunctionDef):
                return candidate
        return None

    def _free_of_learnables(self, function) -> bool:
        """The helper reads no module attribute (`self.weight`, `self.proj(...)`) and builds no class."""
        key = id(function.node)
        if key not in self._learnable_free:
            self._learnable_free[key] = False  # a recursive helper is not proven free
            self._learnable_free[key] = not any(self._learnable(sub, function) for sub in own_nodes(function.node))
        return self._learnable_free[key]

    def _learnable(self, node: cst.CSTNode, function) -> bool:
        """A module attribute (`self.weight`, `self.proj`; a method only if it is learnable itself),
        a class built, `requires_grad_()`."""
        if isinstance(node, cst.Attribute) and name_of(node.value) == "self":
            if node.attr.value in DATA_ATTRIBUTES:
                return False
            method = self._method(function, node.attr.value)
            return method is None or not self._free_of_learnables(method)
        if isinstance(node, cst.Call):
            name = attribute_name(node.func) or name_of(node.func) or ""
            return name[:1].isupper() or name in GRAD_METHODS
        return False


_STARRED = object()


def _operands(node: cst.CSTNode):
    for child in children(node):
        if isinstance(child, (cst.BaseParenthesizableWhitespace, cst.LeftParen, cst.RightParen)) or isinstance(
            child, SCOPE_NODES
        ):
            continue
        if isinstance(child, (cst.Arg, cst.Element, cst.StarredElement, cst.DictElement)):
            yield from (sub for sub in children(child) if isinstance(sub, cst.BaseExpression))
        elif isinstance(child, cst.BaseExpression):
            yield child
        elif not isinstance(
            child, (cst.BaseBinaryOp, cst.BaseUnaryOp, cst.BaseBooleanOp, cst.BaseCompOp, cst.ComparisonTarget)
        ):
            yield from _operands(child)
        elif isinstance(child, cst.ComparisonTarget):
            yield child.comparator


def _bindings(node: cst.CSTNode):
    """(target, value) pairs the statement binds; value None when it cannot be seen."""
    if isinstance(node, cst.Assign):
        for target in node.targets:
            if isinstance(target.target, cst.Attribute) and target.target.attr.value == "requires_grad":
                yield _root(target.target.value), None  # `w.requires_grad = True`: a leaf autograd tracks
            else:
                yield _root(target.target), node.value
    elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
        yield _root(node.target), node.value
        if isinstance(node, cst.AugAssign):
            yield _root(node.target), node.target
    elif isinstance(node, cst.For):
        yield node.target, node.iter
    elif isinstance(node, cst.WithItem) and node.asname is not None:
        yield node.asname.name, node.item
    elif isinstance(node, cst.NamedExpr):
        yield node.target, node.value
    elif isinstance(node, (cst.ExceptHandler,)) and node.name is not None:
        yield node.name.name, None
    elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        method = node.func.attr.value
        if method in ("append", "extend", "insert") and node.args:
            yield node.func.value, node.args[-1].value
        elif method in GRAD_METHODS or is_inplace_method(method):  # `y.requires_grad_()`, `x.copy_(pred)`
            yield _root(node.func.value), node


def _assigned_values(function) -> Dict[str, List[Optional[cst.CSTNode]]]:
    """Each local name of `function` with every value it is bound to (None: one it cannot see)."""
    values: Dict[str, List[Optional[cst.CSTNode]]] = {}
    for sub in own_nodes(function.node):
        for target, value in _bindings(sub):
            for name in names_bound(target):
                values.setdefault(name, []).append(value)
    return values


def _asks_grad(call: cst.Call) -> bool:
    """`requires_grad=...` given, and not `False`."""
    return any(
        arg.keyword is not None and arg.keyword.value == "requires_grad" and name_of(arg.value) != "False"
        for arg in call.args
    )


def _position(function, param: cst.Param) -> Optional[int]:
    """Where a call passes `param` by position (`self` / `cls` of a method not counted), if it can."""
    positional = [*function.node.params.posonly_params, *function.node.params.params]
    if function.owner is not None and not is_static(function.node):
        positional = positional[1:]
    return next((i for i, p in enumerate(positional) if p is param), None)


def _makes_leaf(call: cst.Call, ctx) -> bool:
    """A call that makes a tensor autograd tracks: `requires_grad=True`, `requires_grad_()`, a layer
    or `nn.Parameter`, a class of the project built in place."""
    if _asks_grad(call):
        return True
    qualified = ctx.qualified(call.func)
    if qualified is not None:
        return bool(TORCH_LAYERS.match(qualified))
    name = attribute_name(call.func) or name_of(call.func) or ""
    return name in GRAD_METHODS or name[:1].isupper()


def _gradient_nodes(node: cst.CSTNode, ctx):
    """`node` and what its value is built from, not through ops that carry no gradient (a
    comparison, an index, `.detach()`, `argmax`), nor into nested functions."""
    stack = [node]
    while stack:
        sub = stack.pop()
        yield sub
        if isinstance(sub, (cst.Comparison, cst.Lambda) + SCOPE_NODES):
            continue
        if isinstance(sub, cst.Subscript):
            stack.append(sub.value)
            continue
        if isinstance(sub, cst.Call):
            described = ctx.describe(sub)
            if described is not None and described[0] in NO_GRADIENT:
                continue
        stack.extend(children(sub))


def _root(target: cst.CSTNode) -> cst.CSTNode:
    """The name an item assignment changes: `x` for `x[mask]` and `x[i][j]`."""
    while isinstance(target, cst.Subscript):
        target = target.value
    return target


def _param(node: cst.CSTNode, name: str) -> Optional[cst.Param]:
    if not isinstance(node, cst.FunctionDef):
        return None
    return next((param for param in function_params(node) if param.name.value == name), None)


def _number_attributes(owner: cst.ClassDef) -> Set[str]:
    """The `self.` attributes every assignment in the class's methods sets to a number: a literal, or
    a parameter of the method that holds one (`self.size, self.sigma = size, sigma`)."""
    numbers: Dict[str, bool] = {}
    for method in owner.body.body:
        if not isinstance(method, cst.FunctionDef):
            continue
        params = {param.name.value: param for param in function_params(method)}
        for node in own_nodes(method):
            targets = [target.target for target in node.targets] if isinstance(node, cst.Assign) else []
            for target in targets:
                for attribute, value in assigned_pairs(target, node.value):
                    if is_self_attribute(attribute):
                        param = params.get(name_of(value) or "")
                        number = _is_number(value) or param is not None and _number_param(param)
                        numbers[attribute.attr.value] = numbers.get(attribute.attr.value, True) and number
    return {name for name, number in numbers.items() if number}


def _is_number(node: Optional[cst.CSTNode]) -> bool:
    if isinstance(node, cst.UnaryOperation):
        node = node.expression
    return number_value(node) is not None


def _number_param(param: cst.Param) -> bool:
    """A parameter that holds a Python number: annotated so, or given a number by default (`eps=1e-6`)."""
    if param.annotation is None:
        return _is_number(param.default)
    words = {sub.value for sub in walk(param.annotation.annotation) if isinstance(sub, cst.Name)}
    return bool(words) and words <= NUMBER_ANNOTATIONS | {
        "Optional",
        "None",
        "Union",
        "Tuple",
        "tuple",
        "List",
        "list",
        "typing",
    }


def _bound_argument(call: cst.Call, param: cst.Param, index: Optional[int]):
    """What `call` passes for `param`: the argument, None (the default), or _STARRED (unknown)."""
    position = 0
    for arg in call.args:
        if arg.star:
            return _STARRED
        if arg.keyword is not None:
            if arg.keyword.value == param.name.value:
                return arg.value
            continue
        if index is not None and position == index:
            return arg.value
        position += 1
    return None
