"""Which side of an `if` a function cannot take, given the constants its tests' operands hold."""

import libcst as cst
import pytest

from nanlint.analysis.branches import dead_nodes, truth
from nanlint.analysis.context import NOT_LITERAL, literal_value
from nanlint.analysis.syntax import code_of, walk

SETTINGS = {"self.act": ["relu"], "self.norm": [True, False], "self.p": [0.0], "self.mode": [None]}


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
