"""Gradient-only rules speak where autograd differentiates the code, and only about values that
reach what is differentiated (nanlint/analysis/gradient.py), through the real CLI."""

from cli_support import line_of, write

DISTANCE_RULE = ("--select", "NAN205", "--output-format", "concise", "--no-cache")


def flagged(nanlint, path):
    done = nanlint("check", *DISTANCE_RULE, path)
    assert done.returncode in (0, 1), done.stderr
    return {int(line.split(":")[1]): line for line in done.stdout.splitlines() if ": NAN205 " in line}


def test_forward_of_a_module_and_of_its_subclasses_is_differentiated(nanlint, tmp_path):
    path = write(tmp_path, "model.py", """
        import torch
        from torch import nn

        class Base(nn.Module):
            pass

        class Net(Base):
            def forward(self, x, y):
                return ((x - y) ** 2).sum(-1).sqrt()  # subclass

        class Shift(BaseTransform):
            def forward(self, x, y):
                return ((x - y) ** 2).sum(-1).sqrt()  # a data transform
        """)
    found = flagged(nanlint, path)
    assert set(found) == {line_of(path, "# subclass")}
    assert "forward of the nn.Module `Net`" in found[line_of(path, "# subclass")]


def test_a_helper_is_differentiated_when_a_loss_uses_its_result(nanlint, tmp_path):
    path = write(tmp_path, "losses.py", """
        import torch

        def distance(x, y):
            return ((x - y) ** 2).sum(-1).sqrt()  # helper

        def metric(x, y):
            return ((x - y) ** 2).sum(-1).sqrt()  # metric

        def contrastive_loss(x, y):
            return distance(x, y).mean()
        """)
    found = flagged(nanlint, path)
    assert set(found) == {line_of(path, "# helper")}
    assert "called from `contrastive_loss`" in found[line_of(path, "# helper")]


def test_values_that_only_pick_indices_carry_no_gradient(nanlint, tmp_path):
    path = write(tmp_path, "matching.py", """
        import torch

        def assignment_loss(pred, target):
            cost = ((pred[:, None] - target[None]) ** 2).sum(-1).sqrt()  # cost
            match = cost.argmin(dim=1)
            close = ((pred - target) ** 2).sum(-1).sqrt() < 0.5  # compared
            spread = ((pred - target) ** 2).sum(-1).sqrt()  # returned
            return (spread * close)[match].mean()
        """)
    assert set(flagged(nanlint, path)) == {line_of(path, "# returned")}


def test_a_script_that_calls_backward_is_differentiated_outside_no_grad(nanlint, tmp_path):
    path = write(tmp_path, "train.py", """
        import torch

        x = torch.randn(4, 2, requires_grad=True)
        y = torch.randn(4, 2)
        for step in range(3):
            loss = ((x - y) ** 2).sum(-1).sqrt().mean()  # trained
            logged = ((x - y) ** 2).sum(-1).sqrt()  # logged only
            print(logged)
            loss.backward()
        with torch.no_grad():
            total = ((x - y) ** 2).sum(-1).sqrt()  # no grad
        """)
    found = flagged(nanlint, path)
    assert set(found) == {line_of(path, "# trained")}
    assert "the script's top level calls backward()" in found[line_of(path, "# trained")]


def test_autograd_functions_and_once_differentiable_are_not_differentiated(nanlint, tmp_path):
    path = write(tmp_path, "custom.py", """
        import torch
        from torch.autograd.function import once_differentiable

        class Distance(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x, y):
                return ((x - y) ** 2).sum(-1).sqrt()

        class PairLoss(torch.nn.Module):
            @once_differentiable
            def forward(self, x, y):
                return ((x - y) ** 2).sum(-1).sqrt()
        """)
    assert flagged(nanlint, path) == {}


def test_a_file_without_evidence_of_autograd_is_silent(nanlint, tmp_path):
    path = write(tmp_path, "geometry.py", """
        import torch

        def pairwise(x, y):
            return ((x[:, None] - y[None]) ** 2).sum(-1).sqrt()
        """)
    done = nanlint("check", "--select", "NAN205", path)
    assert done.returncode == 0, done.stdout
