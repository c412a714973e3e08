"""The triangle a `triu`/`tril` mask sets, checked against torch's own masks: whether a fill there
covers a whole row, for every offset, negated and transposed."""

import pytest
import torch

from nanlint.analysis.triangles import Triangle

N = 5


def torch_mask(shape: Triangle) -> torch.Tensor:
    ones = torch.ones(N, N, dtype=torch.bool)
    return ones.triu(shape.offset) if shape.upper else ones.tril(shape.offset)


def covers_a_row(mask: torch.Tensor) -> bool:
    return bool(mask.all(-1).any())


@pytest.mark.parametrize("upper", [True, False])
@pytest.mark.parametrize("offset", range(-2, 3))
def test_a_triangle_says_what_torch_masks(upper, offset):
    shape = Triangle(upper, offset)
    mask = torch_mask(shape)
    assert shape.fills_a_row() == covers_a_row(mask)
    assert torch.equal(torch_mask(shape.negated()), ~mask)
    assert torch.equal(torch_mask(shape.transposed()), mask.T)


def test_an_offset_the_code_does_not_show_says_nothing():
    assert Triangle(True, None).fills_a_row() is None
    assert Triangle(True, None).negated() == Triangle(False, None)
