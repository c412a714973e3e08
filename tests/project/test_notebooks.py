"""Jupyter notebooks through the real CLI: real nbformat 4 files (outputs, metadata, cell ids) in
tmp_path, walked and named, located as `nb.ipynb:cell N:LINE:COL` in every output format, fixed in
place with every other byte of the JSON kept, and checked by the real pre-commit hook."""

import json
import os
import re
import sys

import pytest
from cli_support import RISKY, ROOT, call_nanlint, sarif_schema, write
from test_packaging import clean_env, committed_copy_of_this_checkout, git, needs_git, run

RULES = ("--select", "NAN101,NAN102")
LOG_SOFTMAX = "logp = torch.log(F.softmax(logits, dim=-1))"  # NAN102 at column 8, to column 44
LOG_COUNT = "loss = torch.log(hits)"  # NAN101 at column 8, to column 23


def markdown(text):
    return {"cell_type": "markdown", "id": "notes", "metadata": {}, "source": text.splitlines(True)}


def code(text, outputs=(), number=None, cell_id=None):
    return {
        "cell_type": "code",
        "execution_count": number,
        "id": cell_id or f"cell-{number}",
        "metadata": {"collapsed": False, "tags": ["train"]},
        "outputs": list(outputs),
        "source": text.splitlines(True),
    }


STREAM = {"name": "stdout", "output_type": "stream", "text": ["épochs: 3 — loss tensor(nan)\n"]}
RESULT = {
    "data": {"text/plain": ["tensor([0.1, 0.9])"], "image/png": "iVBORw0KGgoAAAANSUhEUgAAAAE="},
    "execution_count": 2, "metadata": {"needs_background": "light"}, "output_type": "execute_result",
}
METADATA = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python", "version": "3.11.7", "codemirror_mode": {"name": "ipython", "version": 3}},
}

# Cell 3 has NAN102 on its line 3, cell 5 NAN101 on its line 3; the IPython lines around them
# (magics, shell, help) are skipped, and the bash cell is not Python at all.
TRAINING = [
    markdown("# Training notes\nThe loss went NaN at epoch 3.\n"),
    code("%matplotlib inline\nimport torch\nimport torch.nn.functional as F", number=1),
    code(f"!pip install einops\nlogits = torch.randn(4, 10)\n{LOG_SOFTMAX}\nF.softmax?", [STREAM, RESULT], number=2),
    code("%%bash\necho 'torch.log(torch.softmax(x, 0))'", number=3),
    code(f"%%time\nhits = (logits > 0).sum(dim=-1)\n{LOG_COUNT}", number=4),
]


def notebook(cells, metadata=METADATA):
    return {"cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}


def jupyter_json(document, indent=1, newline=True):
    """What Jupyter writes (nbformat: indent 1, UTF-8 as is, a final newline); other styles too."""
    return json.dumps(document, indent=indent, ensure_ascii=False) + ("\n" if newline else "")


def save(directory, name, document, **style):
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(jupyter_json(document, **style), encoding="utf-8")
    return path


def replaced(document, cell_index, old, new):
    """A copy of `document` with `old` replaced by `new` in one cell's source lines."""
    changed = json.loads(json.dumps(document))
    source = "".join(changed["cells"][cell_index]["source"]).replace(old, new)
    changed["cells"][cell_index]["source"] = source.splitlines(True)
    return changed


def concise(*args, cwd):
    return call_nanlint("check", "--no-cache", "--output-format", "concise", *args, cwd=cwd)


def test_walked_and_named_notebooks_are_checked_with_cell_locations(tmp_path):
    save(tmp_path, "nb.ipynb", notebook(TRAINING))
    write(tmp_path, "risky.py", RISKY)
    save(tmp_path, ".ipynb_checkpoints/nb-checkpoint.ipynb", notebook(TRAINING))  # Jupyter's copy: excluded

    walked = call_nanlint("check", "--no-cache", *RULES, ".", cwd=tmp_path)
    assert (walked.returncode, walked.stderr) == (1, "")
    assert "nb.ipynb:cell 3:3:8: NAN102 [*] `log(softmax(logits))` underflows" in walked.stdout
    assert "3 | logp = torch.log(F.softmax(logits, dim=-1))\n  |        " + "^" * 36 in walked.stdout
    assert "nb.ipynb:cell 5:3:8: NAN101" in walked.stdout and "3 | loss = torch.log(hits)" in walked.stdout
    assert "risky.py:5:12: NAN102" in walked.stdout and "checkpoint" not in walked.stdout
    assert "Found 4 errors." in walked.stdout  # the %%bash cell's torch.log is not Python: not reported

    named = concise(*RULES, "nb.ipynb", cwd=tmp_path)
    assert (named.returncode, named.stderr) == (1, "")
    assert [line.split(" `")[0] for line in named.stdout.splitlines()] == [
        "nb.ipynb:cell 3:3:8: NAN102 [*]", "nb.ipynb:cell 5:3:8: NAN101", "Found 2 errors.", "[*] 1 fixable with the"]


def test_json_keeps_ruffs_cell_field_with_rows_in_the_cell(tmp_path):
    save(tmp_path, "nb.ipynb", notebook(TRAINING))
    result = call_nanlint("check", "--no-cache", *RULES, "--output-format", "json", "nb.ipynb", cwd=tmp_path)
    findings = json.loads(result.stdout)
    assert [(f["code"], f["filename"], f["cell"], f["location"], f["end_location"]) for f in findings] == [
        ("NAN102", "nb.ipynb", 3, {"row": 3, "column": 8}, {"row": 3, "column": 44}),
        ("NAN101", "nb.ipynb", 5, {"row": 3, "column": 8}, {"row": 3, "column": 23}),
    ]
    (edit,) = findings[0]["fix"]["edits"]
    assert (edit["cell"], edit["location"], edit["end_location"]) == (3, {"row": 3, "column": 8}, {"row": 3, "column": 44})


# Lines that messages name, each in another cell than its finding or further down its own: where the
# softmax was taken (cell 3, line 2), which op saved the tensor (cell 5, line 3), where float16 is
# used (cell 6, line 4).
NAMED_LINES = [
    markdown("# Lines named in messages"),
    code("import torch\nimport torch.nn.functional as F\nfrom torch import nn", number=1),
    code("logits = torch.randn(4, 10)\np = F.softmax(logits, dim=-1)\nloss = torch.log(p)", number=2),
    markdown("## A model"),
    code("class Net(nn.Module):\n    def forward(self, x):\n        y = torch.sigmoid(x)\n        y.mul_(2)\n        return y", number=3),
    code("def attend(scores, mask):\n    return scores.masked_fill(mask, -1e9).softmax(-1)\n\n"
         "out = attend(torch.randn(2, 2).half(), torch.ones(2, 2, dtype=torch.bool))", number=4),
]


def test_every_line_a_message_names_is_a_cell_and_a_line_in_it(tmp_path):
    save(tmp_path, "train.ipynb", notebook(NAMED_LINES))
    rules = ("--select", "NAN102,NAN802,NAN902")
    text = call_nanlint("check", "--no-cache", *rules, "train.ipynb", cwd=tmp_path).stdout
    assert "train.ipynb:cell 3:3:8: NAN102" in text and "  = note: cell 3, line 2: from `F.softmax(logits, dim=-1)`\n" in text
    assert "train.ipynb:cell 5:4:9: NAN902 `.mul_()` changes `y` in place, but `sigmoid` (cell 5, line 3) saved it" in text
    assert "train.ipynb:cell 6:2:12: NAN802 " in text and "(float16 used at cell 6, line 4)" in text
    assert not re.search(r"\bline \d+\b", re.sub(r"cell \d+, line \d+", "", text)), text
    findings = json.loads(call_nanlint("check", "--no-cache", *rules, "--output-format", "json", "train.ipynb", cwd=tmp_path).stdout)
    assert findings[0]["related"] == [
        {"message": "from `F.softmax(logits, dim=-1)`", "location": {"row": 2, "column": 5}, "end_location": {"row": 2, "column": 30}}]
    assert ["(cell 5, line 3)" in f["message"] or "at cell 6, line 4" in f["message"] for f in findings[1:]] == [True, True]
    # What remains after --fix is named in the fixed notebook's cells too.
    save(tmp_path, "fixed.ipynb", notebook(NAMED_LINES + [code("logp = torch.log(F.softmax(logits, dim=-1))", number=5)]))
    fixed = call_nanlint("check", "--no-cache", *rules, "--fix", "--output-format", "concise", "fixed.ipynb", cwd=tmp_path)
    assert "Found 4 errors (1 fixed, 3 remaining)." in fixed.stdout, fixed.stdout + fixed.stderr
    assert "fixed.ipynb:cell 5:4:9: NAN902 `.mul_()` changes `y` in place, but `sigmoid` (cell 5, line 3) saved it" in fixed.stdout
    assert "(float16 used at cell 6, line 4)" in fixed.stdout


def _file_text_at(text, line, column, end_column):
    return text.splitlines()[line - 1][column - 1:end_column - 1]


def test_sarif_and_github_point_into_the_notebook_file_at_the_cell_line(tmp_path):
    path = save(tmp_path, "nb.ipynb", notebook(TRAINING))
    text = path.read_text(encoding="utf-8")

    result = call_nanlint("check", "--no-cache", *RULES, "--output-format", "sarif", "nb.ipynb", cwd=tmp_path)
    log = json.loads(result.stdout)
    schema = sarif_schema()
    import jsonschema

    jsonschema.validators.validator_for(schema)(schema).validate(log)
    results = log["runs"][0]["results"]
    regions = [r["locations"][0]["physicalLocation"]["region"] for r in results]
    assert [_file_text_at(text, r["startLine"], r["startColumn"], r["endColumn"]) for r in regions] == [
        "torch.log(F.softmax(logits, dim=-1))", "torch.log(hits)"]
    assert results[0]["properties"] == {"cell": 3, "location": {"row": 3, "column": 8}, "end_location": {"row": 3, "column": 44}}

    github = call_nanlint("check", "--no-cache", *RULES, "--output-format", "github", "nb.ipynb", cwd=tmp_path)
    first = github.stdout.splitlines()[0]
    properties = dict(part.split("=") for part in first.split("::")[1].split(" ", 1)[1].split(",")[1:])
    assert properties["file"] == "nb.ipynb"
    assert _file_text_at(text, int(properties["line"]), int(properties["col"]), int(properties["endColumn"])) == "torch.log(F.softmax(logits, dim=-1))"
    assert first.split("::", 2)[2].startswith("nb.ipynb:cell 3:3:8: NAN102 ")


def test_ruffs_other_formats_name_the_cell_or_point_into_the_notebook_file(tmp_path):
    path = save(tmp_path, "nb.ipynb", notebook(TRAINING))
    lines = path.read_text(encoding="utf-8").splitlines()

    def report(output_format):
        result = call_nanlint("check", "--no-cache", *RULES, "--output-format", output_format, "nb.ipynb", cwd=tmp_path)
        assert (result.returncode, result.stderr) == (1, ""), result.stderr
        return result.stdout

    grouped = report("grouped").splitlines()
    assert grouped[0] == "nb.ipynb:" and grouped[1].startswith("  cell 3:3:8 NAN102 [*] ") and grouped[2].startswith("  cell 5:3:8 NAN101 ")
    rows = [json.loads(line) for line in report("json-lines").splitlines()]
    assert [(r["cell"], r["location"], r["noqa_row"]) for r in rows] == [(3, {"row": 3, "column": 8}, 3), (5, {"row": 3, "column": 8}, 3)]

    pylint_lines = [int(line.split(":")[1]) for line in report("pylint").splitlines()]
    assert [lines[n - 1].strip() for n in pylint_lines] == [f'"{LOG_SOFTMAX}\\n",', f'"{LOG_COUNT}"']
    (first, _) = json.loads(report("gitlab"))
    begin, end = first["location"]["positions"]["begin"], first["location"]["positions"]["end"]
    assert _file_text_at(path.read_text(encoding="utf-8"), begin["line"], begin["column"], end["column"]) == "torch.log(F.softmax(logits, dim=-1))"
    rdjson = json.loads(report("rdjson"))["diagnostics"][0]
    assert rdjson["location"]["range"]["start"] == {"line": begin["line"], "column": begin["column"]}  # ASCII: bytes are characters
    assert "suggestions" not in rdjson  # its edits are in the cells' code, not in the file's JSON text
    assert f"linenumber={begin['line']};columnnumber={begin['column']};code=NAN102;" in report("azure")
    assert f'line="{begin["line"]}" column="{begin["column"]}"' in report("junit")


def test_a_cell_that_does_not_parse_is_invalid_syntax_at_its_cell_in_json(tmp_path):
    save(tmp_path, "nb.ipynb", notebook(TRAINING[:3] + [code("def broken(:\n    return torch.log(x)", number=5)]))
    result = call_nanlint("check", "--no-cache", *RULES, "--output-format", "json", "nb.ipynb", cwd=tmp_path)
    assert result.returncode == 2
    problem = [row for row in json.loads(result.stdout) if row["severity"] == "error"]
    assert [(p["code"], p["cell"], p["location"], p["message"]) for p in problem] == [
        ("invalid-syntax", 4, {"row": 1, "column": 12}, "invalid syntax")]


def test_add_noqa_writes_the_comments_into_the_cells(tmp_path):
    document = notebook(TRAINING)
    path = save(tmp_path, "nb.ipynb", document)
    result = call_nanlint("check", "--no-cache", *RULES, "--add-noqa", "nb.ipynb", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "Added 2 noqa directives.\n")
    expected = replaced(replaced(document, 2, LOG_SOFTMAX, LOG_SOFTMAX + "  # noqa: NAN102"), 4, LOG_COUNT, LOG_COUNT + "  # noqa: NAN101")
    assert path.read_bytes() == jupyter_json(expected).encode("utf-8")  # the magics and every other byte kept
    assert concise(*RULES, "nb.ipynb", cwd=tmp_path).stdout == "All checks passed!\n"


def test_show_fixes_lists_a_notebooks_fixes_and_exit_non_zero_on_fix_counts_them(tmp_path):
    save(tmp_path, "nb.ipynb", notebook(TRAINING))
    result = call_nanlint("check", "--no-cache", "--select", "NAN102", "--fix", "--show-fixes", "--exit-non-zero-on-fix", "nb.ipynb", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (1, "")
    assert "Fixed 1 error:\n- nb.ipynb:\n    1 × NAN102 (log-of-softmax)\n" in result.stdout


def test_fix_rewrites_only_the_code_and_keeps_outputs_metadata_and_formatting(tmp_path):
    document = notebook(TRAINING)
    path = save(tmp_path, "nb.ipynb", document)
    result = call_nanlint("check", "--no-cache", "--select", "NAN102", "--fix", "nb.ipynb", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, ""), result.stdout
    assert "Found 1 error (1 fixed, 0 remaining)." in result.stdout
    expected = replaced(document, 2, "torch.log(F.softmax(logits, dim=-1))", "torch.log_softmax(logits, dim=-1)")
    assert path.read_bytes() == jupyter_json(expected).encode("utf-8")  # every other byte as it was
    assert call_nanlint("check", "--no-cache", "--select", "NAN102", "--fix", "nb.ipynb", cwd=tmp_path).stdout == "All checks passed!\n"


def test_fix_keeps_another_json_style_too(tmp_path):
    """Two-space indent, no final newline, one cell's source as a single string, key order not sorted."""
    cells = [code("import torch\nimport torch.nn.functional as F\nlogits = torch.randn(3)", number=1),
             code(f"{LOG_SOFTMAX}\nprint(logp)", [STREAM], number=2)]
    cells[1]["source"] = "".join(cells[1]["source"])
    document = {"nbformat_minor": 4, "metadata": METADATA, "cells": cells, "nbformat": 4}
    path = save(tmp_path, "nb.ipynb", document, indent=2, newline=False)
    assert call_nanlint("check", "--no-cache", "--select", "NAN102", "--fix", "nb.ipynb", cwd=tmp_path).returncode == 0
    expected = json.loads(json.dumps(document))
    expected["cells"][1]["source"] = cells[1]["source"].replace("torch.log(F.softmax(logits, dim=-1))", "torch.log_softmax(logits, dim=-1)")
    assert path.read_text(encoding="utf-8") == jupyter_json(expected, indent=2, newline=False)


def test_an_import_a_fix_needs_goes_into_the_first_cell_and_magics_stay(tmp_path):
    document = notebook([
        code("%matplotlib inline", number=1),
        code("from torch.nn.functional import softmax\n%time warm = 1\ny = softmax(x, dim=-1).log()", [STREAM], number=2),
    ])
    path = save(tmp_path, "nb.ipynb", document)
    result = call_nanlint("check", "--no-cache", "--select", "NAN102", "--fix", "nb.ipynb", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    fixed = json.loads(path.read_text(encoding="utf-8"))
    assert [cell["source"] for cell in fixed["cells"]] == [
        ["import torch\n", "%matplotlib inline"],
        ["from torch.nn.functional import softmax\n", "%time warm = 1\n", "y = torch.log_softmax(x, dim=-1)"],
    ]
    assert fixed["cells"][1]["outputs"] == [STREAM] and fixed["metadata"] == METADATA


def test_diff_shows_each_changed_cell_and_writes_nothing(tmp_path):
    path = save(tmp_path, "nb.ipynb", notebook(TRAINING))
    before = path.read_bytes()
    result = call_nanlint("check", "--no-cache", "--select", "NAN102", "--diff", "nb.ipynb", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout == (
        "--- nb.ipynb:cell 3\n+++ nb.ipynb:cell 3\n@@ -1,4 +1,4 @@\n !pip install einops\n logits = torch.randn(4, 10)\n"
        "-logp = torch.log(F.softmax(logits, dim=-1))\n+logp = torch.log_softmax(logits, dim=-1)\n F.softmax?\n"
    )
    assert "Would fix 1 error." in result.stderr and path.read_bytes() == before


def test_noqa_works_on_a_cell_line_and_an_unused_one_is_reported_there(tmp_path):
    cells = [code("import torch\nimport torch.nn.functional as F\nlogits = torch.randn(3)", number=1),
             code(f"{LOG_SOFTMAX}  # noqa: NAN102\nprobs = logits.softmax(-1)  # noqa: NAN101", number=2)]
    save(tmp_path, "nb.ipynb", notebook(cells))
    result = concise("--select", "NAN101,NAN102,NAN002", "nb.ipynb", cwd=tmp_path)
    assert result.stdout.splitlines()[0].startswith("nb.ipynb:cell 2:2:37: NAN002 [*] Unused suppression of `NAN101`")
    assert "NAN102" not in result.stdout and "Found 1 error." in result.stdout


def test_invalid_json_is_one_line_error_and_the_other_files_are_checked(tmp_path):
    (tmp_path / "bad.ipynb").write_text('{"cells": [{"source": "import torch"\n', encoding="utf-8")
    (tmp_path / "list.ipynb").write_text('["import torch"]\n', encoding="utf-8")
    save(tmp_path, "nb.ipynb", notebook(TRAINING))
    result = concise(*RULES, ".", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "nanlint: error: bad.ipynb:2:1: not a notebook: invalid JSON: Expecting ',' delimiter",
        "nanlint: error: list.ipynb: not a notebook: no `cells` list (nanlint reads nbformat 4)",
    ]
    assert "nb.ipynb:cell 3:3:8: NAN102" in result.stdout


def test_a_cell_that_does_not_parse_is_reported_and_the_other_cells_are_checked_and_fixed(tmp_path):
    document = notebook(TRAINING[:3] + [code("def broken(:\n    return torch.log(x)", number=5)] + TRAINING[4:])
    path = save(tmp_path, "nb.ipynb", document)
    result = concise(*RULES, "nb.ipynb", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "nanlint: error: nb.ipynb:cell 4:1:12: syntax error: invalid syntax\n"
    assert [line.split(": ")[0] for line in result.stdout.splitlines()[:2]] == ["nb.ipynb:cell 3:3:8", "nb.ipynb:cell 5:3:8"]

    fixed = call_nanlint("check", "--no-cache", "--select", "NAN102", "--fix", "nb.ipynb", cwd=tmp_path)
    assert fixed.returncode == 2 and "1 fixed" in fixed.stdout
    expected = replaced(document, 2, "torch.log(F.softmax(logits, dim=-1))", "torch.log_softmax(logits, dim=-1)")
    assert path.read_bytes() == jupyter_json(expected).encode("utf-8")  # the broken cell as it was


def test_python_that_looks_like_ipython_is_kept(tmp_path):
    """Only lines that start a statement are IPython syntax: `% b` continuing a bracket and `%d` in
    a triple-quoted string are Python, and they keep the code parsing (no error, the finding after)."""
    cell = "import torch\nhits = (torch.arange(3)\n        % 2 > 0).sum()\ntext = '''\n%d epochs\n!done\n'''\nout = torch.log(hits)"
    save(tmp_path, "nb.ipynb", notebook([code(cell, number=1)]))
    result = concise("--select", "NAN101", "nb.ipynb", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (1, "")
    assert result.stdout.startswith("nb.ipynb:cell 1:8:7: NAN101 ")


def test_notebooks_without_code_cells_or_without_torch_pass(tmp_path):
    save(tmp_path, "notes.ipynb", notebook([markdown("# Only notes: torch.log(0) is -inf")]))
    save(tmp_path, "empty.ipynb", notebook([]))
    save(tmp_path, "plain.ipynb", notebook([code("import numpy as np\ndef broken(:\n", number=1)]))  # no torch: not parsed
    save(tmp_path, "r.ipynb", notebook([code("library(torch)\nx <- torch_log(y)", number=1)], {"language_info": {"name": "R"}}))
    result = concise(".", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "All checks passed!\n", "")


def test_notebooks_are_listed_by_show_files_and_checked_with_their_folders_configuration(tmp_path):
    write(tmp_path, "nanlint.toml", 'select = ["NAN101", "NAN102"]\n')
    write(tmp_path, "sub/nanlint.toml", 'select = ["NAN101"]\n')
    save(tmp_path, "nb.ipynb", notebook(TRAINING))
    save(tmp_path, "sub/nb.ipynb", notebook(TRAINING))
    listed = call_nanlint("check", "--show-files", cwd=tmp_path)
    assert (listed.returncode, listed.stderr) == (0, "")
    assert [line for line in listed.stdout.splitlines() if "skipped" not in line] == ["nb.ipynb", os.path.join("sub", "nb.ipynb")]
    shown = call_nanlint("check", "--show-settings", "sub/nb.ipynb", cwd=tmp_path)
    assert f"configuration = {json.dumps(str(tmp_path / 'sub' / 'nanlint.toml'))}" in shown.stdout
    result = concise(".", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (1, "")
    assert [line.split(" `")[0] for line in result.stdout.splitlines()][:3] == [
        "nb.ipynb:cell 3:3:8: NAN102 [*]", "nb.ipynb:cell 5:3:8: NAN101", f"{os.path.join('sub', 'nb.ipynb')}:cell 5:3:8: NAN101"]


def test_syntax_newer_than_the_target_version_is_reported_at_its_cell(tmp_path):
    save(tmp_path, "nb.ipynb", notebook([code("import torch", number=1), code("x = 1\nmatch x:\n    case 1: y = torch.log(x)", number=2)]))
    result = concise("--target-version", "py39", "nb.ipynb", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "nanlint: error: nb.ipynb:cell 2:2:1: syntax error: `match` statements need Python 3.10 or newer (target-version is py39)\n"
    assert concise("--target-version", "py310", "nb.ipynb", cwd=tmp_path).stderr == ""


def test_the_cache_keeps_a_notebooks_result_until_it_changes(tmp_path):
    path = save(tmp_path, "nb.ipynb", notebook(TRAINING))
    first = call_nanlint("check", "--output-format", "concise", *RULES, "nb.ipynb", cwd=tmp_path)
    (cache_file,) = (tmp_path / ".nanlint_cache").glob("*.json")
    assert "nb.ipynb" in json.loads(cache_file.read_text(encoding="utf-8"))["files"]
    second = call_nanlint("check", "--output-format", "concise", *RULES, "nb.ipynb", cwd=tmp_path)
    assert second.stdout == first.stdout and "cell 3:3:8" in second.stdout
    save(tmp_path, "nb.ipynb", replaced(notebook(TRAINING), 2, LOG_SOFTMAX, "logp = F.log_softmax(logits, dim=-1)"))
    third = call_nanlint("check", "--output-format", "concise", *RULES, str(path.name), cwd=tmp_path)
    assert "cell 3" not in third.stdout and "nb.ipynb:cell 5:3:8: NAN101" in third.stdout


def test_standard_input_is_a_notebook_when_its_name_says_so(tmp_path):
    document = notebook(TRAINING)
    data = jupyter_json(document).encode("utf-8")
    checked = call_nanlint("check", "-", "--stdin-filename", "nb.ipynb", "--output-format", "concise", *RULES, cwd=tmp_path, stdin=data)
    assert checked.stdout.decode().startswith("nb.ipynb:cell 3:3:8: NAN102 ")
    fixed = call_nanlint("check", "-", "--stdin-filename", "nb.ipynb", "--select", "NAN102", "--fix", cwd=tmp_path, stdin=data)
    expected = replaced(document, 2, "torch.log(F.softmax(logits, dim=-1))", "torch.log_softmax(logits, dim=-1)")
    assert fixed.stdout == jupyter_json(expected).encode("utf-8")


@pytest.mark.slow
@needs_git
def test_the_pre_commit_hook_checks_a_staged_notebook(tmp_path):
    if not (ROOT / ".git").exists():
        pytest.skip("needs this checkout to be a git repository")
    hook_repo = committed_copy_of_this_checkout(tmp_path / "hook")
    project = tmp_path / "project"
    project.mkdir()
    git("init", "-q", cwd=project)
    save(project, "nb.ipynb", notebook(TRAINING))
    save(project, "safe.ipynb", replaced(notebook(TRAINING[:3]), 2, LOG_SOFTMAX, "logp = F.log_softmax(logits, dim=-1)"))
    git("add", "nb.ipynb", "safe.ipynb", cwd=project)
    env = clean_env(PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"))

    def try_repo(*arguments):
        return run(sys.executable, "-m", "pre_commit", "try-repo", hook_repo, "nanlint", *arguments, cwd=project, env=env)

    safe = try_repo("--files", "safe.ipynb")
    assert safe.returncode == 0 and "Passed" in safe.stdout, safe.stdout + safe.stderr
    staged = try_repo()  # the staged files, as `git commit` runs it: the notebooks are picked up
    assert staged.returncode == 1 and "Failed" in staged.stdout, staged.stdout + staged.stderr
    assert "nb.ipynb:cell 3:3:8: NAN102" in staged.stdout and "safe.ipynb" not in staged.stdout

