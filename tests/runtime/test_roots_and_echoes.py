"""`nanlint verify` names only the ops that made a value non-finite: not the ops that hand back their
input, not what a root's NaN poisoned downstream, not a value computed and thrown away, and not the
edge values a test suite feeds on purpose. Real CLI, real torch, real subprocesses."""

import json
import sys
import textwrap

from cli_support import line_of

PYTHON = sys.executable


def write(directory, name, text):
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


def verify_json(nanlint, folder, *command, options=()):
    result = nanlint("verify", ".", "--output-format", "json", "--no-progress", *options, "--run", *command,
                     cwd=folder)
    return result, json.loads(result.stdout)


def runtime_lines(document):
    return sorted((r["line"], r["code"], r["event"]["op"]) for r in document["runtime_findings"])


def test_ops_that_hand_back_their_input_are_not_roots(nanlint, tmp_path):
    script = write(tmp_path, "identity.py", """
        import torch
        import torch.nn.functional as F

        w = torch.zeros(3, requires_grad=True)
        torch.sqrt(w * 0).sum().backward()  # sqrt-root
        torch.nn.utils.clip_grad_norm_([w], 1.0)  # clip: its internal `.to` hands back a NaN norm
        x = torch.log(torch.zeros(2))  # log-root
        x.float()
        x.to(torch.float32)
        F.dropout(x, 0.5, training=False)
        x.type_as(x)
        x.to(torch.float16)
    """)
    result, document = verify_json(nanlint, tmp_path, PYTHON, "identity.py")
    assert result.returncode == 1, result.stderr
    assert runtime_lines(document) == [
        (line_of(script, "# sqrt-root"), "NAN012", "sqrt"), (line_of(script, "# log-root"), "NAN011", "log")]


TRAINING = """
    import io
    import torch
    import torch.nn as nn

    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)


    def loss_of(out, y, step):
        err = (out - y) ** 2
        if step == BAD_STEP:
            err = err / torch.zeros_like(err)  # loss-root
        return err.mean()


    for step in range(STEPS):
        x, y = torch.randn(16, 4), torch.randn(16, 1)
        out = model(x)  # model-call
        loss = loss_of(out, y, step)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    buffer = io.BytesIO()
    torch.save(torch.tensor([1.0, float("nan")]), buffer)
    buffer.seek(0)
    outside = torch.load(buffer)
    print((outside * 2).sum())  # loaded-data
"""


def test_weights_a_root_poisoned_are_its_echoes_not_data_from_outside(nanlint, tmp_path):
    script = write(tmp_path, "train.py", "BAD_STEP, STEPS = 5, 8\n" + textwrap.dedent(TRAINING))
    result, document = verify_json(nanlint, tmp_path, PYTHON, "train.py", options=("--monitor", "full"))
    assert result.returncode == 1, result.stderr
    root_line, model_line = line_of(script, "# loss-root"), line_of(script, "# model-call")
    assert [(r["line"], r["code"]) for r in document["runtime_findings"]] == [(line_of(script, "# loaded-data"), "NAN015")]
    (division,) = document["findings"]
    assert (division["line"], division["outcome"]) == (root_line, "confirmed")
    assert {(e["line"], e["op"]) for e in document["echoes"]} <= {(model_line, "linear"), (model_line, "batch_norm")}
    assert document["echoes"] and all(e["origin"]["line"] == root_line for e in document["echoes"])
    assert any("an echo of the NaN/Inf born at train.py:%d (div) at step 5" % root_line in n for n in document["notes"])
