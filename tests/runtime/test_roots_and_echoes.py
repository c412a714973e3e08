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
