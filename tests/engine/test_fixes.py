"""--fix, --unsafe-fixes and --diff through the CLI: what is written, and how (and where a fix's span
ends: over grouping parentheses only); --show-fixes and --exit-non-zero-on-fix."""

import codecs
import os
import stat
import subprocess

import pytest
from cli_support import LOG_OF_STD, RISKY, write
from rule_files import BAD_TEMPLATE_RULE
from nanlint.checks.base import _without_grouping_parens

FIRST_RULES = ("--select", "NAN101,NAN102")
SOFTMAX_ONLY = ("--select", "NAN102")
BOTH = ("--select", "NAN101,NAN102")
FIXED_SAFE = RISKY.replace("torch.log(F.softmax(logits, dim=-1))", "torch.log_softmax(logits, dim=-1)").lstrip()
FIXED_ALL = FIXED_SAFE.replace("torch.log(hits)", "torch.log(hits.clamp_min(1e-6))")
# No alias for torch itself: the fix spells torch.log_softmax and adds `import torch`.
NO_TORCH_ALIAS = "from torch import log\nfrom torch.nn.functional import softmax\n\ndef f(x):\n    return log(softmax(x, dim=-1))\n"
NO_TORCH_ALIAS_FIXED = "import torch\nfrom torch import log\nfrom torch.nn.functional import softmax\n\ndef f(x):\n    return torch.log_softmax(x, dim=-1)\n"


def test_fix_applies_safe_fixes_and_reports_what_remains(nanlint, tmp_path):
    path = write(tmp_path, "risky.py", RISKY)
    result = nanlint("check", "risky.py", "--fix", *BOTH, cwd=tmp_path)
    assert path.read_text() == FIXED_SAFE
    assert result.returncode == 1
    assert result.stdout.splitlines()[0].startswith("risky.py:7:39: NAN101")
    assert "Found 2 errors (1 fixed, 1 remaining)." in result.stdout


def test_unsafe_fixes_fix_everything_and_a_second_run_changes_nothing(nanlint, tmp_path):
    path = write(tmp_path, "risky.py", RISKY)
    result = nanlint("check", "risky.py", "--fix", "--unsafe-fixes", *BOTH, cwd=tmp_path)
    assert (result.returncode, path.read_text()) == (0, FIXED_ALL)
    assert result.stdout == "Found 2 errors (2 fixed, 0 remaining).\n"
    again = nanlint("check", "risky.py", "--fix", "--unsafe-fixes", *BOTH, cwd=tmp_path)
    assert (again.returncode, again.stdout, path.read_text()) == (0, "All checks passed!\n", FIXED_ALL)


def test_diff_prints_the_fix_without_writing_and_exits_1(nanlint, tmp_path):
    path = write(tmp_path, "risky.py", RISKY)
    result = nanlint("check", "risky.py", "--diff", *BOTH, cwd=tmp_path)
    assert result.returncode == 1
    assert path.read_text() == RISKY.lstrip()
    assert result.stdout.splitlines() == [
        "--- risky.py",
        "+++ risky.py",
        "@@ -2,6 +2,6 @@",
        " import torch.nn.functional as F",
        " ",
        " def loss_fn(logits, target):",
        "-    logp = torch.log(F.softmax(logits, dim=-1))",
        "+    logp = torch.log_softmax(logits, dim=-1)",
        "     hits = (logits > 0).sum(dim=-1)",
        "     return F.nll_loss(logp, target) + torch.log(hits)",
    ]
    assert result.stderr == "Would fix 1 error.\n"


def test_diff_with_nothing_to_fix_exits_0(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    result = nanlint("check", "risky.py", "--diff", "--select", "NAN101", cwd=tmp_path)  # its fix is unsafe
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_line_endings_bom_and_encoding_are_kept(nanlint, tmp_path):
    cases = {
        "crlf.py": (NO_TORCH_ALIAS.replace("\n", "\r\n").encode(), NO_TORCH_ALIAS_FIXED.replace("\n", "\r\n").encode()),
        "cr.py": (NO_TORCH_ALIAS.replace("\n", "\r").encode(), NO_TORCH_ALIAS_FIXED.replace("\n", "\r").encode()),
        "bom.py": (codecs.BOM_UTF8 + RISKY.lstrip().encode(), codecs.BOM_UTF8 + FIXED_SAFE.encode()),
        "latin.py": (("# -*- coding: latin-1 -*-\n# café\n" + RISKY.lstrip()).encode("latin-1"),
                     ("# -*- coding: latin-1 -*-\n# café\n" + FIXED_SAFE).encode("latin-1")),
    }
    for name, (before, _) in cases.items():
        (tmp_path / name).write_bytes(before)
    result = nanlint("check", *cases, "--fix", *SOFTMAX_ONLY, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    for name, (_, after) in cases.items():
        assert (tmp_path / name).read_bytes() == after, name


def test_findings_left_after_a_fix_are_placed_in_the_files_own_encoding(nanlint, tmp_path):
    line = "    q = 'café'; p = torch.log(F.softmax(logits, dim=-1)); return torch.log(hits.std())"
    source = f"# -*- coding: latin-1 -*-\nimport torch\nimport torch.nn.functional as F\n\ndef f(logits, hits):\n{line}\n"
    (tmp_path / "latin.py").write_bytes(source.encode("latin-1"))
    result = nanlint("check", "latin.py", "--fix", *BOTH, "--output-format", "concise", cwd=tmp_path)
    fixed_line = (tmp_path / "latin.py").read_bytes().decode("latin-1").splitlines()[5]
    assert "torch.log_softmax(logits, dim=-1)" in fixed_line
    assert result.stdout.splitlines()[0].startswith(f"latin.py:6:{fixed_line.index('torch.log(hits') + 1}: NAN101 ")


def test_file_mode_and_symlinks_are_kept_and_no_temporary_file_is_left(nanlint, tmp_path):
    target = write(tmp_path, "real/train.py", RISKY)
    target.chmod(0o751)
    link = tmp_path / "train.py"
    link.symlink_to(target)
    result = nanlint("check", "train.py", "--fix", *SOFTMAX_ONLY, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and target.read_text() == FIXED_SAFE
    assert stat.S_IMODE(target.stat().st_mode) == 0o751
    assert sorted(os.listdir(tmp_path / "real")) == ["train.py"]


def test_a_fix_that_would_not_parse_leaves_the_file_untouched(nanlint, tmp_path):
    # A user rule whose template puts the captured keywords before a positional argument.
    write(tmp_path, "rules.toml", BAD_TEMPLATE_RULE)
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nextend-rule-files = ["rules.toml"]\nselect = ["NAN960"]\n')
    broken = write(tmp_path, "a.py", "import torch\n\ndef f(x):\n    return torch.log(torch.softmax(x, dim=-1))\n")
    before = broken.read_bytes()
    result = nanlint("check", "a.py", "--fix", "--no-cache", "--output-format", "concise", cwd=tmp_path)
    assert result.returncode == 2
    assert broken.read_bytes() == before
    assert result.stderr.splitlines() == [
        "nanlint: error: a.py: fixes for NAN960 left unapplied, the file is unchanged: "
        "the fixed code would not parse (line 4: positional argument follows keyword argument)"
    ]
    assert result.stdout.startswith("a.py:4:12: NAN960 ")
    assert sorted(os.listdir(tmp_path)) == ["a.py", "pyproject.toml", "rules.toml"]




def test_stdin_fix_prints_the_fixed_code_and_the_findings_on_stderr(nanlint, tmp_path):
    result = nanlint("check", "-", "--fix", *BOTH, cwd=tmp_path, stdin=RISKY.lstrip().encode())
    assert result.returncode == 1
    assert result.stdout == FIXED_SAFE.encode()
    assert b"-:7:39: NAN101" in result.stderr


def test_stdin_diff(nanlint, tmp_path):
    result = nanlint("check", "-", "--stdin-filename", "loss.py", "--diff", *SOFTMAX_ONLY, cwd=tmp_path, stdin=RISKY.lstrip())
    assert result.returncode == 1
    assert result.stdout.startswith("--- loss.py\n+++ loss.py\n")
    assert "+    logp = torch.log_softmax(logits, dim=-1)" in result.stdout


def test_diff_marks_a_missing_final_newline(nanlint, tmp_path):
    write(tmp_path, "tail.py", NO_TORCH_ALIAS.rstrip("\n"))
    result = nanlint("check", "tail.py", "--diff", *SOFTMAX_ONLY, cwd=tmp_path)
    assert result.stdout.endswith(
        "-    return log(softmax(x, dim=-1))\n\\ No newline at end of file\n"
        "+    return torch.log_softmax(x, dim=-1)\n\\ No newline at end of file\n")


def test_a_file_that_cannot_be_written_keeps_its_findings_and_the_other_files_are_fixed(nanlint, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    write(locked, "risky.py", RISKY)
    fixable = write(tmp_path, "risky.py", RISKY)
    # chmod does not stop root; an immutable folder does (where the file system supports it).
    lock, unlock = (["chattr", "+i"], ["chattr", "-i"]) if os.geteuid() == 0 else (["chmod", "a-w"], ["chmod", "u+w"])
    if subprocess.run([*lock, str(locked)], capture_output=True).returncode != 0:
        pytest.skip("cannot make a folder read-only here")
    try:
        result = nanlint("check", ".", "--fix", *SOFTMAX_ONLY, "--no-cache", "--output-format", "concise", cwd=tmp_path)
    finally:
        subprocess.run([*unlock, str(locked)], check=True)
    assert result.returncode == 2
    assert fixable.read_text() == FIXED_SAFE
    assert (locked / "risky.py").read_text() == RISKY.lstrip()
    assert result.stdout.startswith("locked/risky.py:5:12: NAN102 [*] ")
    assert result.stderr.startswith("nanlint: error: locked/risky.py: fixes left unapplied, the file cannot be written: ")
    assert "Traceback" not in result.stderr


def test_hard_links_owner_and_mode_are_kept(nanlint, tmp_path):
    target = write(tmp_path, "train.py", RISKY)
    other_name = tmp_path / "same_file.py"
    os.link(target, other_name)
    target.chmod(0o640)
    if os.geteuid() == 0:
        os.chown(target, 12345, 23456)  # root fixing a user's file must leave it the user's
    before = target.stat()
    result = nanlint("check", "train.py", "--fix", *SOFTMAX_ONLY, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    after = target.stat()
    assert target.read_text() == FIXED_SAFE and other_name.read_text() == FIXED_SAFE
    assert (after.st_ino, after.st_nlink, after.st_uid, after.st_gid) == (before.st_ino, 2, before.st_uid, before.st_gid)
    assert stat.S_IMODE(after.st_mode) == 0o640


def test_owner_is_kept_when_the_file_is_replaced(nanlint, tmp_path):
    target = write(tmp_path, "train.py", RISKY)
    if os.geteuid() != 0:
        pytest.skip("only root can give a file to another user")
    os.chown(target, 12345, 23456)
    result = nanlint("check", "train.py", "--fix", *SOFTMAX_ONLY, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (target.stat().st_uid, target.stat().st_gid) == (12345, 23456) and target.read_text() == FIXED_SAFE


def test_a_read_only_file_is_left_alone_with_one_line(nanlint, tmp_path):
    target = write(tmp_path, "train.py", RISKY)
    target.chmod(0o444)  # root could write it anyway: nanlint must not
    result = nanlint("check", "train.py", "--fix", *SOFTMAX_ONLY, "--output-format", "concise", cwd=tmp_path)
    assert result.returncode == 2
    assert target.read_text() == RISKY.lstrip() and stat.S_IMODE(target.stat().st_mode) == 0o444
    assert result.stderr.splitlines() == ["nanlint: error: train.py: fixes left unapplied, the file is read-only"]


def test_fixes_are_worked_out_on_the_content_being_written(tmp_path):
    """A file that changed after it was checked gets the fixes of its new content, not the old
    edits at shifted offsets (`torch.log(torch.softmax(z, -1))` once became `torch.log_softmax(y, -1)`)."""
    from nanlint.commands.cli import build_parser
    from nanlint.commands.fixing import fix_files
    from nanlint.project.run import make_project

    path = write(tmp_path, "m.py", "import torch\na = torch.log(torch.softmax(y, -1))\n")
    project = make_project(build_parser().parse_args(["check", str(path), "--fix", "--select", "NAN102"]))
    stale = project.run([str(path)], 1)
    path.write_text("import torch\n\nb = torch.log(torch.softmax(z, -1))\n", encoding="utf-8")
    outcome = fix_files(project, stale, write=True)
    assert path.read_text(encoding="utf-8") == "import torch\n\nb = torch.log_softmax(z, dim=-1)\n"
    assert [finding.code for finding in outcome.fixed] == ["NAN102"]


def test_a_file_changed_while_it_is_fixed_is_not_written(tmp_path):
    from nanlint.inputs.source import RewriteError, read, rewrite

    path = write(tmp_path, "m.py", "import torch\n")
    source = read(str(path))
    path.write_text("import torch\nnew = 1\n", encoding="utf-8")
    with pytest.raises(RewriteError, match="changed while it was being checked"):
        rewrite(str(path), b"import torch\nfixed = 1\n", source.data)
    assert path.read_text(encoding="utf-8") == "import torch\nnew = 1\n"


def test_a_fix_that_would_drop_a_comment_is_not_safe_and_captured_comments_are_kept(nanlint, tmp_path):
    dropped = "import torch\nimport torch.nn.functional as F\ny = torch.log(  # why the log\n    F.softmax(x, dim=-1))\n"
    kept = "import torch\nimport torch.nn.functional as F\ny = torch.log(F.softmax(a +  # the logits\n    b, dim=-1))\n"
    path = write(tmp_path, "m.py", dropped)
    assert nanlint("check", "m.py", "--fix", *SOFTMAX_ONLY, cwd=tmp_path).returncode == 1
    assert path.read_text() == dropped  # the comment would go: not a safe fix
    nanlint("check", "m.py", "--fix", "--unsafe-fixes", *SOFTMAX_ONLY, cwd=tmp_path)
    assert path.read_text() == "import torch\nimport torch.nn.functional as F\ny = torch.log_softmax(x, dim=-1)\n"
    path.write_text(kept)
    assert nanlint("check", "m.py", "--fix", *SOFTMAX_ONLY, cwd=tmp_path).returncode == 0
    assert path.read_text() == "import torch\nimport torch.nn.functional as F\ny = torch.log_softmax(a +  # the logits\n    b, dim=-1)\n"


LOGSUMEXP = ("--select", "NAN108")


def test_a_tuple_argument_keeps_its_parentheses(nanlint, tmp_path):
    """`dim=(1, 2)` once became `torch.logsumexp(x, 1, 2)`: a tuple needs its parentheses in any
    argument, a `$dim` or a `*$rest` operand."""
    path = write(tmp_path, "m.py", "import torch\na = torch.log(torch.sum(torch.exp(x), dim=(1, 2)))\nb = torch.log(x.exp().sum((1, 2)))\n")
    result = nanlint("check", "m.py", "--fix", *LOGSUMEXP, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert path.read_text() == "import torch\na = torch.logsumexp(x, (1, 2))\nb = torch.logsumexp(x, (1, 2))\n"
    # Through a `*$rest` of a user rule.
    write(tmp_path, "rules.toml", REST_TEMPLATE_RULE)
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nextend-rule-files = ["rules.toml"]\nselect = ["NAN961"]\n')
    path.write_text("import torch\na = torch.log(torch.sum(torch.exp(x), (1, 2)))\nb = torch.log(x.exp().sum((1, 2), keepdim=(True)))\n")
    result = nanlint("check", "m.py", "--fix", "--no-cache", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert path.read_text() == "import torch\na = torch.logsumexp(x, (1, 2))\nb = torch.logsumexp(x, (1, 2), keepdim=True)\n"


REST_TEMPLATE_RULE = BAD_TEMPLATE_RULE.replace("NAN960", "NAN961").replace(
    'pattern = "log(softmax($x, *$rest))"', 'pattern = "log(sum(exp($x), *$rest))"').replace(
    'template = "torch.log_softmax(*$rest, $x)"', 'template = "torch.logsumexp($x, *$rest)"').replace(
    "torch.log(torch.softmax(x, dim=-1))", "torch.log(torch.exp(x).sum(-1))").replace(
    "torch.log_softmax(x, dim=-1)", "torch.logsumexp(x, -1)")


def test_a_starred_argument_is_never_captured_as_one_operand(nanlint, tmp_path):
    """`torch.log(torch.softmax(x, *a))` once became `torch.log_softmax(x, dim=*a)`, which does not
    parse: it is reported without a fix. A `*$rest` passes a `*args` on as it was written."""
    code = "import torch\na = torch.log(torch.softmax(x, *a))\nb = torch.log(torch.exp(x).sum(1, *a))\n"
    path = write(tmp_path, "m.py", code)
    result = nanlint("check", "m.py", "--fix", "--select", "NAN102,NAN108", "--output-format", "concise", cwd=tmp_path)
    assert path.read_text() == code.replace("torch.log(torch.exp(x).sum(1, *a))", "torch.logsumexp(x, 1, *a)")
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines()[0].startswith("m.py:2:5: NAN102 `log(softmax(x))`")  # no [*]
    assert "Found 2 errors (1 fixed, 1 remaining)." in result.stdout


def test_double_star_and_unknown_rest_keywords_get_no_fix(nanlint, tmp_path):
    """`**kw` was dropped (`torch.log_softmax(x, dim=1)`), and `*$rest` passed `dtype=` on to
    torch.logsumexp, which does not take it; `keepdim=` it takes (NAN108's `fix.rest_keywords`)."""
    code = (
        "import torch\n"
        "a = torch.log(torch.softmax(x, 1, **kw))\n"
        "b = torch.log(torch.exp(x).sum(1, dtype=torch.float64))\n"
        "c = torch.log(torch.exp(x).sum(1, **kw))\n"
        "d = torch.log(torch.exp(x).sum(1, keepdim=True))\n"
    )
    path = write(tmp_path, "m.py", code)
    result = nanlint("check", "m.py", "--fix", "--select", "NAN102,NAN108", "--output-format", "concise", cwd=tmp_path)
    assert path.read_text() == code.replace("torch.log(torch.exp(x).sum(1, keepdim=True))", "torch.logsumexp(x, 1, keepdim=True)")
    assert result.returncode == 1, result.stderr
    assert [line.split(" ")[:3] for line in result.stdout.splitlines()[:3]] == [
        ["m.py:2:5:", "NAN102", "`log(softmax(x))`"], ["m.py:3:5:", "NAN108", "`log(sum(exp(x)))`"],
        ["m.py:4:5:", "NAN108", "`log(sum(exp(x)))`"],
    ]
    assert "Found 4 errors (1 fixed, 3 remaining)." in result.stdout


def test_continuation_lines_keep_the_indentation_of_their_blocks(nanlint, tmp_path):
    """Rendered without the enclosing blocks, a continuation line came back shifted left by the
    block's indentation."""
    code = (
        "import torch\n"
        "\n"
        "class Model:\n"
        "    def forward(self, x, y):\n"
        "        if x is not None:\n"
        "            return torch.log(torch.softmax(x +\n"
        "                                           y, dim=-1))\n"
        "        parts = [1,\n"
        "                 torch.log(torch.exp(x +\n"
        "                                     y).sum(1))]\n"
    )
    path = write(tmp_path, "m.py", code)
    tabbed = write(tmp_path, "t.py", "import torch\n\ndef f(x, y):\n\tif x:\n\t\treturn torch.log(torch.softmax(x +\n\t\t    y, dim=-1))\n")
    result = nanlint("check", "m.py", "t.py", "--fix", "--select", "NAN102,NAN108", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert path.read_text() == (
        code.replace("torch.log(torch.softmax(x +", "torch.log_softmax(x +").replace("y, dim=-1))", "y, dim=-1)")
        .replace("torch.log(torch.exp(x +", "torch.logsumexp(x +").replace("y).sum(1))]", "y, 1)]")
    )
    assert tabbed.read_text() == "import torch\n\ndef f(x, y):\n\tif x:\n\t\treturn torch.log_softmax(x +\n\t\t    y, dim=-1)\n"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("y = x / (a - b)", "(a - b)"),
        ("y = f(a - b)", "a - b"),
        ("y = x[(a - b)]", "(a - b)"),
        ("y = t( a - b )", "a - b"),
    ],
)
def test_fix_span_widens_over_grouping_parentheses_only(text, expected):
    start = text.index("a - b")
    new_start, new_end = _without_grouping_parens(text, start, start + len("a - b"))
    assert text[new_start:new_end] == expected


def test_show_fixes_lists_the_fixes_made_per_file_and_rule(nanlint, tmp_path):
    write(tmp_path, "a.py", RISKY)
    write(tmp_path, "b.py", "import torch\np = torch.log(torch.softmax(z, -1))\nq = torch.log(torch.softmax(w, -1))\n")
    result = nanlint("check", "a.py", "b.py", "--fix", "--show-fixes", *SOFTMAX_ONLY, cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout == (
        "\n"
        "Fixed 3 errors:\n"
        "- a.py:\n"
        "    1 × NAN102 (log-of-softmax)\n"
        "- b.py:\n"
        "    2 × NAN102 (log-of-softmax)\n"
        "\n"
        "Found 3 errors (3 fixed, 0 remaining).\n"
    )
    assert "log_softmax" in (tmp_path / "b.py").read_text()


def test_show_fixes_is_silent_when_nothing_was_fixed_and_refused_with_diff(nanlint, tmp_path):
    write(tmp_path, "risky.py", LOG_OF_STD)
    quiet = nanlint("check", "risky.py", "--show-fixes", "--output-format", "concise", *FIRST_RULES, cwd=tmp_path)
    assert "Fixed" not in quiet.stdout and quiet.returncode == 1
    refused = nanlint("check", "risky.py", "--show-fixes", "--diff", cwd=tmp_path)
    assert refused.returncode == 2 and "`--diff` cannot be used with `--show-fixes`" in refused.stderr


def test_exit_non_zero_on_fix(nanlint, tmp_path):
    path = write(tmp_path, "risky.py", RISKY)
    assert nanlint("check", "risky.py", "--fix", *SOFTMAX_ONLY, cwd=tmp_path).returncode == 0
    path.write_text(RISKY.lstrip())
    flagged = nanlint("check", "risky.py", "--fix", "--exit-non-zero-on-fix", *SOFTMAX_ONLY, cwd=tmp_path)
    assert flagged.returncode == 1 and "log_softmax" in path.read_text()
    assert nanlint("check", "risky.py", "--fix", "--exit-non-zero-on-fix", *SOFTMAX_ONLY, cwd=tmp_path).returncode == 0  # nothing left to fix
    clash = nanlint("check", "risky.py", "--exit-zero", "--exit-non-zero-on-fix", cwd=tmp_path)
    assert clash.returncode == 2 and "cannot be used with" in clash.stderr
