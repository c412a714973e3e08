"""ruff's output formats through the real CLI, each read the way its consumer reads it: JUnit XML
with xml.etree, GitLab Code Quality and reviewdog's rdjson as those tools take them, Azure logging
commands as the pipeline agent parses them, pylint lines by their pattern, JSON lines one by one.
Files that cannot be checked are listed in each machine format (tests/formats/test_outputs.py has full
text, JSON, SARIF and GitHub)."""

import json
import re
import xml.etree.ElementTree as ET

import pytest
from cli_support import LOG_OF_STD, RISKY, write

from nanlint.types import OUTPUT_FORMATS

FIRST_RULES = ("--select", "NAN101,NAN102")
BROKEN = "import torch\nx = (\n"  # '(' was never closed, at 2:5


def project(tmp_path):
    """risky.py (NAN102 at 5:12, NAN101 at 7:39), broken.py (a syntax error at 2:5), latin.py (not UTF-8)."""
    write(tmp_path, "risky.py", RISKY)
    write(tmp_path, "broken.py", BROKEN)
    (tmp_path / "latin.py").write_bytes(b"import torch\ns = '\xe9'\n")
    return ("risky.py", "broken.py", "latin.py")


def run(nanlint, tmp_path, output_format, *args, env=None):
    return nanlint("check", *args, "--output-format", output_format, cwd=tmp_path, env=env)


def json_findings(nanlint, tmp_path, *args):
    return json.loads(run(nanlint, tmp_path, "json", *args).stdout)


def test_every_format_the_configuration_accepts_is_rendered():
    from nanlint.formats.output import HUMAN, MACHINE

    assert set(OUTPUT_FORMATS) == set(HUMAN) | set(MACHINE) | {"sarif"}


@pytest.mark.parametrize("output_format", OUTPUT_FORMATS)
def test_each_format_reports_findings_and_exits_as_ruff_does(nanlint, tmp_path, output_format):
    write(tmp_path, "risky.py", RISKY)
    found = run(nanlint, tmp_path, output_format, "risky.py", *FIRST_RULES)
    assert found.returncode == 1 and "NAN102" in found.stdout and found.stderr == ""
    broken = run(nanlint, tmp_path, output_format, *project(tmp_path), *FIRST_RULES)
    assert broken.returncode == 2
    assert broken.stderr.count("nanlint: error:") == 2  # the one-line errors stay, whatever the format


def test_full_is_ruffs_name_for_the_text_format(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    full = run(nanlint, tmp_path, "full", "risky.py", *FIRST_RULES)
    assert full.stdout == run(nanlint, tmp_path, "text", "risky.py", *FIRST_RULES).stdout
    assert full.stdout.splitlines()[2] == "5 |     logp = torch.log(F.softmax(logits, dim=-1))"
    write(tmp_path, "nanlint.toml", 'output-format = "full"\n')
    assert nanlint("check", "risky.py", *FIRST_RULES, cwd=tmp_path).stdout == full.stdout


def test_json_lists_files_that_could_not_be_checked_as_ruff_does(nanlint, tmp_path):
    listed = json_findings(nanlint, tmp_path, *project(tmp_path), *FIRST_RULES)
    problems = {entry["filename"]: entry for entry in listed if entry["severity"] == "error"}
    syntax, unreadable = problems["broken.py"], problems["latin.py"]
    assert (syntax["code"], syntax["name"], syntax["location"], syntax["url"], syntax["fix"], syntax["noqa_row"]) == (
        "invalid-syntax", "invalid-syntax", {"row": 2, "column": 5}, None, None, None)
    assert syntax["message"] == "'(' was never closed"
    assert (unreadable["code"], unreadable["location"]) == ("io-error", {"row": 1, "column": 1})
    assert "cannot decode as utf-8" in unreadable["message"]
    assert [entry["filename"] for entry in listed] == ["broken.py", "latin.py", "risky.py", "risky.py"]


def test_json_lines_is_one_json_object_per_line(nanlint, tmp_path):
    args = (*project(tmp_path), *FIRST_RULES)
    lines = run(nanlint, tmp_path, "json-lines", *args).stdout.splitlines()
    assert [json.loads(line) for line in lines] == json_findings(nanlint, tmp_path, *args)
    assert len(lines) == 4


def test_noqa_row_is_the_first_line_of_the_span_that_can_take_a_comment(nanlint, tmp_path):
    write(tmp_path, "strings.py", 'import torch\ny = torch.log(x.std(dim=len("""\n"""))\n)\n')
    [finding] = json_findings(nanlint, tmp_path, "strings.py", *FIRST_RULES)
    assert (finding["location"]["row"], finding["noqa_row"]) == (2, 3)  # line 2 ends inside the string


def test_junit_is_a_testsuite_per_file_and_a_failing_testcase_per_finding(nanlint, tmp_path):
    args = project(tmp_path)
    write(tmp_path, "a&b.py", LOG_OF_STD)
    result = run(nanlint, tmp_path, "junit", *args, "a&b.py", *FIRST_RULES)
    assert result.stdout.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    root = ET.fromstring(result.stdout)
    assert (root.tag, root.get("name"), root.get("tests"), root.get("failures"), root.get("errors")) == ("testsuites", "nanlint", "5", "5", "0")
    suites = {suite.get("name"): suite for suite in root.findall("testsuite")}
    assert sorted(suites) == ["a&b.py", "broken.py", "latin.py", "risky.py"]
    risky = suites["risky.py"]
    assert (risky.get("tests"), risky.get("failures"), risky.get("package")) == ("2", "2", "org.nanlint")
    cases = risky.findall("testcase")
    assert [(c.get("name"), c.get("classname"), c.get("line"), c.get("column")) for c in cases] == [
        ("org.nanlint.NAN102", "risky", "5", "12"), ("org.nanlint.NAN101", "risky", "7", "39")]
    failure = cases[0].find("failure")
    assert failure.get("message").startswith("`log(softmax(logits))` underflows")
    assert failure.text == "line 5, col 12, " + failure.get("message")
    assert cases[0].find("properties/property").attrib == {"name": "severity", "value": "warning"}
    broken = suites["broken.py"].find("testcase")
    assert (broken.get("name"), broken.find("failure").get("message")) == ("org.nanlint.invalid-syntax", "'(' was never closed")
    assert broken.find("properties/property").get("value") == "error"


def test_junit_without_findings_has_one_passing_case(nanlint, tmp_path):
    write(tmp_path, "plain.py", "import torch\n")
    result = run(nanlint, tmp_path, "junit", "plain.py")
    root = ET.fromstring(result.stdout)
    [suite] = root.findall("testsuite")
    [case] = suite.findall("testcase")
    assert (result.returncode, case.get("name"), case.find("failure")) == (0, "No errors found", None)
    assert (root.get("tests"), root.get("failures")) == ("1", "0")


GITLAB_SEVERITIES = {"info", "minor", "major", "critical", "blocker"}


def gitlab_issues(nanlint, cwd, *args, env=None):
    """The report, checked as GitLab reads a Code Quality artifact: each issue needs a description,
    a check_name, a unique fingerprint, a known severity, location.path and a begin line."""
    issues = json.loads(run(nanlint, cwd, "gitlab", *args, env=env).stdout)
    assert isinstance(issues, list)
    for issue in issues:
        assert isinstance(issue["description"], str) and issue["description"]
        assert isinstance(issue["check_name"], str) and issue["description"].startswith(issue["check_name"] + ": ")
        assert re.fullmatch(r"[0-9a-f]{16}", issue["fingerprint"])
        assert issue["severity"] in GITLAB_SEVERITIES
        location = issue["location"]
        assert isinstance(location["path"], str) and not location["path"].startswith(("/", "./"))
        begin = location.get("lines", {}).get("begin") or location["positions"]["begin"]["line"]
        assert isinstance(begin, int) and begin >= 1
    assert len({issue["fingerprint"] for issue in issues}) == len(issues)
    return issues


def test_gitlab_code_quality_report(nanlint, tmp_path):
    issues = gitlab_issues(nanlint, tmp_path, *project(tmp_path), *FIRST_RULES)
    summary = [(i["check_name"], i["severity"], i["location"]["path"], i["location"]["positions"]["begin"]) for i in issues]
    assert summary == [
        ("invalid-syntax", "major", "broken.py", {"line": 2, "column": 5}),
        ("io-error", "major", "latin.py", {"line": 1, "column": 1}),
        ("NAN102", "minor", "risky.py", {"line": 5, "column": 12}),
        ("NAN101", "minor", "risky.py", {"line": 7, "column": 39}),
    ]


def test_gitlab_fingerprints_are_unique_and_survive_moved_code(nanlint, tmp_path):
    path = write(tmp_path, "two.py", "import torch\na = torch.log(x.std())\nb = torch.log(y.std())\n")
    before = gitlab_issues(nanlint, tmp_path, "two.py", *FIRST_RULES)
    assert len(before) == 2  # same rule, same file: still two fingerprints
    assert [i["fingerprint"] for i in gitlab_issues(nanlint, tmp_path, "two.py", *FIRST_RULES)] == [i["fingerprint"] for i in before]
    path.write_text("import torch\n\n\n# moved down\na = torch.log(x.std())\nb = torch.log(y.std())\n")
    after = gitlab_issues(nanlint, tmp_path, "two.py", *FIRST_RULES)
    assert [i["location"]["positions"]["begin"]["line"] for i in after] == [5, 6]
    assert [i["fingerprint"] for i in after] == [i["fingerprint"] for i in before]


def test_gitlab_paths_are_relative_to_ci_project_dir(nanlint, tmp_path):
    write(tmp_path, "src/pkg/m.py", LOG_OF_STD)
    issues = gitlab_issues(nanlint, tmp_path / "src", "pkg", *FIRST_RULES, env={"CI_PROJECT_DIR": str(tmp_path)})
    assert [issue["location"]["path"] for issue in issues] == ["src/pkg/m.py"]


def test_rdjson_is_reviewdogs_diagnostic_result(nanlint, tmp_path):
    report = json.loads(run(nanlint, tmp_path, "rdjson", *project(tmp_path), *FIRST_RULES).stdout)
    assert (report["source"]["name"], report["severity"]) == ("nanlint", "WARNING")
    assert report["source"]["url"].startswith("https://")
    by_code = {d["code"]["value"]: d for d in report["diagnostics"]}
    assert set(by_code) == {"invalid-syntax", "io-error", "NAN101", "NAN102"}
    for diagnostic in report["diagnostics"]:
        assert diagnostic["message"] and diagnostic["location"]["path"]
        start = diagnostic["location"]["range"]["start"]
        assert start["line"] >= 1 and start["column"] >= 1
        assert diagnostic.get("severity", "WARNING") in ("ERROR", "WARNING")
    assert by_code["invalid-syntax"]["severity"] == "ERROR" and "url" not in by_code["invalid-syntax"]["code"]
    assert by_code["NAN102"]["code"]["url"].endswith("/docs/rules/NAN102.md")
    assert by_code["NAN102"]["location"]["range"] == {"start": {"line": 5, "column": 12}, "end": {"line": 5, "column": 48}}


def test_rdjson_suggestions_count_utf8_bytes_and_reproduce_the_fix(nanlint, tmp_path):
    """reviewdog applies a suggestion at byte columns: applied so, they give what --fix writes."""
    path = write(tmp_path, "wide.py", "import torch\nlabel = 'ü€'; p = torch.log(torch.softmax(z, -1))\n")
    data = path.read_bytes()
    report = json.loads(run(nanlint, tmp_path, "rdjson", "wide.py", "--select", "NAN102").stdout)
    [diagnostic] = report["diagnostics"]
    assert diagnostic["location"]["range"]["start"] == {"line": 2, "column": len("label = 'ü€'; p = ".encode()) + 1}
    lines = data.splitlines(keepends=True)
    for suggestion in reversed(diagnostic["suggestions"]):
        start, end = suggestion["range"]["start"], suggestion["range"]["end"]
        offset = lambda position: sum(map(len, lines[: position["line"] - 1])) + position["column"] - 1  # noqa: E731
        data = data[: offset(start)] + suggestion["text"].encode() + data[offset(end):]
    assert nanlint("check", "wide.py", "--select", "NAN102", "--fix", cwd=tmp_path).returncode == 0
    assert path.read_bytes() == data


AZURE_COMMAND = re.compile(r"^##vso\[(?P<command>\S+) (?P<properties>[^\]]*)\](?P<message>.*)$")


def azure_unescape(text):
    """What the Azure Pipelines agent does to a property or a message."""
    for escaped, plain in (("%3B", ";"), ("%5D", "]"), ("%0D", "\r"), ("%0A", "\n"), ("%AZP25", "%")):
        text = text.replace(escaped, plain)
    return text


def azure_issues(stdout):
    issues = []
    for line in stdout.splitlines():
        match = AZURE_COMMAND.match(line)
        assert match and match["command"] == "task.logissue", line
        properties = dict(item.split("=", 1) for item in match["properties"].split(";") if item)
        issues.append(({key: azure_unescape(value) for key, value in properties.items()}, azure_unescape(match["message"])))
    return issues


def test_azure_logging_commands(nanlint, tmp_path):
    args = project(tmp_path)
    write(tmp_path, "semi;colon].py", LOG_OF_STD)
    issues = azure_issues(run(nanlint, tmp_path, "azure", *args, "semi;colon].py", *FIRST_RULES).stdout)
    assert [(p["type"], p["sourcepath"], p["linenumber"], p["columnnumber"], p["code"]) for p, _ in issues] == [
        ("error", "broken.py", "2", "5", "invalid-syntax"),
        ("error", "latin.py", "1", "1", "io-error"),
        ("warning", "risky.py", "5", "12", "NAN102"),
        ("warning", "risky.py", "7", "39", "NAN101"),
        ("warning", "semi;colon].py", "5", "12", "NAN101"),
    ]
    assert issues[0][1] == "'(' was never closed" and issues[2][1].startswith("`log(softmax(logits))`")


PYLINT_LINE = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+): \[(?P<code>[^\]]+)\] (?P<message>.+)$")


def test_pylint_lines(nanlint, tmp_path):
    args = (*project(tmp_path), *FIRST_RULES)
    lines = run(nanlint, tmp_path, "pylint", *args).stdout.splitlines()
    parsed = [PYLINT_LINE.match(line) for line in lines]
    assert all(parsed), lines
    expected = json_findings(nanlint, tmp_path, *args)
    assert [(m["path"], int(m["line"]), m["code"], m["message"]) for m in parsed] == [
        (e["filename"], e["location"]["row"], e["code"], e["message"]) for e in expected]


def test_grouped_lists_findings_under_their_file_with_aligned_positions(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    write(tmp_path, "long.py", "import torch\n" + "\n" * 8 + "a = torch.log(x.std())\nif True:\n        b = torch.log(y.std())\n")
    result = run(nanlint, tmp_path, "grouped", "risky.py", "long.py", *FIRST_RULES)
    lines = result.stdout.splitlines()
    assert lines[:4] == [
        "long.py:",
        "  10:5  NAN101 `log` of a std, 0 when all values are equal: log(0) = -inf in the forward pass and its gradient 1/x is inf",
        "  12:13 NAN101 `log` of a std, 0 when all values are equal: log(0) = -inf in the forward pass and its gradient 1/x is inf",
        "",
    ]
    assert lines[4:6] == ["risky.py:", "  5:12 NAN102 [*] `log(softmax(logits))` underflows to -inf; use `log_softmax`"]
    assert lines[-2:] == ["Found 4 errors.", "[*] 1 fixable with the `--fix` option (3 hidden fixes can be enabled with the `--unsafe-fixes` option)."]


def test_statistics_are_refused_in_formats_without_a_table(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    result = run(nanlint, tmp_path, "junit", "risky.py", "--statistics")
    assert result.returncode == 2 and "`--statistics` prints only in the" in result.stderr
