"""Which side of an `if` a function cannot take, given the constants its tests' operands hold."""

import libcst as cst
import pytest

from nanlint.analysis.branches import ALWAYS, OBJECT, dead_nodes, reach, truth
from nanlint.analysis.context import NOT_LITERAL, literal_value
from nanlint.analysis.syntax import code_of, walk

SETTINGS = {
    "self.act": ["relu"],
    "self.norm": [True, False],
    "self.p": [0.0],
    "self.mode": [None],
    "labels": [OBJECT],  # every caller passes a tensor
    "weights": [OBJECT, None],  # one caller passes weights, another leaves the default
}


def choices(node):
    value = literal_value(node)
    return [value] if value is not NOT_LITERAL else SETTINGS.get(code_of(node))


@pytest.mark.parametrize(
    "test, expected",
    [
        ('self.act == "relu"', True),
        ('self.act != "relu"', False),
        ("self.mode is None", True),
        ("self.mode is not None", False),
        ("not self.p", True),
        ("self.norm", None),  # one construction sets it, another does not
        ('self.norm and self.act == "gelu"', False),
        ('self.norm or self.act == "relu"', True),
        ("self.norm or self.p", None),
        ("self.unknown", None),
        ("self.p < 1", None),  # only (in)equality and identity are decided
        ("labels is None", False),
        ("labels is not None and self.mode is None", True),
        ("labels", None),  # a tensor's truth is its value's
        ("labels == 0", None),
        ("weights is None", None),
    ],
)
def test_a_test_is_decided_only_by_the_constants_every_operand_holds(test, expected):
    assert truth(cst.parse_expression(test), choices) is expected


FORWARD = """
def forward(self, x):
    x = self.conv(x)
    if self.mode is not None:
        x = self.extra(x)
    if self.act == "relu":
        return self.relu(x)
    elif self.norm:
        x = self.bn(x)
    return x
"""


def live_code(source):
    function = cst.parse_module(source).body[0]
    dead = dead_nodes(function, choices)
    return [code_of(node) for node in walk(function.body) if isinstance(node, cst.Assign) and id(node) not in dead] + [
        code_of(node.value) for node in walk(function.body) if isinstance(node, cst.Return) and id(node) not in dead
    ]


def test_a_branch_ruled_out_and_what_follows_a_return_taken_never_run():
    assert live_code(FORWARD) == ["x = self.conv(x)", "self.relu(x)"]


def test_an_undecided_test_keeps_both_sides_and_what_follows():
    assert live_code(FORWARD.replace('self.act == "relu"', "self.norm")) == [
        "x = self.conv(x)",
        "x = self.bn(x)",
        "self.relu(x)",
        "x",
    ]


REACHING = """
def forward(self, x, flag):
    a = 0
    if flag:
        b = 1
    elif self.norm:
        c = 2
    else:
        d = 3
        use_in_else = 0
    if self.p:
        e = 4
    for step in x:
        f = 5
    g = 6
    if flag:
        h = 8
    use = 7
"""


REACHING_FUNCTION = cst.parse_module(REACHING).body[0]
PARENTS = {id(child): node for node in walk(REACHING_FUNCTION) for child in node.children}
ASSIGNMENTS = {code_of(node): node for node in walk(REACHING_FUNCTION) if isinstance(node, cst.Assign)}


def reach_of(statement_code, use_code="use = 7"):
    return reach(ASSIGNMENTS[statement_code], ASSIGNMENTS[use_code], PARENTS, choices)


@pytest.mark.parametrize("statement", ["a = 0", "g = 6"])
def test_a_statement_on_every_path_to_the_use_always_runs(statement):
    assert reach_of(statement) == ALWAYS


def test_each_side_of_an_if_chain_runs_on_some_paths_and_the_chain_counts_its_sides():
    sides = [reach_of(statement).branch for statement in ("b = 1", "c = 2", "d = 3")]
    assert [branch.side for branch in sides] == [0, 1, 2]
    assert {branch.sides for branch in sides} == {3}  # `if`, `elif`, `else`
    assert len({id(branch.chain) for branch in sides}) == 1


def test_a_loop_body_counts_as_running():
    assert reach_of("f = 5") == ALWAYS


def test_an_if_without_else_leaves_a_path_that_takes_no_side():
    assert reach_of("h = 8").branch.sides == 2


def test_a_side_the_constants_rule_out_or_the_other_side_of_the_uses_if_never_runs_before_it():
    assert reach_of("e = 4").never  # `self.p` holds 0.0 only
    assert reach_of("b = 1", "use_in_else = 0").never
    assert reach_of("d = 3", "use_in_else = 0") == ALWAYS

