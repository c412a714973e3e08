"""Where the file calls its own functions, for what their parameters can be.

`def focal(pred, gt): ... torch.log(1 - pred)` says nothing about `pred`; the script's
`focal(hm.sigmoid(), gt)` does. The walk meets a function before the code that calls it, so the
call sites are collected in one pass over the file the first time a parameter's value is asked
for, with each caller's own assignments in source order (a `Scope` per caller, last assignment
wins): enough to judge an argument such as `pred` where `pred = hm.sigmoid()`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

import libcst as cst

from nanlint.analysis.syntax import SCOPE_NODES, binding_key, children, name_of, positional_args, keyword_args

FUNCTION_KINDS = (cst.FunctionDef, cst.Module)


@dataclass
class CallSite:
    call: cst.Call
    caller: cst.CSTNode  # the function (or module) the call is in
    skips_self: bool  # a method called through `self.m(...)` or an instance: its first parameter is bound


@dataclass
class FileCalls:
    """The file's call sites by callee (id of the FunctionDef), and each caller's assignments."""

    sites: Dict[int, List[CallSite]] = field(default_factory=dict)
    assignments: Dict[int, List[Tuple[str, cst.CSTNode]]] = field(default_factory=dict)  # id(caller) -> (name, value) in order
    owners: Dict[int, cst.ClassDef] = field(default_factory=dict)  # id(method) -> its class


def collect(module: cst.Module) -> FileCalls:
    calls = FileCalls()
    definitions = {s.name.value: s for s in module.body if isinstance(s, (cst.FunctionDef, cst.ClassDef))}
    _scan(module, module, None, definitions, calls)
    return calls


def _scan(node: cst.CSTNode, caller: cst.CSTNode, owner: Optional[cst.ClassDef], definitions, calls: FileCalls) -> None:
    """Collect, in source order, the assignments of `caller` and the calls it makes; recurse into
    the functions and classes it defines."""
    assigned = calls.assignments.setdefault(id(caller), [])
    if owner is not None and caller is node:
        calls.owners[id(caller)] = owner
    stack = list(reversed(list(children(node))))
    while stack:
        sub = stack.pop()
        if isinstance(sub, cst.FunctionDef):
            _scan(sub, sub, owner, definitions, calls)
            continue
        if isinstance(sub, cst.ClassDef):
            _scan(sub, caller, sub, definitions, calls)
            continue
        if isinstance(sub, SCOPE_NODES):
            continue
        if isinstance(sub, cst.Assign):
            for target in sub.targets:
                assigned.extend(_bound(target.target, sub.value))
        elif isinstance(sub, cst.Call):
            _note_call(sub, caller, owner, definitions, assigned, calls)
        stack.extend(reversed(list(children(sub))))


def _note_call(call: cst.Call, caller, owner, definitions, assigned, calls: FileCalls) -> None:
    func = call.func
    target, skips_self = None, False
    if isinstance(func, cst.Name):
        defined = definitions.get(func.value)
        if isinstance(defined, cst.FunctionDef):
            target = defined
        else:
            made = next((value for name, value in reversed(assigned) if name == func.value), None)  # `model = Net()`
            target, skips_self = _forward_of(made, definitions), True
    elif isinstance(func, cst.Call):  # `Net()(x)`
        target, skips_self = _forward_of(func, definitions), True
    elif isinstance(func, cst.Attribute) and name_of(func.value) == "self" and owner is not None:
        method = _method(owner, func.attr.value)  # `self.helper(x)`, else `self.block(x)` with `self.block = Block()`
        target, skips_self = method or _forward_of(_attribute_value(owner, func.attr.value, calls), definitions), True
    elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):  # `vae.loss(x)` with `vae = VAE()`
        made = next((value for name, value in reversed(assigned) if name == func.value.value), None)
        defined = definitions.get(made.func.value) if isinstance(made, cst.Call) and isinstance(made.func, cst.Name) else None
        target, skips_self = (_method(defined, func.attr.value) if isinstance(defined, cst.ClassDef) else None), True
    if target is not None:
        calls.sites.setdefault(id(target), []).append(CallSite(call, caller, skips_self))


def _bound(target: cst.CSTNode, value: cst.CSTNode) -> List[Tuple[str, cst.CSTNode]]:
    """The names an assignment binds, each with its value: `a, b = f(x)` binds `a` to `f(x)[0]`."""
    key = binding_key(target)
    if key is not None:
        return [(key, value)]
    if isinstance(target, (cst.Tuple, cst.List)) and not any(isinstance(e, cst.StarredElement) for e in target.elements):
        return [
            (name, cst.Subscript(value=value, slice=[cst.SubscriptElement(cst.Index(cst.Integer(str(index))))]))
            for index, element in enumerate(target.elements)
            for name, _ in _bound(element.value, value)
        ]
    return []


def _forward_of(made: Optional[cst.CSTNode], definitions) -> Optional[cst.FunctionDef]:
    if not isinstance(made, cst.Call) or not isinstance(made.func, cst.Name):
        return None
    defined = definitions.get(made.func.value)
    return _method(defined, "forward") if isinstance(defined, cst.ClassDef) else None


def _attribute_value(owner: cst.ClassDef, attr: str, calls: FileCalls) -> Optional[cst.CSTNode]:
    """What a method of `owner` scanned so far (`__init__`) last assigned to `self.attr`."""
    for statement in owner.body.body:
        assigned = calls.assignments.get(id(statement), ()) if isinstance(statement, cst.FunctionDef) else ()
        made = next((value for name, value in reversed(assigned) if name == f"self.{attr}"), None)
        if made is not None:
            return made
    return None


def _method(owner: cst.ClassDef, name: str) -> Optional[cst.FunctionDef]:
    for statement in owner.body.body:
        if isinstance(statement, cst.FunctionDef) and statement.name.value == name:
            return statement
    return None


def argument_for(site: CallSite, function: cst.FunctionDef, name: str) -> Optional[cst.BaseExpression]:
    """The expression `site` passes for parameter `name` of `function`, if it passes one plainly
    (no `*args`/`**kwargs` in the way)."""
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
