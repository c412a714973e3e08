"""`call`: a call that should not stand unconditionally in library or training code."""

from __future__ import annotations

import ast

from nanlint.checks.base import Check


class CallCheck(Check):
    """Flags calls to `functions` (qualified names). With `first_arg_true`, only when the first
    argument (or the `mode` keyword) is the literal True. Files that look like tests and calls
    under an `if` (a debug switch) are left alone when `skip_tests` / `skip_conditional` are set."""

    kind = "call"
    PARAMS = {
        "functions": (list, []),
        "first_arg_true": (bool, False),
        "skip_tests": (bool, True),
        "skip_conditional": (bool, True),
    }

    def handlers(self):
        return {ast.Call: self.visit_call}

    def visit_call(self, node: ast.Call, ctx) -> None:
        name = ctx.qualified(node.func)
        if name not in self.params["functions"]:
            return
        if self.params["skip_tests"] and ctx.is_test or self.params["skip_conditional"] and ctx.conditional:
            return
        if self.params["first_arg_true"] and not _first_arg_true(node):
            return
        self.report(ctx, node, call=ctx.source(node.func))


def _first_arg_true(node: ast.Call) -> bool:
    values = list(node.args[:1]) + [k.value for k in node.keywords if k.arg == "mode"]
    return any(isinstance(v, ast.Constant) and v.value is True for v in values)
