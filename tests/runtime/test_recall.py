"""Patterns of the real-bug benchmark (benchmarks/realbugs) that the monitor once missed, on real torch."""

import os

import pytest
import torch

from cli_support import line_of

HERE = os.path.realpath(__file__)


def at(marker):
    return line_of(HERE, marker)


def test_a_fill_value_that_overflows_float16_is_located_where_torch_raised(watch):
    """apex #93: masked_fill(-1e15) in float16 raises instead of writing -inf."""
    scores = torch.randn(2, 4).half()
    mask = torch.tensor([[False, True, False, True], [False, False, True, True]])
    with watch(), pytest.raises(RuntimeError, match="without overflow"):
        scores.masked_fill(mask, -1e15)  # half-overflow
    (event,) = watch.events(kind="numeric_error")
    assert (event["phase"], event["op"], event["line"]) == ("forward", "masked_fill", at("# half-overflow"))
    assert "cannot be converted to type" in event["message"]


def test_the_inverse_of_a_singular_matrix_is_located_where_torch_raised(watch):
    with watch(), pytest.raises(RuntimeError, match="singular"):
        torch.linalg.inv(torch.zeros(2, 2) + 1e-10)  # singular-inverse
    (event,) = watch.events(kind="numeric_error")
    assert (event["op"], event["line"]) == ("linalg.inv", at("# singular-inverse"))


def test_other_errors_are_not_reported(watch):
    with watch(), pytest.raises(RuntimeError, match="size"):
        torch.ones(2) + torch.ones(3)
    assert watch.events() == []
