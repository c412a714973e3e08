"""Every catalog example (bad and good), checked once by the real CLI with every rule on: no two
rules report the same span (the specific rule `supersedes` the general one: one division, one
finding), and a fix's title names what its edit writes, spelled as the file spells it."""

import json
import re
from collections import defaultdict

import pytest
from cli_support import call_nanlint

from nanlint.catalog import Rule
from nanlint.checks.registry import load_catalog

CATALOG = load_catalog()
# A dotted name in a fix title (`F.softplus`, `torch.nn.functional.softplus`, `x.dtype`).
DOTTED = re.compile(r"\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
# The names a file binds to modules or functions by importing them.
IMPORTED = re.compile(r"^\s*(?:import\s+[\w.]+\s+as\s+(\w+)|import\s+(\w+)|from\s+[\w.]+\s+import\s+(.+))$", re.M)


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """{file: example code} and the JSON findings of one `check --select ALL --preview` over them all."""
    folder = tmp_path_factory.mktemp("examples")
    files = {}
    for rule in filter(Rule.static.fget, CATALOG.values()):
        for kind in ("bad", "good"):
            for index, example in enumerate(getattr(rule, kind)):
                path = folder / f"{rule.code}-{kind}{index}" / example.path
                path.parent.mkdir(parents=True)
                path.write_text(example.code, encoding="utf-8")
                files[str(path)] = example.code
    result = call_nanlint("check", *files, "--select", "ALL", "--preview", "--output-format", "json", "--no-cache",
                          "--exit-zero", "--jobs", "1", cwd=folder)
    assert result.returncode == 0, result.stderr
    return files, json.loads(result.stdout)


def test_no_two_rules_report_the_same_span(checked):
    _, findings = checked
    codes = defaultdict(set)
    for finding in findings:
        start, end = finding["location"], finding["end_location"]
        codes[(finding["filename"], start["row"], start["column"], end["row"], end["column"])].add(finding["code"])
    shared = sorted((sorted(found), place) for place, found in codes.items() if len(found) > 1)
    assert shared == [], "give the more specific rule `supersedes = [...]` over the other: %s" % shared


def imported_names(code):
    names = {"torch"}
    for alias, module, imported in IMPORTED.findall(code):
        names.update(filter(None, (alias, module)))
        for part in (imported or "").strip("()").split(","):
            if part.strip():
                names.add(part.split(" as ")[-1].strip())
    return names


def test_fix_titles_name_the_functions_as_the_edit_writes_them(checked):
    files, findings = checked
    wrong = []
    for finding in findings:
        if finding["fix"] is None:
            continue
        title, written = finding["fix"]["message"], " ".join(edit["content"] for edit in finding["fix"]["edits"])
        names = imported_names(files[finding["filename"]])
        for name in DOTTED.findall(title):
            if name.split(".")[0] in names | {"F"} and name not in written:
                wrong.append((finding["code"], title, written))
    assert wrong == []


SOFTPLUS = """
import torch
{imports}

def loss(x):
    return torch.log(1 + torch.exp(x)).mean()
"""


@pytest.mark.parametrize("imports, spelled", [
    ("", "torch.nn.functional.softplus"),
    ("import torch.nn.functional as F", "F.softplus"),
    ("from torch import nn", "nn.functional.softplus"),
])
def test_a_fix_title_names_the_function_as_this_file_spells_it(tmp_path, imports, spelled):
    (tmp_path / "loss.py").write_text(SOFTPLUS.format(imports=imports), encoding="utf-8")
    result = call_nanlint("check", "loss.py", "--select", "NAN107", "--output-format", "json", "--no-cache", cwd=tmp_path)
    (finding,) = json.loads(result.stdout)
    assert finding["fix"]["message"] == f"Replace with {spelled}"
    assert [edit["content"] for edit in finding["fix"]["edits"]] == [f"{spelled}(x)"]
    text = call_nanlint("check", "loss.py", "--select", "NAN107", "--no-cache", cwd=tmp_path).stdout
    assert f"= help: Replace with {spelled}\n" in text
