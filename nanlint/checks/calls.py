"""`call`: a call that should not stand unconditionally in library or training code."""

from __future__ import annotations

from typing import List
from dataclasses import dataclass, field

import re

import libcst as cst

from nanlint.checks.base import Check, CheckParams
from nanlint.analysis.syntax import is_literal, keyword_args


class CallCheck(Check):
    """Flags calls to `functions` (qualified names). With `first_arg_true`, only when the first
    argument (or the `mode` keyword) is the literal True; with `keyword_true`, only when that
    keyword is the literal True; calls passing a literal False to a keyword in `unless_false` (an
    explicit opt-out such as `check_nan=False`) are left alone. Files that look like tests and calls
    under an `if` (a debug switch) are left alone when `skip_tests` / `skip_conditional` are set; so,
    with `skip_conditional`, are calls in a debugging helper, a function whose name says it checks,
    debugs or runs only when enabled (`numeric_check_if_enabled`, `debug_backward`): its callers
    hold the switch."""

    kind = "call"
    FIELDS = ("call",)

    @dataclass(frozen=True)
    class Params(CheckParams):
        """The calls this check reports, and when they are harmless."""

        # the qualified names of the calls it reports (`torch.autograd.set_detect_anomaly`)
        functions: List[str] = field(default_factory=list)
        # only when the first positional argument (or `mode`) is the literal True
        first_arg_true: bool = False
        # only when this keyword argument is the literal True (empty: any call)
        keyword_true: str = ""
        # keywords that, passed the literal False, make the call harmless
        unless_false: List[str] = field(default_factory=list)
        # silent in test code
        skip_tests: bool = True
        # silent under an `if` and in debugging helpers, which run behind a switch
        skip_conditional: bool = True

    params: Params

    def handlers(self):
        return {cst.Call: self.visit_call}

    def visit_call(self, node: cst.Call, ctx) -> None:
        if self.watched_function(node, ctx) is None:
            return
        if (
            self.params.skip_tests
            and ctx.is_test
            or self.params.skip_conditional
            and (ctx.conditional or _in_debug_helper(ctx))
        ):
            return
        if self.params.first_arg_true and not _first_arg_true(node):
            return
        keywords = keyword_args(node)
        if self.params.keyword_true and not is_literal(keywords.get(self.params.keyword_true), True):
            return
        if any(is_literal(keywords.get(name), False) for name in self.params.unless_false):
            return
        self.report(ctx, node, call=ctx.positions.source(node.func))


# Names of functions whose whole job is debugging, run behind their callers' switch.
DEBUG_HELPER = re.compile(r"(^|_)(debug\w*|check|checks|checking|sanity|diagnos\w*|if_enabled)(_|$)", re.IGNORECASE)


def _in_debug_helper(ctx) -> bool:
    return any(
        scope.kind == "function"
        and isinstance(scope.node, cst.FunctionDef)
        and DEBUG_HELPER.search(scope.node.name.value)
        for scope in ctx.scopes
    )


def _first_arg_true(node: cst.Call) -> bool:
    """The first positional argument (a `*args` is none) or the `mode` keyword is the literal True."""
    positional = [arg for arg in node.args if arg.keyword is None and arg.star != "**"]
    values = [positional[0].value] if positional and not positional[0].star else []
    values += [arg.value for arg in node.args if arg.keyword is not None and arg.keyword.value == "mode"]
    return any(is_literal(v, True) for v in values)
