"""`nanlint check`, `rule` (`--all`), `rules` (`--select`), `--version` through the CLI on real files
(in this process; a real subprocess for a terminal)."""

import json
import os
import re
import sys

import pytest
from cli_support import HUNG, LOG_OF_STD, RISKY, SAFE, run_nanlint, write

from nanlint import __version__
from nanlint.checks.registry import load_catalog

CONCISE = ("--output-format", "concise")
FIRST_RULES = ("--select", "NAN101,NAN102")


def codes_and_lines(stdout):
    """[(path, line, code)] of concise output."""
    return [(m[0], int(m[1]), m[3]) for m in re.findall(r"^(.+?):(\d+):(\d+): (NAN\d+) ", stdout, re.M)]


def test_clean_code_exits_0_and_says_so(nanlint, tmp_path):
    write(tmp_path, "safe.py", SAFE)
    result = nanlint("check", "safe.py", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "All checks passed!\n", "")


def test_findings_exit_1_in_text_format_with_source_line_and_caret(nanlint, tmp_path):
    write(tmp_path, "loss.py", LOG_OF_STD)
    result = nanlint("check", "loss.py", *FIRST_RULES, cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert re.match(r"loss\.py:5:12: NAN101 `log` of a std.*gradient 1/x is inf$", lines[0])
    assert lines[1:4] == [
        "  |",
        "5 |     return torch.log(total)",
        "  |            ^^^^^^^^^^^^^^^^",
    ]
    assert "Found 1 error." in lines
    assert result.stderr == ""


def test_concise_format_is_one_line_per_finding(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    result = nanlint("check", ".", *CONCISE, *FIRST_RULES, cwd=tmp_path)
    assert codes_and_lines(result.stdout) == [("risky.py", 5, "NAN102"), ("risky.py", 7, "NAN101")]
    assert result.stdout.splitlines()[0].startswith("risky.py:5:12: NAN102 [*] `log(softmax(logits))`")


def test_a_broken_file_exits_2_and_every_other_file_is_still_checked(nanlint, tmp_path):
    write(tmp_path, "a_broken.py", "import torch\ndef f(:\n    pass\n")
    write(tmp_path, "b_risky.py", RISKY)
    result = nanlint("check", ".", *CONCISE, *FIRST_RULES, cwd=tmp_path)
    assert result.returncode == 2
    assert [entry[0] for entry in codes_and_lines(result.stdout)] == ["b_risky.py", "b_risky.py"]
    assert result.stderr.splitlines() == ["nanlint: error: a_broken.py:2:7: syntax error: invalid syntax"]


def test_bad_inputs_each_get_one_line_and_exit_2(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    (tmp_path / "latin1_bad.py").write_bytes(b"import torch\ns = '\xe9'\n")
    (tmp_path / "binary.py").write_bytes(b"\x7fELF\x00\x00torch\x00")
    (tmp_path / "bad_coding.py").write_bytes(b"# -*- coding: no-such-codec -*-\nimport torch\n")
    os.mkfifo(tmp_path / "fifo.py")
    (tmp_path / "loop.py").symlink_to("loop.py")  # unreadable even for root
    result = nanlint("check", "risky.py", "latin1_bad.py", "binary.py", "bad_coding.py", "fifo.py", "loop.py", "missing.py",
                     *CONCISE, *FIRST_RULES, cwd=tmp_path, timeout=HUNG)
    assert result.returncode == 2
    assert len(codes_and_lines(result.stdout)) == 2
    errors = sorted(result.stderr.splitlines())
    assert len(errors) == 6, errors
    expected = {
        "bad_coding.py": "unknown encoding",
        "binary.py": "not a text file",
        "fifo.py": "not a regular file",
        "latin1_bad.py": "cannot decode as utf-8",
        "loop.py": "cannot read: Too many levels of symbolic links",
        "missing.py": "no such file or directory",
    }
    for line, (name, reason) in zip(errors, sorted(expected.items())):
        assert line.startswith(f"nanlint: error: {name}: ") and reason in line, line


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_is_reported(nanlint, tmp_path):
    path = write(tmp_path, "secret.py", RISKY)
    path.chmod(0)
    result = nanlint("check", "secret.py", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "nanlint: error: secret.py: permission denied\n"


def test_pep_263_encodings_are_honoured(nanlint, tmp_path):
    source = "# -*- coding: latin-1 -*-\nimport torch\nlabel = 'é'\ny = torch.log(x.std())\n"
    (tmp_path / "latin.py").write_bytes(source.encode("latin-1"))
    result = nanlint("check", "latin.py", *CONCISE, *FIRST_RULES, cwd=tmp_path)
    assert codes_and_lines(result.stdout) == [("latin.py", 4, "NAN101")]
    assert result.returncode == 1


def test_an_exception_inside_one_rule_is_an_internal_error_naming_rule_and_file(nanlint, tmp_path, monkeypatch):
    from nanlint.checks.domain import RiskyArgument

    def broken(self, node, ctx):
        raise KeyError("a bug in the check")

    # One check (the one behind NAN101) raising on every call it looks at: a bug of nanlint's own,
    # which no rule file can cause now that rule files are validated when they load.
    monkeypatch.setattr(RiskyArgument, "visit_call", broken)
    write(tmp_path, "risky.py", RISKY)
    write(tmp_path, "sum.py", LOG_OF_STD)
    result = nanlint("check", ".", "--no-cache", *CONCISE, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    internal = [line for line in result.stderr.splitlines() if "internal error" in line]
    assert internal and "Traceback" not in result.stderr
    assert all("KeyError: 'a bug in the check'" in line for line in internal)
    assert {line.split(": ")[2] for line in internal if "in rule NAN101 " in line} == {"risky.py", "sum.py"}
    # The other rules still ran on both files.
    assert ("risky.py", "NAN102") in {(path, code) for path, _, code in codes_and_lines(result.stdout)}


def test_check_never_executes_the_code_it_reads(nanlint, tmp_path):
    write(tmp_path, "evil.py", "import torch\nopen('executed', 'w').write('yes')\nraise SystemExit(3)\n")
    result = nanlint("check", "evil.py", cwd=tmp_path)
    assert result.returncode == 0
    assert not (tmp_path / "executed").exists()


def test_exit_zero_forgives_findings_but_not_errors(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    assert nanlint("check", "risky.py", "--exit-zero", cwd=tmp_path).returncode == 0
    assert nanlint("check", "risky.py", "missing.py", "--exit-zero", cwd=tmp_path).returncode == 2


def test_quiet_prints_findings_without_the_summary(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    write(tmp_path, "safe.py", SAFE)
    result = nanlint("check", "risky.py", "-q", *CONCISE, *FIRST_RULES, cwd=tmp_path)
    assert result.returncode == 1
    assert len(result.stdout.splitlines()) == 2 and "Found" not in result.stdout
    assert nanlint("check", "safe.py", "--quiet", cwd=tmp_path).stdout == ""


def test_statistics_count_findings_per_rule(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    write(tmp_path, "sum.py", LOG_OF_STD)
    result = nanlint("check", ".", "--statistics", *FIRST_RULES, cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines() == ["2\tNAN101\t[ ] log-of-possibly-zero", "1\tNAN102\t[*] log-of-softmax"]
    as_json = json.loads(nanlint("check", ".", "--statistics", "--output-format", "json", *FIRST_RULES, cwd=tmp_path).stdout)
    assert as_json == [
        {"code": "NAN101", "name": "log-of-possibly-zero", "count": 2, "fixable": False},
        {"code": "NAN102", "name": "log-of-softmax", "count": 1, "fixable": True},
    ]


@pytest.mark.parametrize("selection, expected", [
    (("--select", "NAN101"), {"NAN101"}),
    (("--select", "NAN10"), {"NAN101", "NAN102"}),
    (("--select", "ALL", "--ignore", "NAN102"), {"NAN101"}),
    (("--select", "NAN102", "--extend-select", "NAN101"), {"NAN101", "NAN102"}),
    (("--ignore", "NAN1", "--extend-select", "NAN101"), {"NAN101"}),  # the more specific selector wins
    (("--select", "nan102"), {"NAN102"}),
    (("--select", "NAN101", "--select", "NAN102"), {"NAN101", "NAN102"}),
])
def test_select_ignore_and_extend_select_take_codes_prefixes_and_all(nanlint, tmp_path, selection, expected):
    write(tmp_path, "risky.py", RISKY)
    result = nanlint("check", "risky.py", *CONCISE, *selection, cwd=tmp_path)
    assert {code for _, _, code in codes_and_lines(result.stdout)} == expected


def test_an_unknown_selector_is_a_usage_error(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    result = nanlint("check", "risky.py", "--select", "NAN99", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "nanlint: error: command line: `--select` names unknown rule selector `NAN99` (`nanlint rules` lists the codes)\n"


@pytest.mark.parametrize("jobs", ["0", "-1", "many"])
def test_jobs_must_be_a_positive_number(nanlint, tmp_path, jobs):
    result = nanlint("check", ".", "--jobs", jobs, cwd=tmp_path)
    assert result.returncode == 2 and "--jobs" in result.stderr


def test_stdin_is_checked_under_its_stdin_filename(nanlint, tmp_path):
    write(tmp_path, "loss.py", "# a different file on disk\n")
    result = nanlint("check", "-", "--stdin-filename", "loss.py", *FIRST_RULES, cwd=tmp_path, stdin=LOG_OF_STD.lstrip())
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("loss.py:5:12: NAN101 ")
    assert lines[2] == "5 |     return torch.log(total)"  # the excerpt comes from stdin, not from the file on disk


def test_stdin_filename_alone_reads_stdin_and_a_plain_dash_is_named_dash(nanlint, tmp_path):
    named = nanlint("check", "--stdin-filename", "x.py", *CONCISE, *FIRST_RULES, cwd=tmp_path, stdin=LOG_OF_STD.lstrip())
    assert codes_and_lines(named.stdout) == [("x.py", 5, "NAN101")]
    dash = nanlint("check", "-", *CONCISE, *FIRST_RULES, cwd=tmp_path, stdin=LOG_OF_STD.lstrip())
    assert codes_and_lines(dash.stdout) == [("-", 5, "NAN101")]


def test_stdin_cannot_be_mixed_with_paths(nanlint, tmp_path):
    result = nanlint("check", "-", "other.py", cwd=tmp_path, stdin="")
    assert result.returncode == 2 and "cannot be mixed" in result.stderr


def test_no_command_prints_help_and_exits_2(nanlint):
    result = nanlint()
    assert result.returncode == 2 and "check" in result.stderr


def test_version(nanlint):
    result = nanlint("--version")
    assert (result.returncode, result.stdout) == (0, f"nanlint {__version__}\n")


def test_rule_prints_the_docs_of_a_code_or_name(nanlint):
    by_code = nanlint("rule", "NAN101")
    assert by_code.returncode == 0
    headings = re.findall(r"^## (.+)$", by_code.stdout, re.M)
    assert headings == ["What it does", "Why is this bad?", "Example", "Use instead", "Under `nanlint verify`",
                        "Fix safety", "References"]
    assert by_code.stdout.startswith("# log-of-possibly-zero (NAN101)")
    assert nanlint("rule", "log-of-possibly-zero").stdout == by_code.stdout
    as_json = json.loads(nanlint("rule", "NAN102", "--output-format", "json").stdout)
    assert (as_json["code"], as_json["name"], as_json["fixable"]) == ("NAN102", "log-of-softmax", True)


def test_rule_with_an_unknown_code_exits_2(nanlint):
    result = nanlint("rule", "NAN999")
    assert result.returncode == 2 and "unknown rule `NAN999`" in result.stderr


def test_rules_lists_the_whole_catalog_as_text_and_json(nanlint):
    catalog = load_catalog()
    text = nanlint("rules")
    assert text.returncode == 0
    assert [line.split()[0] for line in text.stdout.splitlines()] == list(catalog)
    assert re.search(r"^NAN101  log-of-possibly-zero +on  fix  log$", text.stdout, re.M)
    listed = json.loads(nanlint("rules", "--output-format", "json").stdout)
    assert [rule["code"] for rule in listed] == list(catalog)
    assert all(rule["what"] and rule["why"] and rule["explanation"] for rule in listed)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.parametrize("no_color, coloured", [(None, True), ("1", False)])
def test_colour_only_on_a_terminal_and_never_with_no_color(tmp_path, no_color, coloured):
    import pty
    import subprocess

    from cli_support import nanlint_env

    write(tmp_path, "risky.py", RISKY)
    controller, terminal = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "nanlint", "check", "risky.py"], cwd=tmp_path,
                               stdout=terminal, stderr=terminal, env=nanlint_env({"NO_COLOR": no_color}))
    os.close(terminal)
    output = _read_all(controller)
    assert process.wait(timeout=60) == 1
    assert "NAN102" in output
    assert ("\x1b[" in output) == coloured
    piped = run_nanlint("check", "risky.py", cwd=tmp_path, env={"NO_COLOR": None})
    assert "\x1b[" not in piped.stdout


def _read_all(fd):
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks).decode()


def test_the_cli_reference_documents_every_option_and_configuration_key():
    from cli_support import ROOT

    from nanlint.commands.cli import build_parser
    from nanlint.project.config import KEYS

    reference = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    check = build_parser()._subparsers._group_actions[0].choices["check"]
    options = {option for action in check._actions for option in action.option_strings if option.startswith("--")}
    options -= {"--help"}
    assert sorted(option for option in options if f"`{option}" not in reference) == []
    assert sorted(key for key in KEYS if f"`{key}`" not in reference) == []


def test_a_fix_text_quotes_a_compound_expression_as_valid_python(nanlint, tmp_path):
    write(tmp_path, "m.py", """
import torch

def positive_loss(loss, labels):
    return loss[labels > 0].mean()

def partition(energy):
    return torch.exp(-energy).sum(-1)
""")
    result = nanlint("check", "m.py", *CONCISE, "--select", "NAN702,NAN504", cwd=tmp_path)
    assert "test `torch.any(labels > 0)`" in result.stdout, result.stdout
    assert "subtract `torch.amax(-energy, dim, keepdim=True)`" in result.stdout


def test_rule_all_prints_every_page(nanlint):
    catalog = load_catalog()
    text = nanlint("rule", "--all")
    assert text.returncode == 0
    assert [line[2:] for line in text.stdout.splitlines() if line.startswith("# ")] == [f"{r.name} ({r.code})" for r in catalog.values()]
    listed = json.loads(nanlint("rule", "--all", "--output-format", "json").stdout)
    assert [rule["code"] for rule in listed] == list(catalog)
    assert listed[0]["url"] == f"https://github.com/nanlint/nanlint/blob/main/docs/rules/{listed[0]['code']}.md"
    for wrong in (("rule",), ("rule", "NAN101", "--all")):
        result = nanlint(*wrong)
        assert result.returncode == 2 and "give a rule's code or name, or `--all`" in result.stderr


@pytest.mark.parametrize("selection, prefixes", [(("--select", "NAN1,NAN95"), ("NAN1", "NAN95")), (("--select", "nan901"), ("NAN901",))])
def test_rules_select_filters_the_listing(nanlint, selection, prefixes):
    result = nanlint("rules", *selection)
    codes = [line.split()[0] for line in result.stdout.splitlines()]
    expected = [code for code in load_catalog() if code.startswith(prefixes)]
    assert result.returncode == 0 and codes == expected and codes
    as_json = json.loads(nanlint("rules", *selection, "--output-format", "json").stdout)
    assert [rule["code"] for rule in as_json] == expected


def test_rules_select_of_an_unknown_prefix_is_an_error(nanlint):
    result = nanlint("rules", "--select", "NAN99")
    assert result.returncode == 2 and "unknown rule selector `NAN99`" in result.stderr
