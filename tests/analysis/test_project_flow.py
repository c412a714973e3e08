"""Values cross files the way imports make them cross: what a model's `forward` returns, what a
training script passes a loss, a constant set where a class is built; a cached result is checked
again when a file it used changes."""

import json

import pytest

from cli_support import write
from nanlint.project.checker import Checker
from nanlint.project.run import single
from nanlint.project.config import Settings

MODEL = """
import torch.nn as nn
import torch.nn.functional as F


class Classifier(nn.Module):
    def __init__(self, dim, classes):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    def forward(self, x):
        return F.softmax(self.fc(x), dim=-1)
"""

LOSSES = """
import torch


def nll(probs, target):
    return -torch.log(probs.gather(1, target[:, None])).mean()


def pair_distance(a, b):
    return torch.sqrt(((a - b) ** 2).sum(-1))
"""

TRAIN = """
import torch
from model import Classifier
from losses import nll, pair_distance

model = Classifier(8, 3)
x = torch.randn(4, 8)
y = torch.randint(0, 3, (4,))
probs = model(x)
loss = nll(probs, y) + pair_distance(model.fc(x), model.fc(x).flip(0)).mean()
loss.backward()
"""


def check(tmp_path, *names, **settings):
    settings = {"root": str(tmp_path), "cache": False, **settings}
    return single(Checker(Settings(**settings))).run([str(tmp_path / name) for name in names] or [str(tmp_path)], jobs=1)


def found(report):
    return sorted((f.path.rsplit("/", 1)[-1], f.line, f.code) for f in report.findings)


def test_a_probability_made_in_one_file_is_logged_in_another(tmp_path):
    write(tmp_path, "model.py", MODEL)
    write(tmp_path, "losses.py", LOSSES)
    write(tmp_path, "train.py", TRAIN)
    assert ("losses.py", 5, "NAN101") in found(check(tmp_path, "losses.py"))


def test_a_helper_is_differentiated_by_a_script_in_another_file(tmp_path):
    write(tmp_path, "model.py", MODEL)
    write(tmp_path, "losses.py", LOSSES)
    write(tmp_path, "train.py", TRAIN)
    report = check(tmp_path, "losses.py")
    (sqrt,) = [f for f in report.findings if f.line == 9]
    assert sqrt.code == "NAN205" and "train.py" in sqrt.message


def test_a_package_with_relative_imports(tmp_path):
    write(tmp_path, "pkg/__init__.py", "")
    write(tmp_path, "pkg/model.py", MODEL)
    write(tmp_path, "pkg/losses.py", LOSSES)
    write(tmp_path, "pkg/train.py", TRAIN.replace("from model", "from .model").replace("from losses", "from .losses"))
    assert ("losses.py", 5, "NAN101") in found(check(tmp_path, "pkg/losses.py"))


def test_a_module_imported_whole_and_reexported(tmp_path):
    write(tmp_path, "pkg/__init__.py", "from .losses import nll\n")
    write(tmp_path, "pkg/model.py", MODEL)
    write(tmp_path, "pkg/losses.py", LOSSES)
    write(tmp_path, "train.py", """
        import torch
        import pkg
        from pkg import model as models

        net = models.Classifier(8, 3)
        loss = pkg.nll(net(torch.randn(4, 8)), torch.zeros(4, dtype=torch.long))
        loss.backward()
    """)
    assert ("losses.py", 5, "NAN101") in found(check(tmp_path, "pkg/losses.py"))


def test_same_named_files_of_other_projects_do_not_mix(tmp_path):
    write(tmp_path, "a/model.py", MODEL)
    write(tmp_path, "a/losses.py", LOSSES)
    write(tmp_path, "b/losses.py", LOSSES)
    write(tmp_path, "a/train.py", TRAIN)
    write(tmp_path, "b/train.py", TRAIN.replace("probs = model(x)", "probs = torch.rand(4, 3).clamp_min(0.1)"))
    assert ("losses.py", 5, "NAN101") not in found(check(tmp_path, "b/losses.py"))
    assert ("losses.py", 5, "NAN101") in found(check(tmp_path, "a/losses.py"))


def test_without_the_caller_the_parameter_is_unknown(tmp_path):
    write(tmp_path, "model.py", MODEL)
    write(tmp_path, "losses.py", LOSSES)
    assert found(check(tmp_path, "losses.py")) == []


def test_a_constant_set_where_a_class_is_built_in_another_file(tmp_path):
    write(tmp_path, "losses.py", """
        import torch


        class Contrastive(torch.nn.Module):
            def __init__(self, temperature=0.5):
                super().__init__()
                self.temperature = temperature

            def forward(self, a, b):
                cos = torch.nn.functional.cosine_similarity(a, b)
                return torch.exp(cos / self.temperature).sum()
    """)
    write(tmp_path, "train.py", """
        import torch
        from losses import Contrastive

        criterion = Contrastive(temperature=0.005)
        loss = criterion(torch.randn(4, 8), torch.randn(4, 8))
    """)
    assert ("losses.py", 11, "NAN507") in found(check(tmp_path, "losses.py"))


def test_a_cached_result_is_checked_again_when_a_file_it_used_changes(tmp_path):
    write(tmp_path, "model.py", MODEL)
    write(tmp_path, "losses.py", LOSSES)
    write(tmp_path, "train.py", TRAIN)
    settings = dict(cache=True, cache_dir=str(tmp_path / "cache"))
    assert ("losses.py", 5, "NAN101") in found(check(tmp_path, "losses.py", **settings))
    (cache_file,) = (tmp_path / "cache").glob("*.json")
    entry = next(value for key, value in json.loads(cache_file.read_text())["files"].items() if key.endswith("losses.py"))
    assert any(path.endswith("train.py") for path in entry[5]) and any(path.endswith("model.py") for path in entry[5])
    write(tmp_path, "model.py", MODEL.replace("F.softmax(self.fc(x), dim=-1)", "F.log_softmax(self.fc(x), dim=-1).exp().clamp_min(1e-6)"))
    assert ("losses.py", 5, "NAN101") not in found(check(tmp_path, "losses.py", **settings))


def test_items_at_constant_keys_functions_held_in_attributes_and_self_calls(tmp_path):
    write(tmp_path, "utils.py", """
        def squash(x):
            y = x.sigmoid_()
            return y
    """)
    write(tmp_path, "losses.py", """
        import torch


        def _neg_loss(pred, gt):
            return -(torch.log(1 - pred) * (1 - gt)).sum()


        class FocalLoss(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.neg_loss = _neg_loss

            def forward(self, out, target):
                return self.neg_loss(out, target)
    """)
    write(tmp_path, "train.py", """
        import torch
        from losses import FocalLoss
        from utils import squash


        class Criterion(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.crit = FocalLoss()

            def forward(self, output, batch):
                output["hm"] = squash(output["hm"])
                return self.crit(output["hm"], batch["hm"])

            def step(self, output, batch):
                return self(output, batch)


        head = torch.nn.Conv2d(4, 2, 1)
        loss = Criterion()({"hm": head(torch.randn(1, 4, 8, 8))}, {"hm": torch.zeros(1, 2, 8, 8)})
        loss.backward()
    """)
    assert ("losses.py", 5, "NAN101") in found(check(tmp_path, "losses.py"))


SCORES = """
import torch


def log_partition(scores):
    return torch.logsumexp(scores, dim=-1)


def spread(x):
    return x.amax(-1) - x.amin(-1)


def peak(x):
    return x.max(-1).values
"""


def test_maxima_minima_and_logsumexp_made_by_a_helper_keep_what_they_are(tmp_path):
    """`x - lse(x)` is at most 0 and `max - min` is 0 for a flat row wherever the extreme is computed:
    here, inside a method, in a helper of another file, through `.values`."""
    write(tmp_path, "scores.py", SCORES)
    write(tmp_path, "crf.py", """
        import torch
        import torch.nn as nn
        from scores import log_partition, peak


        class Tagger(nn.Module):
            def normaliser(self, scores):
                return torch.logsumexp(scores, dim=0)

            def forward(self, scores, gold):
                p = torch.exp(gold - self.normaliser(scores))
                q = torch.exp(scores - log_partition(scores)[:, None])
                r = torch.exp(scores - peak(scores)[:, None]).sum(-1)  # a row sum of at least 1
                return -torch.log(p) - torch.log(q).sum() - torch.log(r)
    """)
    write(tmp_path, "norm.py", """
        import torch
        from scores import spread


        def rescale(x):
            return x / spread(x)
    """)
    assert found(check(tmp_path, "crf.py", "norm.py", preview=True)) == [
        ("crf.py", 14, "NAN101"), ("crf.py", 14, "NAN101"), ("norm.py", 6, "NAN405")]


def test_an_instance_call_runs_the_class_call_method_in_another_file(tmp_path):
    """`Metric()(x, y)` and `self.metric(x, y)` run `__call__` (an nn.Module's runs `forward`): the
    method is differentiated when the loss that calls it is."""
    write(tmp_path, "metrics.py", """
        import torch


        class Correlation:
            def __call__(self, x, y):
                xm = x - torch.mean(x, dim=1, keepdim=True)
                ym = y - torch.mean(y, dim=1, keepdim=True)
                return (xm * ym).sum(1) / torch.sqrt((xm ** 2).sum(1) + 1e-8) / (ym ** 2).sum(1).clamp_min(1e-8).sqrt()
    """)
    write(tmp_path, "losses.py", """
        import torch.nn as nn
        from metrics import Correlation


        class PearsonLoss(nn.Module):
            def forward(self, pred, target):
                return 1 - Correlation()(pred, target).mean()
    """)
    assert found(check(tmp_path, "metrics.py")) == []
    write(tmp_path, "metrics.py", (tmp_path / "metrics.py").read_text().replace(" + 1e-8", ""))
    (finding,) = check(tmp_path, "metrics.py").findings
    assert (finding.line, finding.code) == (8, "NAN201") and "losses.py" in finding.message


def test_a_selection_made_by_a_caller_in_another_file_reaches_the_helper_that_averages_it(tmp_path):
    """`sel = loss[valid]; sel = reduce(sel)`: the argument is what `sel` was before the call, not
    the call's own result; a caller that tests the mask first passes no empty selection."""
    write(tmp_path, "reduction.py", """
        import torch


        def reduce(loss, reduction="mean"):
            if reduction == "mean":
                return loss.mean()
            return loss.sum()
    """)
    write(tmp_path, "seg.py", """
        import torch.nn as nn
        from reduction import reduce


        class IgnoringLoss(nn.Module):
            def forward(self, per_pixel, target):
                sel = per_pixel[target != 255]
                sel = reduce(sel)
                return sel
    """)
    assert found(check(tmp_path, "reduction.py")) == [("reduction.py", 6, "NAN702")]
    guarded = (tmp_path / "seg.py").read_text().replace("        sel = reduce(sel)", "        if sel.numel() > 0:\n            sel = reduce(sel)")
    (tmp_path / "seg.py").write_text(guarded)
    assert found(check(tmp_path, "reduction.py")) == []


NORMALIZED = """
import torch
import torch.nn as nn


class Scorer(nn.Module):
    def forward(self, scores):
        return self.rescale(scores)

    def rescale(self, scores):
        low, high = scores.min(-1, keepdim=True).values, scores.max(-1, keepdim=True).values
        return (scores - low) / (high - low + 1e-8)
"""


def scripted_run(context: str) -> str:
    return f"""
import torch
from scorer import Scorer

model = Scorer()
{context}
    out = model(torch.randn(4, 8))
"""


def test_float16_evidence_reaches_a_module_through_its_callers_in_another_file(tmp_path):
    write(tmp_path, "scorer.py", NORMALIZED)
    write(tmp_path, "run.py", scripted_run('with torch.autocast("cuda", dtype=torch.float16):'))
    (vanishing,) = [f for f in check(tmp_path, "scorer.py").findings if f.code == "NAN801"]
    assert vanishing.line == 11 and "float16 used at run.py:5" in vanishing.message


def test_a_caller_in_bfloat16_or_in_float32_is_no_float16_evidence(tmp_path):
    write(tmp_path, "scorer.py", NORMALIZED)
    write(tmp_path, "run.py", scripted_run('with torch.autocast("cuda", dtype=torch.bfloat16):'))
    assert not [f for f in check(tmp_path, "scorer.py").findings if f.code == "NAN801"]
    write(tmp_path, "run.py", scripted_run("with torch.no_grad():"))
    assert not [f for f in check(tmp_path, "scorer.py").findings if f.code == "NAN801"]


NORM = """
import torch.nn as nn
import torch.nn.functional as F


class Norm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return F.layer_norm({x}, self.weight.shape, self.weight)
"""


def residual_block(update: str) -> str:
    return f"""
import torch.nn as nn
from norm import Norm


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = Norm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        {update}
        return x
"""


def test_a_module_of_another_file_that_saves_its_input_makes_an_inplace_update_of_it_fail(tmp_path):
    write(tmp_path, "norm.py", NORM.format(x="x"))
    write(tmp_path, "block.py", residual_block("x += self.fc(self.norm(x))"))
    (inplace,) = [f for f in check(tmp_path, "block.py").findings if f.code == "NAN902"]
    assert inplace.line == 12 and "passes it to `layer_norm`" in inplace.message


def test_a_copy_saved_or_a_new_tensor_made_is_no_inplace_hazard(tmp_path):
    write(tmp_path, "norm.py", NORM.format(x="x.clone()"))
    write(tmp_path, "block.py", residual_block("x += self.fc(self.norm(x))"))
    assert not [f for f in check(tmp_path, "block.py").findings if f.code == "NAN902"]
    write(tmp_path, "norm.py", NORM.format(x="x"))
    write(tmp_path, "block.py", residual_block("x = x + self.fc(self.norm(x))"))
    assert not [f for f in check(tmp_path, "block.py").findings if f.code == "NAN902"]


MASKED_MEAN = """
import torch


def masked_mean(values, mask):
    return (values * mask).sum() / mask.sum()
"""


def caller_of_masked_mean(writes: str) -> str:
    return f"""
import torch
from stats import masked_mean

mask = torch.ones(8)
{writes}
loss = masked_mean(torch.randn(8, requires_grad=True), mask)
"""


def test_a_caller_that_zeroes_part_of_its_mask_passes_a_mask_that_may_select_nothing(tmp_path):
    write(tmp_path, "stats.py", MASKED_MEAN)
    write(tmp_path, "train.py", caller_of_masked_mean("mask[4:] = 0.0"))
    assert ("stats.py", 5, "NAN402") in found(check(tmp_path, "stats.py"))


def test_a_caller_that_passes_ones_passes_weights_that_are_never_all_zero(tmp_path):
    write(tmp_path, "stats.py", MASKED_MEAN)
    write(tmp_path, "train.py", caller_of_masked_mean(""))
    assert not [f for f in check(tmp_path, "stats.py").findings if f.code == "NAN402"]


ROTATIONS = """
import torch


class Rotation:
    def __init__(self, matrix):
        self.matrix = matrix

    def compose(self, other):
        return Rotation(self.matrix @ other)

    def angle(self):
        trace = self.matrix.diagonal(dim1=-2, dim2=-1).sum(-1)
        return (0.5 * (3 - trace)).clamp(min=0).sqrt()
"""


def rotation_script(last_line: str) -> str:
    return f"""
import torch
from rotations import Rotation

delta = torch.zeros(2, 3, 3, requires_grad=True)
angle = Rotation(torch.eye(3).expand(2, 3, 3)).compose(delta).angle()
{last_line}
"""


def test_a_method_reached_through_what_another_method_returns_is_differentiated_by_its_caller(tmp_path):
    write(tmp_path, "rotations.py", ROTATIONS)
    write(tmp_path, "train.py", rotation_script("angle.sum().backward()"))
    (root,) = [f for f in check(tmp_path, "rotations.py").findings if f.code == "NAN201"]
    assert root.line == 13 and "train.py" in root.message


def test_the_same_method_in_code_nothing_differentiates_is_left_alone(tmp_path):
    write(tmp_path, "rotations.py", ROTATIONS)
    write(tmp_path, "train.py", rotation_script("print(angle)"))
    assert not [f for f in check(tmp_path, "rotations.py").findings if f.code == "NAN201"]


BACKEND = """
import torch


class Backend:
    def root(self, a):
        return torch.sqrt(a.clamp(min=0))
"""

DISTANCES = """
from backend import Backend

nx = Backend()


def spread(a):
    return nx.root(a - a.mean())
"""


def test_a_method_called_through_a_module_level_instance_is_differentiated_by_its_callers(tmp_path):
    write(tmp_path, "backend.py", BACKEND)
    write(tmp_path, "distances.py", DISTANCES)
    write(tmp_path, "train.py", "import torch\nfrom distances import spread\n\nx = torch.randn(5, requires_grad=True)\nspread(x).sum().backward()\n")
    assert ("backend.py", 6, "NAN201") in found(check(tmp_path, "backend.py"))
    write(tmp_path, "train.py", "import torch\nfrom distances import spread\n\nprint(spread(torch.randn(5)))\n")
    assert ("backend.py", 6, "NAN201") not in found(check(tmp_path, "backend.py"))


FOCAL = """
import torch
import torch.nn as nn
import torch.nn.functional as F


class FocalLoss(nn.Module):
    def __init__(self, gamma):
        super().__init__()
        self.gamma = gamma

    def forward(self, logits, target):
        pt = F.softmax(logits, dim=1).gather(1, target[:, None])
        return (-(1 - pt) ** self.gamma * pt.log()).mean()
"""


def focal_run(setup: str, gamma: str) -> str:
    return f"""
import torch
from focal import FocalLoss

{setup}
criterion = FocalLoss({gamma})
loss = criterion(torch.randn(4, 3, requires_grad=True), torch.tensor([0, 1, 2, 0]))
loss.backward()
"""


def test_a_constant_reaches_a_module_from_a_configuration_dict_or_object_of_its_callers(tmp_path):
    write(tmp_path, "focal.py", FOCAL)
    for setup, gamma in (('cfg = {"gamma": 0.5}', 'cfg["gamma"]'), ("class Config:\n    gamma = 0.5", "Config().gamma")):
        write(tmp_path, "train.py", focal_run(setup, gamma))
        assert ("focal.py", 13, "NAN202") in found(check(tmp_path, "focal.py")), setup


def test_an_exponent_of_one_or_more_from_a_configuration_is_safe(tmp_path):
    write(tmp_path, "focal.py", FOCAL)
    for setup, gamma in (('cfg = {"gamma": 2.0}', 'cfg["gamma"]'), ("class Config:\n    gamma = 2.0", "Config().gamma")):
        write(tmp_path, "train.py", focal_run(setup, gamma))
        assert ("focal.py", 13, "NAN202") not in found(check(tmp_path, "focal.py")), setup


PAIRWISE = """
import torch


def _euclidean(x, y):
    return torch.sqrt(((x - y) ** 2).sum(-1))


def pairwise(x, y, dist_func):
    return dist_func(x[:, None], y[None])


def pairwise_euclidean(x, y):
    return pairwise(x, y, dist_func=_euclidean)
"""


def test_a_function_passed_to_another_is_differentiated_where_that_call_is(tmp_path):
    write(tmp_path, "distances.py", PAIRWISE)
    write(
        tmp_path,
        "train.py",
        "import torch\nfrom distances import pairwise_euclidean\n\n"
        "x = torch.randn(5, 3, requires_grad=True)\npairwise_euclidean(x, x).sum().backward()\n",
    )
    assert ("distances.py", 5, "NAN205") in found(check(tmp_path, "distances.py"))
    write(tmp_path, "train.py", "import torch\nfrom distances import pairwise_euclidean\n\nprint(pairwise_euclidean(torch.randn(5, 3), torch.randn(5, 3)))\n")
    assert ("distances.py", 5, "NAN205") not in found(check(tmp_path, "distances.py"))


ATTENTION = """
import torch
import torch.nn as nn


class Attention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.mask_value = config.mask_value
        self.proj = nn.Linear(8, 8)

    def forward(self, x, mask):
        scores = self.proj(x) @ x.transpose(-1, -2)
        return scores.masked_fill(mask, self.mask_value).softmax(-1)
"""


def attention_run(mask_value: str) -> str:
    return f"""
import torch
from attention import Attention


class Config:
    mask_value = {mask_value}


model = Attention(Config()).half()
out = model(torch.randn(2, 4, 8).half(), torch.zeros(2, 4, 4, dtype=torch.bool))
"""


def test_a_fill_value_set_in_another_files_config_is_judged_where_it_fills(tmp_path):
    write(tmp_path, "attention.py", ATTENTION)
    write(tmp_path, "train.py", attention_run("-1e15"))
    (finding,) = [f for f in check(tmp_path, "attention.py").findings if f.code == "NAN802"]
    assert finding.line == 13 and "train.py:" in finding.message
    write(tmp_path, "train.py", attention_run("-1e4"))
    assert not [f for f in check(tmp_path, "attention.py").findings if f.code == "NAN802"]


LAYERS = """
import torch
import torch.nn as nn
import torch.nn.functional as F


class GatedDropout(nn.Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        self.p = p
        self.inplace = inplace

    def forward(self, x):
        gate = torch.sigmoid(x)
        return F.dropout(gate, p=self.p, training=self.training, inplace=self.inplace)
"""


def test_an_inplace_flag_is_what_the_constructions_in_other_files_pass(tmp_path):
    write(tmp_path, "layers.py", LAYERS)
    write(tmp_path, "model.py", "from layers import GatedDropout\n\nblock = GatedDropout(0.1, inplace=True)\n")
    assert ("layers.py", 14, "NAN902") in found(check(tmp_path, "layers.py"))
    write(tmp_path, "model.py", "from layers import GatedDropout\n\nblock = GatedDropout(0.1)\nother = GatedDropout(inplace=False)\n")
    assert ("layers.py", 14, "NAN902") not in found(check(tmp_path, "layers.py"))


CONV = """
import torch.nn as nn

ACTIVATIONS = {"relu": nn.ReLU, "gelu": nn.GELU}


class Conv(nn.Module):
    def __init__(self, channels, activation):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.act = ACTIVATIONS[activation]()

    def forward(self, x):
        return self.act(self.conv(x))
"""

RESIDUAL = """
import torch.nn as nn
from conv import Conv


class Residual(nn.Module):
    def __init__(self, channels, activation="{activation}"):
        super().__init__()
        self.conv = Conv(channels, activation)

    def forward(self, x):
        out = self.conv(x)
        out += x
        return out
"""


def test_a_layer_chosen_from_a_table_by_a_key_another_file_passes(tmp_path):
    write(tmp_path, "conv.py", CONV)
    write(tmp_path, "residual.py", RESIDUAL.replace("{activation}", "relu"))
    assert ("residual.py", 12, "NAN902") in found(check(tmp_path))
    write(tmp_path, "residual.py", RESIDUAL.replace("{activation}", "gelu"))
    assert not [f for f in check(tmp_path).findings if f.code == "NAN902"]


HEADS = """
import torch
import torch.nn as nn
import torch.nn.functional as F


class SoftmaxHead(nn.Module):
    def __init__(self, dim, classes):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    def forward(self, x):
        return F.softmax(self.fc(x), dim=-1)


class Margin(nn.Module):
    def forward(self, cosine, target):
        return torch.acos(cosine) * target
"""

WRAPPERS = """
import torch
import torch.nn as nn
import torch.nn.functional as F


class Classifier(nn.Module):
    def __init__(self, head):
        super().__init__()
        self.head = head

    def forward(self, x, target):
        return F.nll_loss(torch.log(self.head(x)), target)


class MarginLoss(nn.Module):
    def __init__(self, margin):
        super().__init__()
        self.margin = margin
        self.weight = nn.Parameter(torch.randn(3, 8))

    def forward(self, x, target):
        cosine = F.linear(F.normalize(x), F.normalize(self.weight))
        return self.margin(cosine, target).mean()
"""

BUILD = """
from heads import Margin, SoftmaxHead
from wrappers import Classifier, MarginLoss

classifier = Classifier(SoftmaxHead(8, 3))
criterion = MarginLoss(Margin())
"""


def test_an_instance_given_to_a_constructor_is_what_the_attribute_keeping_it_runs(tmp_path):
    write(tmp_path, "heads.py", HEADS)
    write(tmp_path, "wrappers.py", WRAPPERS)
    write(tmp_path, "build.py", BUILD)
    codes = found(check(tmp_path))
    assert ("wrappers.py", 12, "NAN101") in codes  # the head's probabilities, logged by the wrapper
    assert ("heads.py", 17, "NAN301") in codes  # the wrapper's cosine, whose acos the margin takes
    write(tmp_path, "build.py", "from wrappers import Classifier, MarginLoss\n")
    codes = found(check(tmp_path))
    assert ("wrappers.py", 12, "NAN101") not in codes and ("heads.py", 17, "NAN301") not in codes


COUNT_HEADS = """
import torch
import torch.nn as nn


class CountHead(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return torch.relu(self.out(x))


class SmoothHead(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return nn.functional.softplus(self.out(x)) + 1e-6
"""

POISSON = """
import torch


class Poisson:
    def make(self):
        def loss(rate, counts):
            return (rate - counts * torch.log(rate)).mean()

        return loss

    def nll(self, rate, counts):
        return (rate - counts * torch.log(rate)).mean()


def poisson(rate, counts):
    return (rate - counts * torch.log(rate)).mean()
"""

FIT_LOOPS = """
class Trainer:
    def __init__(self, model, criterion):
        self.model = model
        self.loss_fn = criterion.make()

    def step(self, x, y):
        return self.loss_fn(self.model(x), y)


def fit(model, loss_fn, x, y):
    return loss_fn(model(x), y)


def evaluate(model, criterion, x, y):
    return criterion.nll(model(x), y)
"""

RUN_HEADS = """
import torch
from heads import {head}
from losses import Poisson, poisson
from trainer import Trainer, evaluate, fit

x, y = torch.randn(4, 8), torch.ones(4, 1)
Trainer({head}(8), Poisson()).step(x, y).backward()
fit({head}(8), poisson, x, y).backward()
net, criterion = {head}(8), Poisson()
evaluate(net, criterion, x, y)
"""


def test_values_held_by_parameters_and_factories_run_what_the_callers_give(tmp_path):
    write(tmp_path, "heads.py", COUNT_HEADS)
    write(tmp_path, "losses.py", POISSON)
    write(tmp_path, "trainer.py", FIT_LOOPS)
    write(tmp_path, "run.py", RUN_HEADS.format(head="CountHead"))
    codes = found(check(tmp_path))
    assert ("losses.py", 7, "NAN101") in codes  # the closure `make` returns, kept as `self.loss_fn`
    assert ("losses.py", 16, "NAN101") in codes  # the function given to `fit` as `loss_fn`
    assert ("losses.py", 12, "NAN101") in codes  # the method of the instance given to `evaluate`
    write(tmp_path, "run.py", RUN_HEADS.format(head="SmoothHead"))  # a rate kept above 0
    assert not found(check(tmp_path))


SUPCON = """
import torch


def supcon(features, labels=None, mask=None):
    if labels is None and mask is None:
        mask = torch.eye(features.shape[0])
    elif labels is not None:
        mask = torch.eq(labels[:, None], labels[None, :]).float()
    else:
        mask = mask.float()
    logits_mask = 1 - torch.eye(features.shape[0])
    mask = mask * logits_mask
    log_prob = torch.log_softmax(features @ features.T, dim=1)
    return (mask * log_prob).sum(1) / mask.sum(1)
"""

SUPCON_CALLS = """
import torch
from losses import supcon

features = torch.randn(4, 8, requires_grad=True)
loss = supcon(features, torch.tensor([0, 1, 1, 3])).mean()
"""

WEIGHTED = """
import torch


def weighted_mean(x, weights=None):
    if weights is not None:
        w = weights.clamp_min(1e-3)
    else:
        w = (x > 0).float()
    return (x * w).sum() / w.sum()
"""

WEIGHTED_CALLS = """
import torch
from weighting import weighted_mean

x = torch.randn(8, requires_grad=True)
loss = weighted_mean(x{weights})
"""


def test_a_side_of_an_if_the_callers_rule_out_is_not_what_a_name_holds_after_it(tmp_path):
    write(tmp_path, "losses.py", SUPCON)
    write(tmp_path, "train.py", SUPCON_CALLS)
    # `labels is not None`: the label mask, whose row for an anchor without a positive sums to 0; the test
    # of the parameter `mask` is no guard of the name bound after it
    assert ("losses.py", 14, "NAN402") in found(check(tmp_path))
    write(tmp_path, "weighting.py", WEIGHTED)
    write(tmp_path, "train.py", WEIGHTED_CALLS.format(weights=", torch.rand(8)"))
    assert ("weighting.py", 9, "NAN402") not in found(check(tmp_path))  # the weights given, kept above 0
    write(tmp_path, "train.py", WEIGHTED_CALLS.format(weights=""))
    assert ("weighting.py", 9, "NAN402") in found(check(tmp_path))  # none given: the mask of positive entries


FACTORIES = """
import functools

import torch


def make_log():
    def loss(rate):
        return torch.log(rate).mean()

    return loss


def make_sq():
    def loss(rate):
        return (rate * rate).mean()

    return loss


def make_weighted(weight):
    def loss(rate):
        return -(weight * torch.log(rate)).mean()

    return loss


def train(x):
    f = make_log()
    a = f(torch.relu(x))
    f = make_sq()
    return a + f(torch.nn.functional.softplus(x) + 1e-6)


def train_partial(x, w):
    make = functools.partial(make_weighted)
    loss_fn = make(torch.relu(w))
    return loss_fn(torch.sigmoid(x) + 1e-6)
"""

STATIC = """
import torch


class Poisson:
    @staticmethod
    def nll(rate, counts):
        return (rate - torch.log(counts)).mean()


def evaluate(criterion, x):
    return criterion.nll(torch.relu(x), torch.rand(4) + 1.0)


evaluate(Poisson(), torch.randn(4))
"""


def test_each_factory_result_runs_its_own_closure_and_a_factory_passed_is_not_called(tmp_path):
    write(tmp_path, "factories.py", FACTORIES)
    codes = found(check(tmp_path))
    assert ("factories.py", 8, "NAN101") in codes  # `f = make_log(); f(relu(x))`, whatever `f` holds later
    assert ("factories.py", 22, "NAN101") not in codes  # `partial(make_weighted)` is given, its result is `make`'s


def test_a_static_method_called_through_a_parameter_binds_no_instance(tmp_path):
    write(tmp_path, "losses.py", STATIC)
    assert not found(check(tmp_path))  # `counts` is `rand + 1`, not the relu passed first


BASE = """
import torch.nn as nn
import torch.nn.functional as F


class Base(nn.Module):
    def probabilities(self, z):
        return F.softmax(z, dim=-1)

    def forward(self, x):
        return {"probs": self.probabilities(self.fc(x)), "logits": self.fc(x)}
"""

DERIVED = """
import torch
import torch.nn as nn
from base import Base


class Net(Base):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 3)

    def entropy(self, x):
        p = self.probabilities(self.fc(x))
        return -(p * torch.log(p)).sum(-1)

    def forward(self, x):
        out = super().forward(x)
        return torch.log(out["probs"])
"""


def test_methods_a_base_class_in_another_file_defines_are_what_self_and_super_run(tmp_path):
    write(tmp_path, "base.py", BASE)
    write(tmp_path, "derived.py", DERIVED)
    codes = found(check(tmp_path, "derived.py"))
    assert ("derived.py", 13, "NAN109") in codes and ("derived.py", 17, "NAN101") in codes


NECK_BLOCKS = """
import torch.nn as nn


class ConvReLU(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.act = nn.ReLU(inplace=True)

    def forward(self, x):
        return self.act(self.conv(x))


class Conv(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1)

    def forward(self, x):
        return self.conv(x)
"""

NECK_BASE = """
import torch.nn as nn
from blocks import Conv, ConvReLU


class FPN(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.laterals = nn.ModuleList()
        for c in channels:
            self.laterals.append(ConvReLU(c))
        self.smooth = Conv(channels[0])
"""

NECK = """
import torch.nn.functional as F
from fpn import FPN


class PAFPN(FPN):
    def forward(self, feats):
        outs = [self.laterals[i](feats[i]) for i in range(len(feats))]
        outs[0] += F.interpolate(outs[1], size=outs[0].shape[2:])
        for block in self.laterals:
            top = block(feats[0])
        top += 1
        smoothed = self.smooth(feats[0])
        smoothed += 1
        tops = [block(x) for i, (block, x) in enumerate(zip(self.laterals, feats))]
        tops[0] += 1
        firsts = [block(feats[0]) for i, block in enumerate(self.laterals)]
        firsts[0] += 1
        return outs, top, smoothed, tops, firsts
"""


def test_submodules_and_containers_a_base_class_in_another_file_builds_run_their_forward(tmp_path):
    write(tmp_path, "blocks.py", NECK_BLOCKS)
    write(tmp_path, "fpn.py", NECK_BASE)
    write(tmp_path, "pafpn.py", NECK)
    codes = found(check(tmp_path, "pafpn.py"))
    # PAFPN is a module through FPN; the items of FPN's list end in an in-place ReLU; `Conv` saves nothing
    # (`zip` hides which element is which: no finding at line 15)
    assert codes == [("pafpn.py", 8, "NAN902"), ("pafpn.py", 11, "NAN902"), ("pafpn.py", 17, "NAN902")]


def test_a_lambdas_parameter_default_is_a_constant_like_a_functions(tmp_path):
    write(
        tmp_path,
        "train.py",
        "import torch\n\nx = torch.randn(4).half()\nclip = lambda t, eps=1e-8: t.clamp(min=eps)\ny = clip(x)\n",
    )
    report = check(tmp_path, "train.py")
    assert not report.errors
    assert [(f.line, f.code) for f in report.findings] == [(4, "NAN801")]


def test_a_display_that_names_itself_resolves_to_nothing_rather_than_recursing(tmp_path):
    write(
        tmp_path,
        "train.py",
        "import torch\n\nx = torch.randn(4).half()\np1 = (0, 1e-8)\np1 = x.shape[0], p1[1]\ny = x.clamp(min=p1[1])\n",
    )
    assert not check(tmp_path, "train.py").errors


GAN_TRAINER = """
from losses import generator_loss


def train_step(G, D, opt_g, opt_d, noise, real):
    fake = G(noise)
    d_loss = D(real).mean() - D(fake.detach()).mean()
    g_loss = generator_loss(D(fake))
    opt_d.zero_grad()
    d_loss.backward()
    opt_d.step()
    opt_g.zero_grad()
    g_loss.backward()
    opt_g.step()
"""

GAN_TRAIN = """
import itertools
import torch
import torch.nn as nn
from trainer import train_step

G, D, D2 = nn.Linear(4, 4), nn.Linear(4, 1), nn.Linear(4, 1)
opt_g = torch.optim.Adam(G.parameters())
opt_d = torch.optim.Adam({discriminators})
train_step(G, D, opt_g, opt_d, torch.randn(2, 4), torch.randn(2, 4))
"""


def test_an_optimizer_the_callers_pass_steps_the_model_they_pass_beside_it(tmp_path):
    write(tmp_path, "losses.py", "import torch\n\n\ndef generator_loss(out):\n    return -out.mean()\n")
    write(tmp_path, "trainer.py", GAN_TRAINER)
    write(tmp_path, "train.py", GAN_TRAIN.format(discriminators="D.parameters()"))
    assert found(check(tmp_path, "trainer.py")) == [("trainer.py", 10, "NAN904")]


def test_an_optimizer_of_chained_parameters_updates_each_model(tmp_path):
    write(tmp_path, "losses.py", "import torch\n\n\ndef generator_loss(out):\n    return -out.mean()\n")
    write(tmp_path, "trainer.py", GAN_TRAINER)
    write(tmp_path, "train.py", GAN_TRAIN.format(discriminators="itertools.chain(D2.parameters(), D.parameters())"))
    assert found(check(tmp_path, "trainer.py")) == [("trainer.py", 10, "NAN904")]


EDGE_MODEL = """
import torch
import torch.nn as nn


class EdgeModel:
    def __init__(self, generator, discriminator):
        self.generator, self.discriminator = generator, discriminator
        self.gen_optimizer = torch.optim.Adam(generator.parameters())
        self.dis_optimizer = torch.optim.Adam(discriminator.parameters())

    def process(self, images):
        outputs = self.generator(images)
        dis_loss = self.discriminator(images).mean() - self.discriminator(outputs.detach()).mean()
        gen_loss = -self.discriminator(outputs).mean()
        return outputs, gen_loss, dis_loss

    def backward(self, gen_loss, dis_loss):
        dis_loss.backward()
        self.dis_optimizer.step()
        gen_loss.backward()
        self.gen_optimizer.step()
"""

EDGE_MAIN = """
import torch
import torch.nn as nn
from models import EdgeModel

edge_model = EdgeModel(nn.Linear(4, 4), nn.Linear(4, 1))
images = torch.randn(2, 4)
outputs, gen_loss, dis_loss = edge_model.process(images)
{backward}
"""


def test_a_loss_the_callers_pass_was_built_through_the_model_a_method_steps_before_its_backward(tmp_path):
    write(tmp_path, "models.py", EDGE_MODEL)
    write(tmp_path, "main.py", EDGE_MAIN.format(backward="edge_model.backward(gen_loss, dis_loss)"))
    (finding,) = check(tmp_path, "models.py").findings
    assert (finding.line, finding.code) == (19, "NAN904")
    assert "passed at main.py:8" in finding.message


def test_a_loss_the_callers_build_without_the_stepped_model_is_no_stale_graph(tmp_path):
    write(tmp_path, "models.py", EDGE_MODEL)
    write(tmp_path, "main.py", EDGE_MAIN.format(backward="edge_model.backward(-outputs.mean(), dis_loss)"))
    assert found(check(tmp_path, "models.py")) == []


GAN_UPDATES = """
import torch


class GANTrainer:
    def __init__(self, G, D):
        self.G, self.D = G, D
        self.opt_D = torch.optim.Adam(D.parameters())
        self.opt_G = torch.optim.Adam(G.parameters())

    def losses(self, real, z):
        fake_score = self.D(self.G(z))
        return self.D(real).mean() - fake_score.mean(), fake_score.mean()

    def update_D(self, d_loss):
        self.opt_D.zero_grad()
        d_loss.backward(retain_graph=True)
        self.opt_D.step()

    def update_G(self, g_loss):
        self.opt_G.zero_grad()
        g_loss.backward()
        self.opt_G.step()
"""

GAN_UPDATES_TRAIN = """
import torch
import torch.nn as nn
from trainer import GANTrainer

trainer = GANTrainer(nn.Linear(4, 4), nn.Linear(4, 1))
real, z = torch.randn(2, 4), torch.randn(2, 4)
d_loss, g_loss = trainer.losses(real, z)
trainer.update_D(d_loss)
{g_loss}trainer.update_G(g_loss)
"""


def test_a_step_a_method_in_another_file_makes_is_reported_at_its_call(tmp_path):
    write(tmp_path, "trainer.py", GAN_UPDATES)
    write(tmp_path, "train.py", GAN_UPDATES_TRAIN.format(g_loss=""))
    (finding,) = check(tmp_path, "train.py").findings
    assert (finding.line, finding.code) == (8, "NAN904")
    assert finding.message.startswith("`trainer.opt_D.step()` changes `trainer.D`'s parameters")


def test_a_loss_computed_again_after_a_method_steps_the_model_is_no_stale_graph(tmp_path):
    write(tmp_path, "trainer.py", GAN_UPDATES)
    write(tmp_path, "train.py", GAN_UPDATES_TRAIN.format(g_loss="_, g_loss = trainer.losses(real, z)\n"))
    assert found(check(tmp_path, "train.py")) == []


def test_a_file_that_never_names_torch_is_checked_beside_the_files_that_do(tmp_path):
    helper = "def masked_mean(x, mask):\n    return (x * mask).sum() / mask.sum()\n"
    write(tmp_path, "project/helpers.py", helper)
    write(tmp_path, "project/train.py", "import torch\nfrom helpers import masked_mean\n")
    write(tmp_path, "elsewhere/helpers.py", helper)
    assert found(check(tmp_path, "project/helpers.py")) == [("helpers.py", 2, "NAN402")]
    assert found(check(tmp_path, "elsewhere/helpers.py")) == []


FACTORY = """
import torch


def build_optimizer(params, cfg):
    if cfg["type"] == "sgd":
        return torch.optim.SGD(params, lr=cfg["lr"], momentum=0.9)
    return torch.optim.Adam(params, lr=cfg["lr"])
"""


def test_an_optimizer_a_factory_in_another_file_builds(tmp_path):
    write(tmp_path, "optim.py", FACTORY)
    write(
        tmp_path,
        "train.py",
        """
        import torch
        import torch.nn as nn
        from optim import build_optimizer

        model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 1)).half()
        optimizer = build_optimizer(model[0].parameters(), {"type": "adam", "lr": 1e-3})
        loss = model(torch.randn(2, 4).half()).float().mean()
        loss.backward()
        optimizer.step()
    """,
    )
    (finding,) = check(tmp_path, "train.py").findings
    assert (finding.line, finding.code) == (9, "NAN803")
    assert "`torch.optim.Adam` at optim.py:7" in finding.message



BLOCKS = """
import torch.nn as nn


class ActConvBlock(nn.Module):
    def __init__(self, cin, cout, activate=True):
        super().__init__()
        self.activate = activate
        if activate:
            self.activ = nn.ReLU(inplace=True)
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x):
        if self.activate:
            x = self.activ(x)
        return self.conv(x)


class ConvActBlock(ActConvBlock):
    def forward(self, x):
        x = self.conv(x)
        return self.activ(x)


def center_(x):
    x.sub_(x.mean())
    return x
"""

UNITS = """
import torch
import torch.nn as nn

from blocks import ActConvBlock, ConvActBlock, center_


class Unit(nn.Module):
    def __init__(self, c, reps):
        super().__init__()
        self.identity_conv = nn.Conv2d(c, c, 1)
        self.block = ActConvBlock(c, c)
        self.safe = ConvActBlock(c, c)
        self.body = nn.Sequential()
        for i in range(reps):
            self.body.add_module(f"block{i}", ActConvBlock(c, c))

    def forward(self, x):
        identity = self.identity_conv(x)
        y = self.safe(x)
        z = self.body(x)
        x = self.block(x)
        g = torch.sigmoid(y)
        center_(g)
        return x + identity + z + g
"""


def test_a_call_that_changes_its_argument_in_place_in_another_file_breaks_what_saved_it(tmp_path):
    write(tmp_path, "blocks.py", BLOCKS)
    write(tmp_path, "units.py", UNITS)
    findings = check(tmp_path, "units.py").findings
    assert [(f.line, f.code) for f in findings] == [(20, "NAN902"), (21, "NAN902"), (23, "NAN902")]
    assert "its `forward` changes it with `self.activ` (an in-place `nn.ReLU`)" in findings[1].message
    assert "its `center_` changes it with `.sub_()`" in findings[2].message


CONV_BN = """
import torch.nn as nn
import torch.nn.functional as F


class ConvBN(nn.Module):
    def __init__(self, cin, cout, activation="relu"):
        super().__init__()
        self.activation = activation
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.bn = nn.BatchNorm2d(cout)

    def forward(self, x):
        x = self.bn(self.conv(x))
        if self.activation == "relu":
            return F.relu(x)
        return x
"""

PATH = """
import torch.nn as nn
from blocks import ConvBN


class ResPath(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.shortcut = ConvBN(channels, channels, activation=None)
        self.body = ConvBN(channels, channels)

    def forward(self, x):
        shortcut = self.shortcut(x)
        shortcut += x
        out = self.body(x)
        out += shortcut
        return out
"""


def test_a_forward_is_summarised_for_the_settings_of_each_construction(tmp_path):
    """`self.body` (activation left "relu") returns a ReLU output, which `+=` breaks; `self.shortcut`
    (activation=None) returns the batch norm's output, which `+=` may change."""
    write(tmp_path, "blocks.py", CONV_BN)
    write(tmp_path, "path.py", PATH)
    assert [f for f in found(check(tmp_path)) if f[2] == "NAN902"] == [("path.py", 15, "NAN902")]


def test_a_setting_some_construction_passes_as_a_tensor_decides_no_branch(tmp_path):
    write(tmp_path, "blocks.py", CONV_BN)
    write(tmp_path, "path.py", PATH.replace("ConvBN(channels, channels)", "ConvBN(channels, channels, x)"))
    write(tmp_path, "other.py", "from blocks import ConvBN\nimport torch\n\nx = torch.randn(3)\nb = ConvBN(3, 3, x)\n")
    assert not [f for f in found(check(tmp_path)) if f[2] == "NAN902"]


SCALED_CONFIG = """
from dataclasses import dataclass


@dataclass
class Config:
    dim: int = 8
    logit_scale_init: float = {init}
"""

SCALED_MODEL = """
import torch
import torch.nn as nn
import torch.nn.functional as F


class Scorer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.proj = nn.Linear(config.dim, config.dim)
        self.logit_scale = nn.Parameter(torch.tensor(config.logit_scale_init))

    def forward(self, a, b):
        return self.logit_scale.exp() * F.normalize(self.proj(a)) @ F.normalize(self.proj(b)).T
"""

SCALED_TRAIN = """
import torch
from config import Config
from model import Scorer

model = Scorer(Config())
loss = model(torch.randn(4, 8), torch.randn(4, 8)).logsumexp(-1).mean()
loss.backward()
"""


def test_a_setting_of_a_config_class_in_another_file_is_a_constant_of_the_model(tmp_path):
    write(tmp_path, "model.py", SCALED_MODEL)
    write(tmp_path, "train.py", SCALED_TRAIN)
    write(tmp_path, "config.py", SCALED_CONFIG.format(init="100.0"))  # exp(100) is inf in float32
    assert ("model.py", 13, "NAN507") in found(check(tmp_path))
    write(tmp_path, "config.py", SCALED_CONFIG.format(init="2.6592"))  # CLIP's log(1 / 0.07)
    assert ("model.py", 13, "NAN507") not in found(check(tmp_path))


def test_a_script_in_a_crowded_folder_looks_for_callers_beside_it_only(tmp_path, monkeypatch):
    from nanlint.analysis import project

    monkeypatch.setattr(project, "MAX_ROOT_FILES", 4)
    write(tmp_path, "model.py", MODEL)
    write(tmp_path, "losses.py", LOSSES)
    write(tmp_path, "train.py", TRAIN)
    for number in range(4):  # the crowd: other scripts below, which the first files of a walk would take in
        write(tmp_path, f"runs/run{number}.py", f"import helper{number}\n")
    index = project._index_imports(tmp_path, tmp_path)
    assert "losses" in index and not any(name.startswith("helper") for name in index)
    report = check(tmp_path, "losses.py")
    assert any(f.line == 9 and "train.py" in f.message for f in report.findings)  # the caller beside it still counts


def test_a_step_and_a_backward_made_by_calls_in_either_branch_of_an_if_is_no_stale_graph(tmp_path):
    write(tmp_path, "trainer.py", GAN_UPDATES)
    branches = "if real.sum() > 0:\n    trainer.update_D(d_loss)\nelse:\n    trainer.update_G(g_loss)\n"
    train = GAN_UPDATES_TRAIN.format(g_loss="").replace("trainer.update_D(d_loss)\ntrainer.update_G(g_loss)\n", branches)
    assert branches in train
    assert found(check(tmp_path, "train.py")) == []


BURRITO = """
import torch


def zero_diagonal(predictions, index):
    predictions[torch.arange(predictions.shape[0]), index] = -1e9
    return predictions


class Burrito:
    def __init__(self, model):
        self.model = model
        self.cce_loss = torch.nn.CrossEntropyLoss()

    def loss_of_batch(self, x, index, subs):
        predictions = zero_diagonal(self.model(x), index)
        mask = subs == 1
        return self.cce_loss(predictions[mask], subs[mask])
"""


def test_a_call_described_from_a_function_above_its_class_is_described_again_in_its_own(tmp_path):
    write(tmp_path, "burrito.py", BURRITO)
    assert ("burrito.py", 17, "NAN702") in found(check(tmp_path, "burrito.py"))


FACTOR_LOSS = """
import torch
import torch.nn.functional as F


class FactorLoss:
    def __init__(self, discriminator):
        self.discriminator = discriminator
        self.optimizer_d = torch.optim.Adam(discriminator.parameters())

    def optimize(self, data, model, optimizer):
        latent = model(data)
        d_z = self.discriminator(latent)
        vae_loss = latent.pow(2).mean() + d_z.mean()
        optimizer.zero_grad()
        vae_loss.backward(retain_graph=True)
        optimizer.step()
        d_loss = F.cross_entropy(d_z, torch.zeros(len(d_z), dtype=torch.long))
        d_loss.backward()
"""

TRAINER = """
class Trainer:
    def __init__(self, model, optimizer, loss_f):
        self.model = model
        self.optimizer = optimizer
        self.loss_f = loss_f

    def train(self, loader):
        for data in loader:
            self.loss_f.optimize(data, self.model, self.optimizer)
"""

FACTOR_MAIN = """
import torch
import torch.nn as nn
from losses import FactorLoss
from training import Trainer

model, other = nn.Linear(8, 4), nn.Linear(8, 4)
optimizer = torch.optim.Adam({optimized}.parameters())
loss_f = FactorLoss(nn.Linear(4, 2))
trainer = Trainer(model, optimizer, loss_f)
"""


def test_an_optimizer_a_trainer_keeps_steps_the_model_the_script_gives_it_beside(tmp_path):
    write(tmp_path, "losses.py", FACTOR_LOSS)
    write(tmp_path, "training.py", TRAINER)
    write(tmp_path, "main.py", FACTOR_MAIN.format(optimized="model"))
    assert found(check(tmp_path, "losses.py")) == [("losses.py", 16, "NAN904")]


def test_an_optimizer_a_trainer_keeps_over_another_model_is_no_stale_graph(tmp_path):
    write(tmp_path, "losses.py", FACTOR_LOSS)
    write(tmp_path, "training.py", TRAINER)
    write(tmp_path, "main.py", FACTOR_MAIN.format(optimized="other"))
    assert found(check(tmp_path, "losses.py")) == []


BASE_METRIC = """
import torch.nn as nn


class Metric(nn.Module):
    def distance(self, a, b):
        raise NotImplementedError

    def {caller}(self, a, b):
        return self.distance(a, b).mean()
"""

EUCLIDEAN = """
import torch
from base import Metric


class Euclidean(Metric):
    def distance(self, a, b):
        return torch.sqrt(((a - b) ** 2).sum(-1))
"""


def test_an_override_runs_where_the_base_class_calls_its_abstract_method(tmp_path):
    write(tmp_path, "base.py", BASE_METRIC.format(caller="forward"))
    write(tmp_path, "euclidean.py", EUCLIDEAN)
    assert found(check(tmp_path, "euclidean.py")) == [("euclidean.py", 7, "NAN205")]


def test_an_override_the_base_class_runs_outside_training_is_not_differentiated(tmp_path):
    write(tmp_path, "base.py", BASE_METRIC.format(caller="describe"))
    write(tmp_path, "euclidean.py", EUCLIDEAN)
    assert found(check(tmp_path, "euclidean.py")) == []


STATS = """
import torch


def spread(values):
    centred = values - values.mean(-1, keepdim=True)
    return torch.sqrt((centred**2).sum(-1))
"""

PEARSON = """
import torch
import torch.nn as nn
from stats import spread


class PearsonLoss(nn.Module):
    def forward(self, pred, target):
        return 1 - ((pred * target).sum(-1) / (spread({target}) * spread(target) + 1e-8)).mean()
"""


def test_a_helpers_parameter_is_data_when_every_call_of_the_project_passes_data(tmp_path):
    write(tmp_path, "stats.py", STATS)
    write(tmp_path, "losses.py", PEARSON.format(target="target"))
    assert found(check(tmp_path, "stats.py")) == []  # the targets' spread: no gradient reaches it
    write(tmp_path, "losses.py", PEARSON.format(target="pred"))
    assert found(check(tmp_path, "stats.py")) == [("stats.py", 6, "NAN201")]


WRAPPER = """
import torch
import torch.nn as nn


class PositionalWrapper(nn.Module):
    def __init__(self, dim, length, dim_in=None):
        super().__init__()
        self.project_in = nn.Linear(dim_in, dim) if dim_in is not None and dim_in > 0 else nn.Identity()
        self.pos = nn.Parameter(torch.zeros(length, dim))

    def forward(self, x):
        x = self.project_in(x)
        x += self.pos[: x.shape[1]]
        return x
"""

RECURRENT = """
import torch.nn as nn
from wrapper import PositionalWrapper


class Model(nn.Module):
    def __init__(self, dim, length):
        super().__init__()
        self.rnn = nn.LSTM(dim, dim, batch_first=True)
        self.wrap = PositionalWrapper(dim, length)

    def forward(self, x):
        x, _ = self.rnn(x)
        return self.wrap(x)
"""


def test_an_in_place_change_of_a_parameter_every_call_in_another_file_fills_with_a_saved_output(tmp_path):
    """`project_in` may be an identity (no `dim_in`), so `x += ...` changes the LSTM's output the caller
    passed; a GRU's output is saved by nothing."""
    write(tmp_path, "wrapper.py", WRAPPER)
    write(tmp_path, "model.py", RECURRENT)
    assert found(check(tmp_path, "wrapper.py")) == [("wrapper.py", 13, "NAN902")]
    write(tmp_path, "model.py", RECURRENT.replace("nn.LSTM", "nn.GRU"))
    assert found(check(tmp_path, "wrapper.py")) == []


HELPERS = """
import torch.nn as nn

ACTIVATIONS = {"relu": nn.ReLU, "gelu": nn.GELU}
"""

FEED_FORWARD = """
import torch.nn as nn
from helpers import ACTIVATIONS


class FeedForward(nn.Module):
    def __init__(self, dim, activation="relu"):
        super().__init__()
        self.fc1 = nn.Linear(dim, 4 * dim)
        self.fc2 = nn.Linear(4 * dim, dim)
        self.act = ACTIVATIONS[activation]()
        self.drop = nn.Dropout(0.1, inplace=True)

    def forward(self, x):
        return self.fc2(self.drop(self.act(self.fc1(x))))
"""


def test_a_table_another_file_assigns_selects_the_module_a_key_names(tmp_path):
    write(tmp_path, "helpers.py", HELPERS)
    write(tmp_path, "ffn.py", FEED_FORWARD)
    assert found(check(tmp_path, "ffn.py")) == [("ffn.py", 14, "NAN902")]
    write(tmp_path, "ffn.py", FEED_FORWARD.replace('activation="relu"', 'activation="gelu"'))
    assert found(check(tmp_path, "ffn.py")) == []


CONV_MODULE = """
import torch.nn as nn


class ConvModule(nn.Module):
    def __init__(self, cin, cout, act_cfg=dict(type="ReLU")):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.activate = nn.ReLU() if act_cfg is not None else None

    def forward(self, x):
        x = self.conv(x)
        if self.activate is not None:
            x = self.activate(x)
        return x
"""

ATTENTION_LAYER = """
import torch.nn as nn
from cnn import ConvModule


class AttentionLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.pre_conv = ConvModule(dim, dim)

    def forward(self, x, pos=None):
        x = self.pre_conv(x)
        if pos is not None:
            x += pos
        return x
"""


def test_a_module_of_a_plain_folder_imports_the_modules_beside_the_script_and_calls_the_side_that_is_not_none(
    tmp_path,
):
    """`necks/` has no `__init__.py`: `from cnn import ...` finds `cnn.py` beside the entry script, and
    `self.activate(x)` runs the ReLU (calling None would raise)."""
    write(tmp_path, "cnn.py", CONV_MODULE)
    write(tmp_path, "necks/attention.py", ATTENTION_LAYER)
    write(tmp_path, "train.py", "import torch\nfrom necks.attention import AttentionLayer\n")
    assert found(check(tmp_path, "necks/attention.py")) == [("attention.py", 13, "NAN902")]
    write(tmp_path, "cnn.py", CONV_MODULE.replace("nn.ReLU()", "nn.GELU()"))
    assert found(check(tmp_path, "necks/attention.py")) == []


BRANCH_CASES = {
    # a test in a loop: a later pass sees `prev = x`
    "loop": (
        """
import torch


def smoothness(xs):
    prev = None
    total = torch.ones(1)
    for x in xs:
        if prev is not None:
            total = torch.relu(x - prev)
        prev = x
    return torch.log(total)
""",
        ("m.py", 11, "NAN101"),
    ),
    # an `elif` test sees what was assigned before its chain, not in the `if` body above it
    "elif": (
        """
import torch


def weighted_mean(x, weights=None):
    if x.dim() > 1:
        weights = torch.ones_like(x)
        w = weights
    elif weights is None:
        w = (x > 0).float()
    else:
        w = weights.clamp_min(1e-3)
    return (x * w).sum() / w.sum()


def main():
    return weighted_mean(torch.randn(8, requires_grad=True), None)
""",
        ("m.py", 12, "NAN402"),
    ),
    # `batch.get("weights")` may be None: its test is undecided
    "get": (
        """
import torch


def weighted_mean(x, weights=None):
    if weights is not None:
        w = weights.clamp_min(1e-3)
    else:
        w = (x > 0).float()
    return (x * w).sum() / w.sum()


def step(batch):
    return weighted_mean(torch.randn(8, requires_grad=True), batch.get("weights"))
""",
        ("m.py", 9, "NAN402"),
    ),
}


@pytest.mark.parametrize("case", sorted(BRANCH_CASES))
def test_a_side_that_can_run_keeps_its_assignments(tmp_path, case):
    source, finding = BRANCH_CASES[case]
    write(tmp_path, "m.py", source)
    assert finding in found(check(tmp_path))


CALLED_THEN_ASSIGNED = """
import torch


def main():
    x = torch.randn(8, requires_grad=True)
    w = None
    if w is None:
        w = torch.rand(8)
    loss = weighted_mean(x, w)
    if True:
        pass
    return loss


def weighted_mean(x, weights=None):
    if weights is not None:
        w = weights.clamp_min(1e-3)
    else:
        w = (x > 0).float()
    return (x * w).sum() / w.sum()
"""


def test_a_caller_defined_first_is_judged_where_it_passes_the_argument(tmp_path):
    write(tmp_path, "m.py", CALLED_THEN_ASSIGNED)
    assert ("m.py", 20, "NAN402") not in found(check(tmp_path))  # `w = torch.rand(8)` is what reaches the call
