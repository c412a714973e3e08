"""`# noqa`, `# nanlint: ignore[...]`, `# nanlint: skip-file`, unknown codes in them (NAN001), and
`--add-noqa`, which writes them."""

import re
import stat
import sys

import pytest
from cli_support import RISKY, write
from rule_files import TEAM_RULE

ARGS = ("--output-format", "concise", "--select", "NAN001,NAN101,NAN102")
FIRST_RULES = ("--select", "NAN101,NAN102")


def reported(result):
    return [(int(line), code) for line, code in re.findall(r"^\S+?:(\d+):\d+: (NAN\d+) ", result.stdout, re.M)]


def check(nanlint, tmp_path, code, *extra):
    write(tmp_path, "m.py", code)
    return nanlint("check", "m.py", *ARGS, *extra, cwd=tmp_path)


@pytest.mark.parametrize("comment, silenced", [
    ("# noqa: NAN101", True),
    ("# noqa:NAN101", True),
    ("# NOQA: E501, NAN101", True),
    ("# noqa", True),
    ("# nanlint: ignore[NAN101]", True),
    ("# nanlint: ignore[NAN102, NAN101]", True),
    ("# noqa: NAN102", False),
    ("# noqa: E501", False),
    ("# nanlint: ignore[NAN102]", False),
])
def test_a_suppression_on_the_line_silences_the_codes_it_names(nanlint, tmp_path, comment, silenced):
    result = check(nanlint, tmp_path, f"import torch\ny = torch.log(x.std())  {comment}\n")
    assert reported(result) == ([] if silenced else [(2, "NAN101")])
    assert result.returncode == (0 if silenced else 1)


def test_a_suppression_only_covers_its_own_line(nanlint, tmp_path):
    result = check(nanlint, tmp_path, "import torch\n# noqa: NAN101\ny = torch.log(x.std())\nz = torch.log(x.std())  # noqa: NAN101\n")
    assert reported(result) == [(3, "NAN101")]


def test_one_code_silenced_leaves_the_other_rule_on_the_same_line(nanlint, tmp_path):
    code = "import torch\ny = torch.log(torch.softmax(a, -1)) + torch.log(b.std())  # noqa: NAN102\n"
    assert reported(check(nanlint, tmp_path, code)) == [(2, "NAN101")]


def test_skip_file_on_its_own_line_skips_the_file(nanlint, tmp_path):
    result = check(nanlint, tmp_path, "import torch\n# nanlint: skip-file\ny = torch.log(x.std())\n")
    assert (result.returncode, reported(result)) == (0, [])


def test_skip_file_inside_a_string_does_not_skip(nanlint, tmp_path):
    result = check(nanlint, tmp_path, "import torch\nDOC = 'use # nanlint: skip-file to skip'\ny = torch.log(x.std())\n")
    assert reported(result) == [(3, "NAN101")]


@pytest.mark.parametrize("comment", ["# noqa: NAN999", "# nanlint: ignore[NAN999]", "# noqa: F401, NAN999"])
def test_a_suppression_naming_an_unknown_code_is_reported(nanlint, tmp_path, comment):
    result = check(nanlint, tmp_path, f"import torch\nimport os  {comment}\n")
    assert reported(result) == [(2, "NAN001")]
    line = result.stdout.splitlines()[0]
    column = ("import os  " + comment).index("NAN999") + 1
    assert line.startswith(f"m.py:2:{column}: NAN001 ") and "`NAN999`" in line


def test_an_unknown_code_in_lower_case_is_placed_where_it_is_written(nanlint, tmp_path):
    result = check(nanlint, tmp_path, "import torch\nimport os  # noqa: nan999\n")
    assert result.stdout.splitlines()[0].startswith("m.py:2:20: NAN001 ")


def test_unknown_codes_are_reported_in_files_without_torch_too(nanlint, tmp_path):
    assert reported(check(nanlint, tmp_path, "import os  # noqa: NAN998\n")) == [(1, "NAN001")]


def test_other_tools_codes_and_known_but_disabled_codes_are_not_reported(nanlint, tmp_path):
    code = "import torch\nimport os  # noqa: F401\ny = 1  # noqa: NAN102\n"
    result = check(nanlint, tmp_path, code, "--ignore", "NAN102")
    assert (result.returncode, reported(result)) == (0, [])


def test_unknown_suppression_codes_can_be_ignored(nanlint, tmp_path):
    result = check(nanlint, tmp_path, "import torch\nimport os  # noqa: NAN999\n", "--ignore", "NAN001")
    assert reported(result) == []


def test_a_user_rule_code_is_known_to_suppressions(nanlint, tmp_path):

    write(tmp_path, "team.toml", TEAM_RULE)
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nextend-rule-files = ["team.toml"]\n')
    result = check(nanlint, tmp_path, "import torch\ny = torch.acos(x.sum())  # noqa: NAN950\n", "--extend-select", "NAN950")
    assert reported(result) == []


def test_a_noqa_inside_a_string_or_docstring_silences_nothing(nanlint, tmp_path):
    code = 'import torch\ny = torch.log(x.std()); s = "# noqa: NAN101"\n"""\n# nanlint: skip-file\n"""\nz = torch.log(x.std())\n'
    assert reported(check(nanlint, tmp_path, code)) == [(2, "NAN101"), (6, "NAN101")]


def test_a_bare_nanlint_ignore_silences_every_code_like_a_bare_noqa(nanlint, tmp_path):
    code = "import torch\ny = torch.log(torch.softmax(a, -1)) + torch.log(b.std())  # nanlint: ignore\n"
    assert reported(check(nanlint, tmp_path, code)) == []


def test_a_suppression_inside_a_multiline_call_silences_its_line(nanlint, tmp_path):
    code = "import torch\ny = torch.log(\n    x.std()  # noqa: NAN101\n)\n"
    assert reported(check(nanlint, tmp_path, code)) == []


@pytest.mark.parametrize("comment, after", [
    ("# noqa: NAN101", ""),
    ("# noqa: NAN101, E501", "  # noqa: E501"),
    ("# explained here  # noqa: NAN101", "  # explained here"),
    ("# nanlint: ignore[NAN101, NAN102]", "  # nanlint: ignore[NAN102]"),
])
def test_an_unused_suppression_is_reported_and_the_fix_removes_it(nanlint, tmp_path, comment, after):
    code = f"import torch\ny = torch.log(torch.softmax(a, -1))  {comment}\n"
    write(tmp_path, "m.py", code)
    result = nanlint("check", "m.py", "--output-format", "concise", "--select", "NAN002,NAN101", cwd=tmp_path)
    assert reported(result) == [(2, "NAN002")]
    assert "Unused suppression of `NAN101`" in result.stdout
    fixed = nanlint("check", "m.py", "--fix", "--select", "NAN002,NAN101", cwd=tmp_path)
    assert fixed.returncode == 0, fixed.stdout
    assert (tmp_path / "m.py").read_text() == f"import torch\ny = torch.log(torch.softmax(a, -1)){after}\n"


def test_a_suppression_of_a_runtime_finding_is_not_judged_and_fix_keeps_it(nanlint, tmp_path):
    code = "import torch\ny = torch.log(torch.zeros(2))  # noqa: NAN011\n"
    write(tmp_path, "m.py", code)
    result = nanlint("check", "m.py", "--output-format", "concise", cwd=tmp_path)
    assert (reported(result), result.returncode) == ([], 0), result.stdout
    nanlint("check", "m.py", "--fix", cwd=tmp_path)
    assert (tmp_path / "m.py").read_text() == code  # and `nanlint verify` still finds it silenced:
    pytest.importorskip("torch")
    verify = nanlint("verify", ".", "--no-progress", "--run", sys.executable, "m.py", cwd=tmp_path)
    assert verify.returncode == 0 and "NAN011" not in verify.stdout, verify.stdout


def test_a_suppression_of_a_rule_that_did_not_run_is_not_judged(nanlint, tmp_path):
    result = check(nanlint, tmp_path, "import torch\ny = 1  # noqa: NAN901\n", "--extend-select", "NAN002")
    assert reported(result) == []


def test_ignoring_the_specific_rule_does_not_uncover_the_general_one(nanlint, tmp_path):
    """NAN102 supersedes NAN101 on `log(softmax(x))`: ignoring NAN102, by option, configuration or
    comment, hides the finding, and never turns it into a NAN101."""
    code = "import torch\ny = torch.log(torch.softmax(a, -1))\n"
    assert reported(check(nanlint, tmp_path, code)) == [(2, "NAN102")]
    assert reported(check(nanlint, tmp_path, code, "--ignore", "NAN102")) == []
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nignore = ["NAN102"]\n')
    write(tmp_path, "m.py", code)
    assert reported(nanlint("check", "m.py", "--output-format", "concise", cwd=tmp_path)) == []
    silenced = "import torch\ny = torch.log(torch.softmax(a, -1))  # noqa: NAN102\n"
    (tmp_path / "pyproject.toml").unlink()
    assert reported(check(nanlint, tmp_path, silenced)) == []


@pytest.mark.parametrize("comment", ["# nanlint: ignore [NAN101]", "# nanlint: ignore[NAN101]"])
def test_nanlint_ignore_with_codes_names_only_them(nanlint, tmp_path, comment):
    code = f"import torch\ny = torch.log(torch.softmax(a, -1)) + torch.log(b.std())  {comment}\n"
    assert reported(check(nanlint, tmp_path, code)) == [(2, "NAN102")]


def test_a_word_that_only_starts_like_ignore_silences_nothing(nanlint, tmp_path):
    code = "import torch\ny = torch.log(b.std())  # nanlint: ignored-for-now\n"
    assert reported(check(nanlint, tmp_path, code)) == [(2, "NAN101")]


def test_suppression_findings_are_silenced_only_by_naming_their_code(nanlint, tmp_path):
    code = "import torch\ny = 1  # noqa: NAN999, NAN001\nz = 2  # noqa: NAN101, NAN002\nw = 3  # noqa: NAN101\n"
    result = check(nanlint, tmp_path, code, "--extend-select", "NAN002")
    assert reported(result) == [(4, "NAN002")]


def test_removing_an_unused_code_keeps_the_reason_written_after_it(nanlint, tmp_path):
    write(tmp_path, "m.py", "import torch\ny = torch.log(p)  # noqa: NAN101 because p is a count plus one\n")
    nanlint("check", "m.py", "--fix", "--select", "NAN002,NAN101", cwd=tmp_path)
    assert (tmp_path / "m.py").read_text() == "import torch\ny = torch.log(p)  # because p is a count plus one\n"


def test_skip_file_is_honoured_in_a_file_that_does_not_parse(nanlint, tmp_path):
    result = check(nanlint, tmp_path, "import torch\n# nanlint: skip-file\nprint 'python 2'\n")
    assert (result.returncode, result.stderr) == (0, "")


def test_a_walked_file_without_torch_is_not_judged_for_its_syntax(nanlint, tmp_path):
    """Found in a folder, it cannot hold a finding; named explicitly, it is parsed (test_discovery.py)."""
    write(tmp_path, "m.py", 'x = float("NAN")  # noqa: E501\nprint "hello"\n')
    result = nanlint("check", ".", *ARGS, cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "")


NOQA_SOURCE = '''import torch

def f(x, p):
    a = torch.log(x.std())  # noqa: E501
    b = torch.log(torch.softmax(p, -1)) + torch.log(x.var())  # the reason
    c = torch.log(x.std(dim=len("""
""")))
    d = torch.log(  # nanlint: ignore[NAN102]
        x.std())
    return a, b, c, d
'''


NOQA_ADDED = '''import torch

def f(x, p):
    a = torch.log(x.std())  # noqa: E501, NAN101
    b = torch.log(torch.softmax(p, -1)) + torch.log(x.var())  # the reason  # noqa: NAN101, NAN102
    c = torch.log(x.std(dim=len("""
""")))  # noqa: NAN101
    d = torch.log(  # nanlint: ignore[NAN101, NAN102]
        x.std())
    return a, b, c, d
'''


def test_add_noqa_silences_every_finding_merging_with_existing_comments(nanlint, tmp_path):
    path = write(tmp_path, "m.py", NOQA_SOURCE)
    path.chmod(0o640)
    assert nanlint("check", "m.py", *FIRST_RULES, "--output-format", "concise", cwd=tmp_path).stdout.count("NAN10") == 5
    result = nanlint("check", "m.py", "--add-noqa", *FIRST_RULES, cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "Added 4 noqa directives.\n")
    assert path.read_text() == NOQA_ADDED
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    after = nanlint("check", "m.py", *FIRST_RULES, cwd=tmp_path)
    assert (after.returncode, after.stdout) == (0, "All checks passed!\n")
    again = nanlint("check", "m.py", "--add-noqa", *FIRST_RULES, cwd=tmp_path)
    assert (again.returncode, again.stderr, path.read_text()) == (0, "", NOQA_ADDED)


def test_add_noqa_silences_what_each_files_configuration_reports(nanlint, tmp_path):
    write(tmp_path, "nanlint.toml", 'select = ["NAN101", "NAN102"]\n')
    write(tmp_path, "sub/nanlint.toml", 'select = ["NAN101"]\n')
    top, below = write(tmp_path, "risky.py", RISKY), write(tmp_path, "sub/risky.py", RISKY)
    result = nanlint("check", "--add-noqa", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "Added 3 noqa directives.\n")
    assert top.read_text().count("# noqa: NAN10") == 2
    assert [line.endswith("# noqa: NAN101") for line in below.read_text().splitlines() if "torch.log(" in line] == [False, True]
    assert nanlint("check", cwd=tmp_path).stdout == "All checks passed!\n"
    (tmp_path / "empty").mkdir()
    nothing = nanlint("check", "--add-noqa", "empty", cwd=tmp_path)
    assert (nothing.returncode, nothing.stderr) == (2, "nanlint: warning: no Python files checked: there are none under the paths given\n")


def test_add_noqa_keeps_line_endings_and_refuses_fix(nanlint, tmp_path):
    path = tmp_path / "crlf.py"
    path.write_bytes(b"import torch\r\ny = torch.log(x.std())\r\n")
    assert nanlint("check", "crlf.py", "--add-noqa", *FIRST_RULES, cwd=tmp_path).returncode == 0
    assert path.read_bytes() == b"import torch\r\ny = torch.log(x.std())  # noqa: NAN101\r\n"
    refused = nanlint("check", "crlf.py", "--add-noqa", "--fix", cwd=tmp_path)
    assert refused.returncode == 2 and "`--add-noqa` cannot be used with `--fix`" in refused.stderr
