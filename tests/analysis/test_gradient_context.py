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


def flagged_by(nanlint, path, code):
    done = nanlint("check", "--select", code, "--output-format", "concise", "--no-cache", path)
    assert done.returncode in (0, 1), done.stderr
    return {int(line.split(":")[1]) for line in done.stdout.splitlines() if f": {code} " in line}


def test_statistics_of_the_input_data_are_not_differentiated(nanlint, tmp_path):
    path = write(tmp_path, "forecast.py", """
        import torch
        from torch import nn

        def masked_std(values, padding):
            mask = 1 - padding
            var = ((values * mask) ** 2).mean(-1) - (values * mask).mean(-1) ** 2
            return torch.sqrt(var.clamp(min=0.0))  # data

        def spread(values):
            var = (values ** 2).mean(-1) - values.mean(-1) ** 2
            return torch.sqrt(var.clamp(min=0.0))  # hidden

        class Forecaster(nn.Module):
            def forward(self, past_values, padding):
                scale = masked_std(past_values, padding)
                hidden = self.encoder(past_values / scale[:, None])
                return hidden * spread(hidden)[:, None]

        class Norm(nn.Module):
            def forward(self, x):
                var = (x ** 2).mean(-1) - x.mean(-1) ** 2
                return x / torch.sqrt(var.clamp(min=0.0))  # layer input
        """)
    assert flagged_by(nanlint, path, "NAN201") == {line_of(path, "# hidden"), line_of(path, "# layer input")}


def test_counts_of_masks_and_constant_grids_are_not_differentiated(nanlint, tmp_path):
    path = write(tmp_path, "loss.py", """
        import torch
        from torch import nn

        def matching_loss(pred, target, mask):
            num_pos = mask.sum() ** 0.5  # count
            spread = ((pred - target).clamp(min=0) ** 0.5).sum()  # prediction
            return (pred - target)[mask].abs().sum() / num_pos + spread

        class Blur(nn.Module):
            def forward(self, image, size: int = 5):
                ys, xs = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
                dist = torch.sqrt((ys - size // 2) ** 2 + (xs - size // 2) ** 2)  # grid
                learnt = torch.sqrt((ys - self.center) ** 2 + (xs - self.center) ** 2)  # learnt centre
                return self.conv(image) * torch.exp(-dist - learnt).sum()
        """)
    assert flagged_by(nanlint, path, "NAN202") == {line_of(path, "# prediction")}
    assert flagged_by(nanlint, path, "NAN205") == {line_of(path, "# learnt centre")}


def test_eval_only_branches_and_post_processing_are_not_differentiated(nanlint, tmp_path):
    path = write(tmp_path, "detector.py", """
        import torch
        from torch import nn

        def trained(f):
            return ((f[:, None] - f[None]) ** 2).sum(-1).sqrt()  # training branch

        def ranked(f):
            return ((f[:, None] - f[None]) ** 2).sum(-1).sqrt()  # else branch

        def shown(f):
            return ((f[:, None] - f[None]) ** 2).sum(-1).sqrt()  # not training

        class Detector(nn.Module):
            def forward(self, images):
                f = self.backbone(images)
                if not self.training:
                    return shown(f)
                if self.training:
                    out = trained(f)
                else:
                    out = ranked(f)
                return out

        class Fcos(nn.Module):
            def forward(self, images):
                f = self.backbone(images)
                if self.training:
                    return self.head(f).mean()
                return self.postprocess_detections(f)

            def postprocess_detections(self, f):
                return ((f[:, None] - f[None]) ** 2).sum(-1).sqrt()  # post-processing

            def eval_path(self, f):
                return ((f[:, None] - f[None]) ** 2).sum(-1).sqrt()  # after the training return
        """)
    assert set(flagged(nanlint, path)) == {line_of(path, "# training branch")}


def test_no_grad_blocks_and_inference_functions_do_not_differentiate_their_callees(nanlint, tmp_path):
    path = write(tmp_path, "tracker.py", """
        import torch
        from torch import nn

        def cost(x, y):
            return ((x[:, None] - y[None]) ** 2).sum(-1).sqrt()  # under no_grad

        def score(x, y):
            return ((x[:, None] - y[None]) ** 2).sum(-1).sqrt()  # with grad

        def nearest(x, y):
            return ((x[:, None] - y[None]) ** 2).sum(-1).sqrt()  # from inference_mode

        class Tracker(nn.Module):
            def forward(self, x, memory):
                h = self.proj(x)
                with torch.no_grad():
                    c = cost(h, memory)
                return h.sum() + c.sum() + score(h, memory).sum()

            @torch.inference_mode()
            def track(self, x, memory):
                return nearest(self.proj(x), memory)

            def generate(self, x, memory):
                return ((x[:, None] - memory[None]) ** 2).sum(-1).sqrt()  # generation
        """)
    assert set(flagged(nanlint, path)) == {line_of(path, "# with grad")}


def test_data_of_a_script_that_is_made_to_require_grad_is_differentiated(nanlint, tmp_path):
    path = write(tmp_path, "train.py", """
        import torch

        points = torch.randn(8, 2)
        points.requires_grad = True
        anchors = torch.randn(8, 2)
        anchors.requires_grad_()
        fixed = torch.randn(8, 2)
        spread = ((points[:, None] - fixed[None]) ** 2).sum(-1).sqrt()  # requires_grad set
        pull = ((anchors[:, None] - fixed[None]) ** 2).sum(-1).sqrt()  # requires_grad_
        constant = ((fixed[:, None] - fixed[None]) ** 2).sum(-1).sqrt()  # data
        (spread.sum() + pull.sum() + constant.sum()).backward()
        """)
    assert set(flagged(nanlint, path)) == {line_of(path, "# requires_grad set"), line_of(path, "# requires_grad_")}


def test_a_plain_class_computes_under_the_autograd_of_the_code_that_builds_it(nanlint, tmp_path):
    path = write(tmp_path, "edges.py", """
        import torch
        from torch import nn

        class Distances:
            def __init__(self, x, y):
                self.value = ((x - y) ** 2).sum(-1).sqrt()  # built in a loss
                self.count = x.shape[0]

        class Layer(nn.Module):
            def __init__(self, x, y):
                super().__init__()
                self.table = ((x - y) ** 2).sum(-1).sqrt()  # a module's constructor

        class Unused:
            def __init__(self, x, y):
                self.value = ((x - y) ** 2).sum(-1).sqrt()  # never built where gradients flow

        def closure(x, y, target):
            loss = (Distances(x, y).value - target).abs().mean()
            loss.backward()
            return loss

        @torch.no_grad()
        def report(x, y):
            return Unused(x, y).value
        """)
    found = flagged(nanlint, path)
    assert set(found) == {line_of(path, "# built in a loss")}
    assert "called from `closure`" in found[line_of(path, "# built in a loss")]


def test_a_helper_called_through_a_name_bound_to_it_is_differentiated(nanlint, tmp_path):
    path = write(tmp_path, "cell.py", """
        import torch

        class Cell(torch.nn.Module):
            def forward(self, x, y, exact):
                fn = self._distance if exact else self._approximate
                return fn(x, y)

            def _distance(self, x, y):
                return ((x - y) ** 2).sum(-1).sqrt()  # bound

            def _approximate(self, x, y):
                return (x - y).abs().sum(-1)

            def _unused(self, x, y):
                return ((x - y) ** 2).sum(-1).sqrt()  # never called
        """)
    found = flagged(nanlint, path)
    assert set(found) == {line_of(path, "# bound")}
    assert "called from `forward`" in found[line_of(path, "# bound")]
