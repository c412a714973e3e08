"""Where the project calls a function, for what its parameters can be.

`def focal(pred, gt): ... torch.log(1 - pred)` says nothing about `pred`; the script's
`focal(hm.sigmoid(), gt)` does, in this file or in another that imports `focal`. The walk meets a
function before the code that calls it, so a file's call sites are collected in one pass the first
time a parameter's value is asked for, with each caller's own assignments in source order (a
`Scope` per caller, last assignment wins): enough to judge an argument such as `pred` where
`pred = hm.sigmoid()`. Which function a call reaches is asked of `locate`, which knows the file's
own definitions and, through its imports, the project's (analysis/project.py): `focal(x)`,
`losses.focal(x)`, `Net(...)` (its `__init__`), `model(x)` with `model = Net()` and
`self.criterion(x)` with `self.criterion = FocalLoss()` (their `forward`), `vae.loss(x)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Dict, Hashable, List, NamedTuple, Optional, Set, Tuple

import libcst as cst

from nanlint.analysis.project import Definition
from nanlint.analysis.scopes import WRITTEN
from nanlint.analysis.syntax import (
    CONDITIONS,
    children,
    function_params,
    is_self_attribute,
    item_key,
    keyword_args,
    name_of,
    positional_args,
    returned_values,
    value_key,
    walk,
)


@dataclass
class CallSite:
    call: cst.Call
    caller: cst.CSTNode  # the function (or module) the call is in
    skips_self: bool  # a method called through `self.m(...)` or an instance: its first parameter is bound
    assigned_before: int  # how many of the caller's assignments precede the call (`x = f(x)`: not its own)
    tested_before: int = 0  # how many names the caller's conditions (`if`, `while`, `assert`) named before it
    passed: bool = False  # the function is passed as a value to `call` (`pairwise(x, y, euclidean)`), which runs it:
    # its result flows into the call's, and its arguments are not the call's


class _Bind(NamedTuple):
    """The names an assignment binds, recorded once its value has been walked."""

    pairs: List[Tuple[str, cst.CSTNode]]


@dataclass
class FileCalls:
    """The file's call sites by the key of the function they call (`Definition.key`: the same for
    a function however many times its file was parsed), and each caller's assignments."""

    sites: Dict[Hashable, List[CallSite]] = field(default_factory=dict)
    assignments: Dict[int, List[Tuple[str, cst.CSTNode]]] = field(
        default_factory=dict
    )  # id(caller) -> (name, value) in order
    owners: Dict[int, cst.ClassDef] = field(default_factory=dict)  # id(method) -> its class
    tested: Dict[int, List[str]] = field(default_factory=dict)  # id(caller) -> the names its conditions name, in order

    def tested_before(self, site: CallSite) -> Set[str]:
        """The names the caller's conditions test before the call (`if mask.any():`, `assert n > 0`)."""
        return set(self.tested.get(id(site.caller), ())[: site.tested_before])


# `locate(name expression)` -> the project's class or function it names (a Definition), or None.
Locate = Callable[[cst.CSTNode], Optional[Definition]]


def collect(module: cst.Module, locate: Locate, here: Callable[[cst.CSTNode], Definition]) -> FileCalls:
    """The call sites of the file `module`; `here(node)` is the Definition of one of its own nodes."""
    calls = FileCalls()
    _scan(module, module, None, _Resolver(locate, here, calls, module))
    return calls


@dataclass
class _Resolver:
    locate: Locate
    here: Callable[[cst.CSTNode], Definition]
    calls: FileCalls
    module: cst.Module

    def module_assigned(self) -> List[Tuple[str, cst.CSTNode]]:
        """The module's assignments scanned so far: those before the function being scanned."""
        return self.calls.assignments.get(id(self.module), [])


def _scan(node: cst.CSTNode, caller: cst.CSTNode, owner: Optional[cst.ClassDef], resolver: _Resolver) -> None:
    """Collect, in source order, the assignments of `caller` and the calls it makes; recurse into
    the functions and classes it defines."""
    calls = resolver.calls
    assigned = calls.assignments.setdefault(id(caller), [])
    tested = calls.tested.setdefault(id(caller), [])
    # its nested functions, met before the calls that run them (`def lunif(x): ...; lunif(z)`)
    nested: Optional[Dict[str, cst.FunctionDef]] = (
        {} if isinstance(caller, cst.FunctionDef) and caller is node else None
    )
    if owner is not None and caller is node:
        calls.owners[id(caller)] = owner
    stack = list(reversed(list(children(node))))
    while stack:
        sub = stack.pop()
        kind = type(sub)  # exact types: libcst's ABC isinstance checks cost more than the walk
        if kind is _Bind:
            assigned.extend(sub.pairs)
            continue
        if kind is cst.FunctionDef:
            if nested is not None:
                nested[sub.name.value] = sub
            _scan(sub, sub, owner, resolver)
            continue
        if kind is cst.ClassDef:
            _scan(sub, caller, sub, resolver)
            continue
        if kind is cst.Lambda:
            continue
        if kind is cst.Assign:
            stack.append(_Bind([pair for target in sub.targets for pair in _bound(target.target, sub.value)]))
        elif kind in CONDITIONS:
            tested.extend(node.value for node in walk(sub.test) if type(node) is cst.Name)
        elif kind is cst.Call:
            inner = nested.get(sub.func.value) if nested and type(sub.func) is cst.Name else None
            callee = (
                (resolver.here(inner), False) if inner is not None else _callee(sub.func, owner, assigned, resolver)
            )
            if callee is not None:
                definition, skips_self = callee
                for key in _keys(definition):
                    calls.sites.setdefault(key, []).append(
                        CallSite(sub, caller, skips_self, len(assigned), len(tested))
                    )
            elif owner is not None and (held := _held_attribute(sub.func)) is not None:
                # `self.loss_fn(x)`, `self.loss_f.optimize(x)`: a method of an instance the constructor was given
                key = held_call_key(resolver.here(owner), held)
                calls.sites.setdefault(key, []).append(CallSite(sub, caller, True, len(assigned), len(tested)))
            elif (held := _held_name(sub.func, caller, assigned)) is not None:
                # `loss_fn(x)`, `loss.make()` with `loss_fn`, `loss` parameters; `loss_fn(x)` after `loss_fn = make()`
                key = name_call_key(resolver.here(caller), held)
                calls.sites.setdefault(key, []).append(CallSite(sub, caller, "." in held, len(assigned), len(tested)))
            for function in _functions_passed(sub, assigned, resolver):
                calls.sites.setdefault(function.key, []).append(
                    CallSite(sub, caller, False, len(assigned), len(tested), passed=True)
                )
        stack.extend(reversed(list(children(sub))))


def _callee(func: cst.CSTNode, owner, assigned, resolver: _Resolver) -> Optional[Tuple[Definition, bool]]:
    """The function a call of `func` runs, and whether its first parameter is bound (a method)."""
    locate = resolver.locate
    if isinstance(func, cst.Call):  # `Net()(x)`
        return _bound_method(_called_instance(locate(func.func)))
    if isinstance(func, cst.Name) and func.value == "self" and owner is not None:  # `self(x)`: the class's forward
        method = method_named(owner, "forward")
        return (resolver.here(method), True) if method is not None else None
    if isinstance(func, cst.Attribute) and name_of(func.value) == "self" and owner is not None:
        method = method_named(
            owner, func.attr.value
        )  # `self.helper(x)`, else `self.block(x)` with `self.block = Block()`
        if method is not None:
            return resolver.here(method), True
        held = attribute_value(owner, func.attr.value, resolver.calls)
        function = _function_held(held, locate)  # `self.neg_loss = _neg_loss`
        if function is not None:
            return function, False
        instance = _called_instance(_constructed(held, locate))
        if instance is not None:
            return instance, True
        return _bound_method(base_method(owner, func.attr.value, locate))  # a method a base class defines
    if isinstance(func, cst.Attribute) and is_super(func.value) and owner is not None:  # `super().forward(x)`
        return _bound_method(base_method(owner, func.attr.value, locate))
    if isinstance(func, cst.Attribute) and is_self_attribute(func.value) and owner is not None:
        # `self.vae.loss(x)` with `self.vae = VAE()` in `__init__`
        held = _constructed(attribute_value(owner, func.value.attr.value, resolver.calls), locate)
        return _bound_method(_member_of(held, func.attr.value) if held is not None and held.is_class else None)
    if isinstance(func, cst.Attribute) and isinstance(func.value, (cst.Name, cst.Call)):
        # `vae.loss(x)` with `vae = VAE()` in the function, or `nx.sqrtm(a)` with `nx = Backend()` in the module
        instance = instance_class(func.value, assigned, locate, outer=resolver.module_assigned())
        if instance is not None:
            return _bound_method(_member_of(instance, func.attr.value))
    located = locate(func)  # `focal(x)`, `losses.focal(x)`, `Net(...)`
    if located is not None:
        if not located.is_class:
            return located, False
        return located.constructor(), True
    if isinstance(func, cst.Name):  # `model(x)` with `model = Net()`; `f(x)` with `f = helper`
        held = _last_assigned(assigned, func.value)
        function = _function_held(held, locate)
        return (
            (function, False) if function is not None else _bound_method(_called_instance(_constructed(held, locate)))
        )
    return None


# How many classes up a method is looked for in the project's base classes.
MAX_BASE_DEPTH = 4


def base_method(owner: cst.ClassDef, name: str, locate: Locate, depth: int = 0) -> Optional[Definition]:
    """The method `name` as the first of `owner`'s project base classes (depth first, in the order
    the bases are written, as Python's method resolution does for single inheritance) defines it,
    in this file or another."""
    if depth >= MAX_BASE_DEPTH:
        return None
    for base in owner.bases:
        made = locate(base.value)
        if made is None or not made.is_class or not isinstance(made.node, cst.ClassDef) or made.model is None:
            continue
        method = method_named(made.node, name)
        if method is not None:
            return Definition.here(made.model, method)
        found = base_method(made.node, name, made.model.locate, depth + 1)
        if found is not None:
            return found
    return None


def is_super(node: cst.CSTNode) -> bool:
    """`super()` or `super(Class, self)`."""
    return isinstance(node, cst.Call) and name_of(node.func) == "super"


def _held_attribute(func: cst.CSTNode) -> Optional[str]:
    """`attr` for a call of `self.attr(...)`, `attr.method` for `self.attr.method(...)`: how
    `held_call_key` names a call of what the object keeps in `self.attr`."""
    if is_self_attribute(func):
        return func.attr.value
    if type(func) is cst.Attribute and is_self_attribute(func.value):
        return f"{func.value.attr.value}.{func.attr.value}"
    return None


def _held_name(func: cst.CSTNode, caller: cst.CSTNode, assigned) -> Optional[str]:
    """`name` for a call of `name(...)` and `name.method` for `name.method(...)` that the scan cannot
    resolve, where what `name` holds comes from outside the caller's code: a parameter of the caller
    (what its callers pass), or for `name(...)`, the result of a call (what that call returns)."""
    if type(func) is cst.Name:
        last = _last_assigned(assigned, func.value)
        if type(last) is cst.Call:  # what that assignment's call returns: named by the assignment
            return result_name(func.value, last)
        if last is None and _has_parameter(caller, func.value):
            return func.value
    elif type(func) is cst.Attribute and type(func.value) is cst.Name:
        name = func.value.value
        if _has_parameter(caller, name) and _last_assigned(assigned, name) is None:
            return f"{name}.{func.attr.value}"
    return None


def result_name(name: str, call: cst.Call) -> str:
    """How `_held_name` names the value `name` holds once `name = call` ran: the call's identity, so
    that calls after `f = make_log()` and after a later `f = make_sq()` are kept apart."""
    return f"{name}#{id(call)}"


def _has_parameter(caller: cst.CSTNode, name: str) -> bool:
    return (
        type(caller) is cst.FunctionDef
        and name not in ("self", "cls")
        and any(param.name.value == name for param in function_params(caller))
    )


def name_call_key(caller: Definition, held: str) -> Hashable:
    """The key the calls `name(...)` (`held`: `name`) and `name.method(...)` (`name.method`) of the
    function `caller` are kept under when what `name` holds comes from outside it (`_held_name`):
    `call_sites` resolves them from the callers that pass one, or from the call whose result it is."""
    path, name = caller.key
    return (path, f"{name}.<held>.{held}")


def held_call_key(owner: Definition, attr: str) -> Hashable:
    """The key the calls `self.attr(...)` of class `owner` are kept under when the scan cannot tell
    what `self.attr` holds (an instance its constructor was given), and with `attr.method` those of
    `self.attr.method(...)`: `call_sites` resolves them from the constructions that pass one."""
    path, name = owner.key
    return (path, f"{name}.self.{attr}")


def _functions_passed(call: cst.Call, assigned, resolver: _Resolver) -> List[Definition]:
    """The project's functions `call` is given as arguments (`pairwise(x, y, dist_func=euclidean)`,
    `partial(focal, gamma=2)`, `map(norm, xs)`): a callee that takes a function runs it, so each is
    called from where `call` is. A name the caller assigned is a value, not one of these."""
    found = []
    for arg in call.args:
        value = arg.value
        if arg.star or not isinstance(value, (cst.Name, cst.Attribute)):
            continue
        if isinstance(value, cst.Name) and any(target == value.value for target, _ in assigned):
            continue
        function = _function_held(value, resolver.locate)
        if function is not None and isinstance(function.node, cst.FunctionDef):
            found.append(function)
    return found


def _function_held(value: Optional[cst.CSTNode], locate: Locate) -> Optional[Definition]:
    """The project's function a name or attribute holds (`loss_fn = focal`), if it holds one."""
    if not isinstance(value, (cst.Name, cst.Attribute)):
        return None
    located = locate(value)
    return located if located is not None and not located.is_class else None


def _bound_method(callee: Optional[Definition]) -> Optional[Tuple[Definition, bool]]:
    return (callee, True) if callee is not None else None


# How many constructions, assignments and method calls are followed to find an instance's class.
MAX_INSTANCE_DEPTH = 4


def instance_class(
    value: Optional[cst.CSTNode], assigned, locate: Locate, depth: int = 0, outer=()
) -> Optional[Definition]:
    """The project's class of which `value` is an instance: a construction (`Net(...)`), a name
    assigned one (in the function, else in `outer`, the module's assignments), or a call of a method
    or function that returns instances of one class (`SO3(r).compose(d)` where `compose` returns
    `SO3(...)` or `self`)."""
    if depth > MAX_INSTANCE_DEPTH:
        return None
    if isinstance(value, cst.Name):
        if any(name == value.value for name, _ in assigned):
            return instance_class(_last_assigned(assigned, value.value), assigned, locate, depth + 1, outer)
        return instance_class(_last_assigned(outer, value.value), outer, locate, depth + 1)
    if not isinstance(value, cst.Call):
        return None
    located = locate(value.func)
    if located is not None:
        return located if located.is_class else _returned_class(located, None, depth)
    if isinstance(value.func, cst.Attribute):
        receiver = instance_class(value.func.value, assigned, locate, depth + 1, outer)
        method = _member_of(receiver, value.func.attr.value)
        return _returned_class(method, receiver, depth) if method is not None else None
    return None


def _returned_class(function: Definition, receiver: Optional[Definition], depth: int) -> Optional[Definition]:
    """The one project class every `return` of `function` gives an instance of (`self`: `receiver`)."""
    node, model = function.node, function.model
    if not isinstance(node, cst.FunctionDef) or model is None:
        return None
    classes = []
    for value in returned_values(node):
        if name_of(value) == "self":
            classes.append(receiver)
        else:
            classes.append(instance_class(value, (), model.locate, depth + 1))
    if not classes or any(found is None for found in classes) or len({found.key for found in classes}) != 1:
        return None
    return classes[0]


def _constructed(made: Optional[cst.CSTNode], locate: Locate) -> Optional[Definition]:
    """The project's class whose construction `made` is, if it is one."""
    return locate(made.func) if isinstance(made, cst.Call) else None


def _called_instance(located: Optional[Definition]) -> Optional[Definition]:
    return located.instance_call() if located is not None else None


def _keys(definition: Definition) -> List[Hashable]:
    """The keys a call site is kept under: an instance call is kept under the class's `__call__`
    too, since which of the two the class has is known only once its file is parsed."""
    path, name = definition.key
    if name.endswith(".forward"):
        return [definition.key, (path, name[: -len("forward")] + "__call__")]
    return [definition.key]


def _member_of(located: Optional[Definition], name: str) -> Optional[Definition]:
    return located.member(name) if located is not None else None


def _last_assigned(assigned: List[Tuple[str, cst.CSTNode]], name: str) -> Optional[cst.CSTNode]:
    return next((value for target, value in reversed(assigned) if target == name), None)


def _bound(target: cst.CSTNode, value: cst.CSTNode) -> List[Tuple[str, cst.CSTNode]]:
    """The names an assignment binds, each with its value: `a, b = f(x)` binds `a` to `f(x)[0]`;
    `x[i] = v` writes `x` in place, recorded as the walk records it (`x[]`, scopes.WRITTEN), and binds
    the item `x["k"]` at a constant key."""
    key = value_key(target)
    if key is not None:
        return [(key, value)]
    if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name):
        item = item_key(target)
        return [(target.value.value + WRITTEN, value)] + ([(item, value)] if item is not None else [])
    if isinstance(target, (cst.Tuple, cst.List)) and not any(
        isinstance(e, cst.StarredElement) for e in target.elements
    ):
        shown = value.elements if isinstance(value, (cst.Tuple, cst.List)) else None
        if shown is not None and (
            len(shown) != len(target.elements) or any(isinstance(e, cst.StarredElement) for e in shown)
        ):
            shown = None
        return [
            (
                name,
                shown[index].value
                if shown is not None
                else cst.Subscript(value=value, slice=[cst.SubscriptElement(cst.Index(cst.Integer(str(index))))]),
            )
            for index, element in enumerate(target.elements)
            for name, _ in _bound(element.value, value)
        ]
    return []


def attribute_value(owner: cst.ClassDef, attr: str, calls: FileCalls) -> Optional[cst.CSTNode]:
    """What a method of `owner` scanned so far (`__init__`) last assigned to `self.attr`."""
    for statement in owner.body.body:
        assigned = calls.assignments.get(id(statement), ()) if isinstance(statement, cst.FunctionDef) else ()
        made = _last_assigned(list(assigned), f"self.{attr}")
        if made is not None:
            return made
    return None


def method_named(owner: cst.ClassDef, name: str) -> Optional[cst.FunctionDef]:
    """The method `name` the class body defines itself."""
    for statement in owner.body.body:
        if isinstance(statement, cst.FunctionDef) and statement.name.value == name:
            return statement
    return None


def argument_for(site: CallSite, function: cst.FunctionDef, name: str) -> Optional[cst.BaseExpression]:
    """The expression `site` passes for parameter `name` of `function`, if it passes one plainly
    (no `*args`/`**kwargs` in the way, and not as a function passed to another)."""
    if site.passed:
        return None
    keywords = keyword_args(site.call)
    if name in keywords:
        return keywords[name]
    params = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
    if site.skips_self and params:
        params = params[1:]
    positional = positional_args(site.call)
    if any(isinstance(arg, cst.Arg) for arg in positional) or name not in params:
        return None  # a `*args` hides which argument is which
    index = params.index(name)
    return positional[index] if index < len(positional) else None


def omits(site: CallSite, function: cst.FunctionDef, name: str) -> bool:
    """`site` leaves parameter `name` of `function` to its default: it passes it neither by keyword
    nor by position, and no `*args` or `**kwargs` could carry it."""
    if site.passed:
        return False
    if name in keyword_args(site.call) or any(arg.star for arg in site.call.args):
        return False
    params = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
    if site.skips_self and params:
        params = params[1:]
    return name not in params or params.index(name) >= len(positional_args(site.call))
