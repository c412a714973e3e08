"""`nanlint server`: a real LSP client (tests/server/lsp_client.py) speaks to `python -m nanlint server`
over its standard input and output. What the server reports is compared with what `nanlint check`
reports for the same file, and the edits of its code actions are applied as an editor would."""

import json
import shutil
import subprocess
import sys
import textwrap

import pytest
from cli_support import LOG_OF_STD, RISKY, ROOT, SAFE, call_nanlint, nanlint_env, run_nanlint, write
from lsp_client import CAPABILITIES, LspClient, apply_edits, edits_of, units
from rule_files import BAD_TEMPLATE_RULE

EVERYWHERE = {"start": {"line": 0, "character": 0}, "end": {"line": 10_000, "character": 0}}


@pytest.fixture
def start(tmp_path):
    """Start servers in tmp_path (`start(capabilities=...)`); each is shut down at the end and must
    exit 0."""
    clients = []

    def started(**kwargs):
        client = LspClient(kwargs.pop("cwd", tmp_path), **kwargs)
        clients.append(client)
        return client

    yield started
    for client in clients:
        assert client.close() == 0, client.stderr()


@pytest.fixture
def server(start):
    return start()


def code(text):
    return textwrap.dedent(text).lstrip("\n")


def line_range(text, line_number, fragment):
    """The LSP range (UTF-16) of `fragment` on a 1-based line."""
    line = text.splitlines()[line_number - 1]
    column = units(line[: line.index(fragment)])
    return {"start": {"line": line_number - 1, "character": column}, "end": {"line": line_number - 1, "character": column + units(fragment)}}


def cli_findings(path):
    result = call_nanlint("check", path.name, "--output-format", "json", "--no-cache", cwd=path.parent)
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)


def as_cli(diagnostic):
    """A diagnostic in the shape of `nanlint check --output-format json`'s findings."""
    start, end = diagnostic["range"]["start"], diagnostic["range"]["end"]
    return {
        "code": diagnostic["code"], "message": diagnostic["message"], "url": diagnostic["codeDescription"]["href"],
        "location": {"row": start["line"] + 1, "column": start["character"] + 1},
        "end_location": {"row": end["line"] + 1, "column": end["character"] + 1},
    }


def test_open_publishes_the_findings_check_reports_and_a_fix_clears_them(server, tmp_path):
    path = write(tmp_path, "risky.py", RISKY)
    text = path.read_text()
    uri = path.as_uri()
    server.open(uri, text)
    found = server.diagnostics(uri, version=1)

    assert [d["code"] for d in found] == ["NAN102", "NAN101"]
    assert found[0]["range"] == line_range(text, 5, "torch.log(F.softmax(logits, dim=-1))")
    assert {(d["severity"], d["source"]) for d in found} == {(2, "nanlint")}  # warnings, as ruff's server
    expected = [{key: f[key] for key in ("code", "message", "url", "location", "end_location")} for f in cli_findings(path)]
    assert [as_cli(d) for d in found] == expected
    assert found[0]["codeDescription"]["href"].endswith("/docs/rules/NAN102.md")

    server.change(uri, code(SAFE), version=2)
    assert server.diagnostics(uri, version=2) == []
    server.change(uri, text, version=3)
    assert len(server.diagnostics(uri, version=3)) == 2
    server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    assert server.diagnostics(uri) == []


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_code_actions_fix_or_silence_the_finding_under_the_cursor(server, tmp_path, newline):
    text = code(RISKY).replace("\n", newline)
    uri = (tmp_path / "risky.py").as_uri()
    server.open(uri, text)
    softmax, count = server.diagnostics(uri)

    actions = server.code_actions(uri, softmax["range"])
    by_title = {action["title"]: action for action in actions if action["kind"] == "quickfix"}
    assert set(by_title) == {"nanlint (NAN102): Replace with torch.log_softmax", "nanlint (NAN102): Disable for this line"}
    fix = by_title["nanlint (NAN102): Replace with torch.log_softmax"]
    assert fix["isPreferred"] is True and fix["diagnostics"][0]["code"] == "NAN102"
    assert fix["edit"]["documentChanges"][0]["textDocument"] == {"uri": uri, "version": 1}
    fixed = apply_edits(text, edits_of(fix, uri))
    assert fixed.splitlines()[4] == "    logp = torch.log_softmax(logits, dim=-1)"
    assert fixed.replace("torch.log_softmax(logits, dim=-1)", "torch.log(F.softmax(logits, dim=-1))") == text

    silenced = apply_edits(text, edits_of(by_title["nanlint (NAN102): Disable for this line"], uri))
    assert silenced.splitlines()[4] == "    logp = torch.log(F.softmax(logits, dim=-1))  # noqa: NAN102"
    server.change(uri, silenced, version=2)
    assert [d["code"] for d in server.diagnostics(uri, version=2)] == ["NAN101"]

    unsafe = [a for a in server.code_actions(uri, count["range"]) if a["title"].endswith("(unsafe)")]
    assert [a["title"] for a in unsafe] == ["nanlint (NAN101): Clamp the argument to at least 1e-6 (unsafe)"]
    assert not unsafe[0].get("isPreferred")
    assert "torch.log(hits.clamp_min(1e-6))" in apply_edits(silenced, edits_of(unsafe[0], uri))


def test_a_client_without_versioned_edits_gets_plain_changes(start, tmp_path):
    server = start(capabilities={})
    uri = (tmp_path / "risky.py").as_uri()
    server.open(uri, code(RISKY))
    softmax = server.diagnostics(uri)[0]
    fix = server.code_actions(uri, softmax["range"])[0]
    assert list(fix["edit"]) == ["changes"]
    assert "torch.log_softmax(logits, dim=-1)" in apply_edits(code(RISKY), fix["edit"]["changes"][uri])


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_fix_all_makes_the_fixes_check_fix_makes(server, tmp_path, newline):
    text = code(RISKY).replace("return F.nll_loss", "loss = torch.log(torch.sigmoid(logits))\n    return F.nll_loss").replace("\n", newline)
    uri = (tmp_path / "risky.py").as_uri()
    server.open(uri, text)
    server.diagnostics(uri)

    (action,) = server.code_actions(uri, EVERYWHERE, only=["source.fixAll"])
    assert action["kind"] == "source.fixAll.nanlint" and action["title"] == "nanlint: Fix all safe fixes"
    cli = call_nanlint("check", "-", "--stdin-filename", "risky.py", "--fix", "--no-cache", cwd=tmp_path, stdin=text.encode())
    fixed = apply_edits(text, edits_of(action, uri))
    assert fixed.encode() == cli.stdout and fixed != text
    assert "torch.log(hits)" in fixed  # the unsafe fix is left out
    assert server.code_actions(uri, EVERYWHERE, only=["refactor"]) == []
    quick = server.code_actions(uri, EVERYWHERE, only=["quickfix"])
    assert [a["title"] for a in quick] == [
        "nanlint (NAN102): Replace with torch.log_softmax", "nanlint (NAN102): Disable for this line",
        "nanlint (NAN103): Replace with F.logsigmoid", "nanlint (NAN103): Disable for this line",
        "nanlint (NAN101): Clamp the argument to at least 1e-6 (unsafe)", "nanlint (NAN101): Disable for this line",
    ]


def test_a_fix_whose_code_would_not_parse_is_offered_greyed_out_with_the_reason(server, tmp_path):
    write(tmp_path, "rules.toml", BAD_TEMPLATE_RULE)
    write(tmp_path, "pyproject.toml", '[tool.nanlint]\nextend-rule-files = ["rules.toml"]\nselect = ["NAN960"]\n')
    path = write(tmp_path, "a.py", "import torch\n\ndef f(x):\n    return torch.log(torch.softmax(x, dim=-1))\n")
    server.open(path.as_uri(), path.read_text())
    (found,) = server.diagnostics(path.as_uri())
    fix, noqa, fix_all = server.code_actions(path.as_uri(), found["range"])
    reason = "(line 4: positional argument follows keyword argument)"
    assert fix["title"] == "nanlint (NAN960): Reorder badly" and "edit" not in fix and not fix.get("isPreferred")
    assert fix["disabled"]["reason"] == f"the fixed code would not parse {reason}"
    assert fix_all["kind"] == "source.fixAll.nanlint" and "edit" not in fix_all and fix_all["disabled"]["reason"].endswith(reason)
    assert "edit" in noqa


def test_noqa_joins_the_comment_already_on_the_line(server, tmp_path):
    text = code('''
        import torch

        def f(x):
            a = torch.log(x.std())  # noqa: E501
            b = torch.log(x.std())  # the batch axis
            c = torch.log(x.std())  # nanlint: ignore[E501] (long)
            d = torch.log(x.std()) + len("""
        """)
            return a + b + c + d
    ''')
    uri = (tmp_path / "comments.py").as_uri()
    server.open(uri, text)
    found = server.diagnostics(uri)
    assert [(d["code"], d["range"]["start"]["line"]) for d in found] == [("NAN101", 3), ("NAN101", 4), ("NAN101", 5), ("NAN101", 6)]

    def noqa_edits(diagnostic):
        actions = server.code_actions(uri, diagnostic["range"])
        return [e for a in actions if a["title"].endswith("Disable for this line") for e in edits_of(a, uri)]

    *comments, inside_string = (noqa_edits(d) for d in found)
    assert inside_string == []  # the line ends inside a string: a comment there would be text
    silenced = apply_edits(text, [edit for edits in comments for edit in edits])
    assert silenced.splitlines()[3:6] == [
        "    a = torch.log(x.std())  # noqa: E501, NAN101",
        "    b = torch.log(x.std())  # the batch axis  # noqa: NAN101",
        "    c = torch.log(x.std())  # nanlint: ignore[E501, NAN101] (long)",
    ]
    server.change(uri, silenced, version=2)
    assert [d["range"]["start"]["line"] for d in server.diagnostics(uri, version=2)] == [6]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8", "utf-32"])
def test_positions_count_the_code_units_the_client_chose(start, tmp_path, encoding):
    server = start(capabilities=dict(CAPABILITIES, general={"positionEncodings": [encoding]}))
    assert server.initialized["capabilities"]["positionEncoding"] == encoding
    # A form feed counts as whitespace, not as a line end (str.splitlines would break there).
    text = code(LOG_OF_STD).replace("\ndef", "\n\x0c\ndef").replace("    return torch.log(total)", '    label = "é😀"; return torch.log(total)')
    uri = (tmp_path / "wide.py").as_uri()
    server.open(uri, text)
    (found,) = server.diagnostics(uri)
    line = text.split("\n")[5]
    column = units(line[: line.index("torch.log(total)")], encoding)
    assert found["range"] == {"start": {"line": 5, "character": column}, "end": {"line": 5, "character": column + len("torch.log(total)")}}
    (noqa,) = [a for a in server.code_actions(uri, found["range"]) if a["title"].endswith("Disable for this line")]
    assert apply_edits(text, edits_of(noqa, uri), encoding).split("\n")[5] == line + "  # noqa: NAN101"


def test_settings_come_from_the_configuration_nearest_the_file(server, tmp_path):
    project = tmp_path / "project"
    write(project, "pyproject.toml", '[tool.nanlint]\nignore = ["NAN101"]\nper-file-ignores = { "legacy/*" = ["NAN102"] }\n')
    for name in ("src/risky.py", "legacy/risky.py"):
        path = write(project, name, RISKY)
        server.open(path.as_uri(), path.read_text())
        assert [d["code"] for d in server.diagnostics(path.as_uri())] == [f["code"] for f in cli_findings(path)]
    assert [f["code"] for f in cli_findings(project / "src" / "risky.py")] == ["NAN102"]
    assert cli_findings(project / "legacy" / "risky.py") == []


def test_a_configuration_added_nearer_the_file_is_used_at_the_next_change_as_check_uses_it(server, tmp_path):
    write(tmp_path, "nanlint.toml", 'select = ["NAN101", "NAN102"]\n')
    path = write(tmp_path, "sub/risky.py", RISKY)
    uri = path.as_uri()
    server.open(uri, path.read_text())
    assert [d["code"] for d in server.diagnostics(uri)] == ["NAN102", "NAN101"]
    write(tmp_path, "sub/pyproject.toml", '[tool.nanlint]\nselect = ["NAN102"]\n')
    server.change(uri, path.read_text(), version=2)
    cli = call_nanlint("check", "sub/risky.py", "--output-format", "json", "--no-cache", cwd=tmp_path)
    assert [d["code"] for d in server.diagnostics(uri, version=2)] == [f["code"] for f in json.loads(cli.stdout)] == ["NAN102"]


def test_a_document_without_torch_is_parsed_as_a_file_named_to_check_is(server, tmp_path):
    broken = "def f(x:\n    return x\n"
    path = write(tmp_path, "plain.py", broken)
    server.open(path.as_uri(), broken)
    (problem,) = server.diagnostics(path.as_uri())
    cli = call_nanlint("check", "plain.py", "--no-cache", cwd=tmp_path)
    assert cli.returncode == 2 and "syntax error" in problem["message"] and problem["message"] in cli.stderr


def test_force_exclude_leaves_excluded_files_silent_as_check_does(server, tmp_path):
    write(tmp_path, "nanlint.toml", 'force-exclude = true\nextend-exclude = ["generated"]\n')
    for name, expected in (("generated/risky.py", []), ("kept/risky.py", ["NAN102", "NAN101"])):
        path = write(tmp_path, name, RISKY)
        server.open(path.as_uri(), path.read_text())
        assert [d["code"] for d in server.diagnostics(path.as_uri())] == expected
        cli = call_nanlint("check", "-", "--stdin-filename", name, "--output-format", "json", cwd=tmp_path, stdin=path.read_text())
        assert [f["code"] for f in json.loads(cli.stdout)] == expected


def test_a_bad_configuration_is_one_error_diagnostic_until_it_is_repaired(server, tmp_path):
    config = write(tmp_path, "nanlint.toml", "select = [\n")
    path = write(tmp_path, "risky.py", RISKY)
    uri = path.as_uri()
    server.open(uri, path.read_text())
    (problem,) = server.diagnostics(uri)
    assert problem["severity"] == 1 and "code" not in problem
    assert "configuration error" in problem["message"] and "nanlint.toml: invalid TOML" in problem["message"]
    assert server.code_actions(uri, EVERYWHERE) == []

    config.write_text('select = ["NAN102"]\n')
    server.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    assert [d["code"] for d in server.diagnostics(uri)] == ["NAN102"]


def test_a_file_that_does_not_parse_gets_one_syntax_error_diagnostic(server, tmp_path):
    broken = "import torch\n\ndef f(x:\n    return torch.log(x.std())\n"
    path = tmp_path / "broken.py"
    path.write_text(broken)
    uri = path.as_uri()
    server.open(uri, broken)
    (problem,) = server.diagnostics(uri)
    cli = call_nanlint("check", "broken.py", "--no-cache", cwd=tmp_path)
    assert cli.returncode == 2
    where, message = cli.stderr.strip().split("broken.py:", 1)[1].split(": ", 1)
    line, column = map(int, where.split(":"))
    assert problem["message"] == message and "syntax error" in message
    assert problem["range"]["start"] == {"line": line - 1, "character": column - 1}
    assert problem["severity"] == 1 and problem["source"] == "nanlint" and "code" not in problem
    assert server.code_actions(uri, EVERYWHERE) == []

    server.change(uri, broken.replace("(x:", "(x):"), version=2)
    assert [d["code"] for d in server.diagnostics(uri, version=2)] == ["NAN101"]


def test_bad_input_does_not_stop_the_server(server, tmp_path):
    server.send_bytes(b"Content-Length: 9\r\n\r\n{not json")
    assert "error" in server.request_raw("nanlint/noSuchMethod", {})
    unknown = (tmp_path / "never-opened.py").as_uri()
    assert server.code_actions(unknown, EVERYWHERE) == []
    server.change(unknown, RISKY, version=2)
    server.open((tmp_path / "notes.md").as_uri(), RISKY, language="markdown")
    assert server.diagnostics((tmp_path / "notes.md").as_uri()) == []
    odd = (tmp_path / "odd.py").as_uri()
    server.open(odd, "import torch\n\x00\ud800 = torch.log(x)\f\n")  # JSON can carry a lone surrogate
    (problem,) = server.diagnostics(odd)
    assert problem["severity"] == 1 and "cannot read it" in problem["message"]

    untitled = "untitled:Untitled-1"
    server.open(untitled, code(LOG_OF_STD))
    assert [d["code"] for d in server.diagnostics(untitled)] == ["NAN101"]


def test_exit_without_shutdown_and_a_closed_input_end_the_server(tmp_path):
    for finish in ("exit", "eof"):
        client = LspClient(tmp_path)
        if finish == "exit":
            client.notify("exit", None)
        client.process.stdin.close()
        try:
            client.process.wait(60)
        finally:
            if client.process.poll() is None:
                client.process.kill()
                pytest.fail(f"the server kept running after {finish}")


BLOCK_PYGLS = '''
import sys

class BlockPygls:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pygls", "lsprotocol"):
            raise ModuleNotFoundError(f"No module named {name!r} (blocked by the test)", name=name)
        return None

sys.meta_path.insert(0, BlockPygls())
'''


def test_without_pygls_the_server_names_the_extra_to_install_from_where_nanlint_comes(tmp_path):
    """nanlint is on no package index, so `pip install 'nanlint[server]'` finds nothing: the hint
    installs the extra from this checkout (editable, as it runs), or from the repository when
    nanlint runs from a copy that is no checkout (an installed wheel)."""
    shim = tmp_path / "shim"
    write(shim, "sitecustomize.py", BLOCK_PYGLS)
    blocked = {"PYTHONPATH": f"{shim}:{nanlint_env()['PYTHONPATH']}"}
    proof = subprocess.run([sys.executable, "-c", "import pygls"], env=nanlint_env(blocked), capture_output=True, text=True)
    assert "blocked by the test" in proof.stderr

    result = run_nanlint("server", cwd=tmp_path, env=blocked, stdin="")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"nanlint: error: `nanlint server` needs pygls: pip install -e '{ROOT}[server]'\n"
    assert 'server = ["pygls' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # the extra is there

    installed = tmp_path / "site-packages"  # as a wheel lays nanlint out: the package, its rules inside
    shutil.copytree(ROOT / "nanlint", installed / "nanlint", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "rules", installed / "nanlint" / "rules")
    wheel = {"PYTHONPATH": f"{shim}:{installed}"}
    result = run_nanlint("server", cwd=tmp_path, env=wheel, stdin="", timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == ("nanlint: error: `nanlint server` needs pygls: "
                             'pip install "nanlint[server] @ git+https://github.com/nanlint/nanlint"\n')
