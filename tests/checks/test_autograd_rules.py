"""The autograd rules (NAN901-NAN904): in-place changes to leaves (module parameters included) and
to tensors autograd saved, `inplace=True` after a saving module (and its fix through the CLI), an
optimizer step between building a graph and its backward."""

from cli_support import findings_of
from nanlint.project.checker import Checker
from nanlint.checks.registry import load_catalog
from nanlint.project.config import Settings


def test_leaf_check_survives_tuple_targets_and_reports_their_line():
    text = """
import torch

def decay(model):
    for name, p in model.named_parameters():
        p.mul_(0.9)
"""
    assert findings_of(text, ["NAN901"]) == [("NAN901", 6)]

def test_module_parameters_count_as_leaves_until_the_module_is_frozen():
    text = """
import torch.nn as nn

head = nn.Linear(8, 2)
head.weight[0] = 0.0
head.requires_grad_(False)
head.weight[1] = 0.0
head = nn.Linear(8, 2)
head.bias.zero_()
"""
    assert findings_of(text, ["NAN901"]) == [("NAN901", 5), ("NAN901", 9)]

def test_module_classes_of_the_file_hold_the_parameters_they_set():
    text = """
import torch
import torch.nn as nn

class Scale(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))
        self.proj = nn.Linear(n, n)
        self.register_buffer("bias", torch.zeros(n))

m = Scale(4).to("cpu")
m.weight.fill_(0.5)
m.proj.bias.zero_()
m.bias.zero_()
m.extra.weight.zero_()
"""
    assert findings_of(text, ["NAN901"]) == [("NAN901", 13), ("NAN901", 14)]

def test_saved_output_check_everywhere_when_asked(tmp_path):
    rule_file = tmp_path / "extra.toml"
    rule_file.write_text('''
family = "extra"
[[rule]]
code = "NAN949"
name = "inplace-on-saved-output-anywhere"
message = "{how} on `{target}` saved by {saver} (line {line})"
check = "saved-output-inplace"
[rule.params]
training_code_only = false
[rule.docs]
what = "w"
why = "w"
instead = "w"
[[rule.bad]]
code = "x"
[[rule.good]]
code = "x"
''', encoding="utf-8")
    catalog = load_catalog([rule_file])
    text = """
import torch

def schedule(betas):
    s = (1 - betas).cumprod(0).sqrt()
    s -= s[-1].clone()
    return s
"""
    for code, expected in (("NAN902", []), ("NAN949", [("NAN949", 6)])):
        result = Checker(Settings(select=(code,)), catalog).check_text(text, "sched.py")
        assert [(f.code, f.line) for f in result.findings] == expected

def test_saved_input_changed_on_the_next_pass_of_a_loop_unless_reassigned_in_it():
    text = """
import torch
import torch.nn as nn

class Net(nn.Module):
    def forward(self, w, h, steps):
        for _ in range(steps):
            h[0] = 0
            out = torch.matmul(w, h)
        g = h.clone()
        for _ in range(steps):
            g[0] = 0
            out = torch.matmul(w, g)
            g = out.tanh()
        return out
"""
    assert findings_of(text, ["NAN902"]) == [("NAN902", 8)]

def test_cli_fixes_an_inplace_dropout_after_relu(tmp_path, nanlint):
    source = tmp_path / "head.py"
    source.write_text("import torch.nn as nn\n\nhead = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Dropout(0.5, inplace=True))\n", encoding="utf-8")
    checked = nanlint("check", source, "--select", "NAN903", "--output-format", "concise")
    assert checked.returncode == 1 and "NAN903" in checked.stdout
    fixed = nanlint("check", source, "--select", "NAN903", "--fix")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert "nn.Dropout(0.5, inplace=False)" in source.read_text(encoding="utf-8")

def test_step_between_backward_follows_grad_scaler_and_lightning_style_helpers():
    text = """
import torch

def step(G, D, z, real, scaler, accelerator, bce):
    opt_d = torch.optim.SGD(D.parameters(), lr=0.1)
    fake = G(z)
    d_loss = bce(D(real), 1) + bce(D(fake.detach()), 0)
    g_loss = bce(D(fake), 1)
    accelerator.backward(d_loss)
    scaler.step(opt_d)
    scaler.scale(g_loss).backward()
"""
    assert findings_of(text, ["NAN904"]) == [("NAN904", 10)]


def test_saved_output_check_survives_methods_of_nested_classes():
    """The gradient analysis does not know a nested class's methods: no finding, and no internal error."""
    text = """
import torch

class Dataset:
    class Buffer:
        def fill(self, x):
            y = torch.sigmoid(x)
            y.mul_(2)
            y.sum().backward()
            return y
"""
    assert findings_of(text, ["NAN902"]) == []


def test_an_element_taken_at_any_integer_spelling_is_judged_without_error():
    text = """
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)

    def forward(self, x):
        o = torch.sigmoid(self.lin(x))[0x1]
        o.mul_(2)
        return o
"""
    assert findings_of(text, ["NAN902"]) == [("NAN902", 13)]


def test_a_helper_used_for_two_models_in_swapped_roles_names_no_updated_model():
    text = """
import torch
from torch.optim import SGD


def update(model, peer, optimizer, x):
    peer_out = peer(x)
    loss = model(x).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    peer_out.pow(2).mean().backward()


class Trainer:
    def __init__(self, model, peer, optimizer):
        self.model, self.peer, self.optimizer = model, peer, optimizer

    def train(self, x):
        update(self.model, self.peer, self.optimizer, x)


a, b = torch.nn.Linear(2, 2), torch.nn.Linear(2, 2)
t1 = Trainer(a, b, SGD(a.parameters(), lr=0.1))
t2 = Trainer(b, a, SGD(b.parameters(), lr=0.1))
"""
    assert findings_of(text, ["NAN904"]) == []


def test_pseudo_labels_a_comparison_or_an_argmax_makes_carry_no_graph_into_a_later_backward():
    text = """
import torch
import torch.nn.functional as F


def train_step(model, opt, x, y):
    loss = F.binary_cross_entropy_with_logits(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()


model = torch.nn.Linear(2, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x_l, y_l, x_u = torch.randn(4, 2), torch.rand(4, 1), torch.randn(4, 2)
pseudo = {labels}
train_step(model, opt, x_l, y_l)
train_step(model, opt, x_u, pseudo)
"""
    for labels in ("(model(x_u) > 0).float()", "model(x_u).max(1)[1].float()[:, None]"):
        assert findings_of(text.format(labels=labels), ["NAN904"]) == []
    assert findings_of(text.format(labels="torch.sigmoid(model(x_u))"), ["NAN904"]) == [("NAN904", 10)]


def test_a_module_class_nested_in_another_class_is_differentiated_like_any_other():
    text = """
import torch
import torch.nn as nn


class Builder:
    class Network(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(4, 4)

        def forward(self, x):
            y = torch.sigmoid(self.fc(x))
            y.mul_(2)
            return y
"""
    assert findings_of(text, ["NAN902"]) == [("NAN902", 14)]


def test_a_function_that_escapes_as_a_value_is_not_run_only_without_grad():
    """`scale_loss` is called under no_grad once, but a table holds it too and training calls it there."""
    text = """
import torch


def scale_loss(h):
    x = torch.sigmoid(h)
    x.mul_(2)
    return x


def evaluate(h):
    with torch.no_grad():
        return scale_loss(h)


LOSSES = {"scale": scale_loss}


def train(h):
    loss = LOSSES["scale"](h).sum()
    loss.backward()
"""
    assert findings_of(text, ["NAN902"]) == [("NAN902", 7)]


def test_enable_grad_inside_no_grad_turns_grad_back_on_for_the_calls_it_holds():
    text = """
import torch


def guide_loss(h):
    x = torch.sigmoid(h)
    x.mul_(2)
    return x.sum()


@torch.no_grad()
def sample(h):
    for _ in range(10):
        with torch.enable_grad():
            h = h.detach().requires_grad_(True)
            g = torch.autograd.grad(guide_loss(h), h)[0]
        h = h - g
    return h
"""
    assert findings_of(text, ["NAN902"]) == [("NAN902", 7)]


def test_a_loop_body_rebinding_the_name_is_not_a_path_that_skips_it():
    """The blocks run: `x += h` changes the last Linear's output, not the ReLU's."""
    text = """
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(4, 4)
        self.relu = nn.ReLU()
        self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

    def forward(self, h):
        x = self.relu(self.stem(h))
        for blk in self.blocks:
            x = blk(x)
        x += h
        return x

"""
    assert findings_of(text, ["NAN902"]) == []


def test_a_given_module_wrapped_in_a_sequential_of_itself_is_judged_without_end():
    text = """
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self, conv):
        super().__init__()
        self.conv = conv
        self.conv = nn.Sequential(self.conv, nn.ReLU())

    def forward(self, x):
        return self.conv(x)
"""
    assert findings_of(text, ["NAN902"]) == []


def test_an_if_without_else_keeps_the_assignment_before_it_on_the_path_that_takes_no_side():
    """Lines 11 and 29 change the sigmoid output when no side is taken; with an `else` (M4) every path rebinds."""
    text = """
import torch
import torch.nn as nn


class M(nn.Module):
    def forward(self, h, flag):
        x = torch.sigmoid(h)
        if flag:
            x = h * 2
        x.mul_(2)
        return x


class M2(nn.Module):
    def forward(self, h, flag):
        x = torch.sigmoid(h)
        x.mul_(2)
        return x


class M3(nn.Module):
    def forward(self, h, a, b):
        x = torch.sigmoid(h)
        if a:
            x = h * 2
        elif b:
            x = h * 3
        x.mul_(2)
        return x

class M4(nn.Module):
    def forward(self, h, a, b):
        x = torch.sigmoid(h)
        if a:
            x = h * 2
        else:
            x = h * 3
        x.mul_(2)
        return x
"""
    assert findings_of(text, ["NAN902"]) == [("NAN902", 11), ("NAN902", 18), ("NAN902", 29)]
