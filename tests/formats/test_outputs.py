"""Output formats through the CLI: full text, JSON, SARIF (validated against the official schema),
GitHub workflow annotations, and -o/--output-file. tests/formats/test_formats.py has ruff's other formats."""

import json
import re
from pathlib import Path

from cli_support import LOG_OF_STD, RISKY, ROOT, sarif_schema, write

FIRST_RULES = ("--select", "NAN101,NAN102")


def run_json(nanlint, cwd, *args):
    result = nanlint("check", *args, "--output-format", "json", cwd=cwd)
    return result, json.loads(result.stdout)


def test_json_is_a_list_of_findings_in_ruffs_shape(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    result, findings = run_json(nanlint, tmp_path, "risky.py", *FIRST_RULES)
    assert result.returncode == 1
    assert [(f["code"], f["location"], f["end_location"]) for f in findings] == [
        ("NAN102", {"row": 5, "column": 12}, {"row": 5, "column": 48}),
        ("NAN101", {"row": 7, "column": 39}, {"row": 7, "column": 54}),
    ]
    first = findings[0]
    assert set(first) == {"cell", "code", "name", "message", "severity", "filename", "location", "end_location", "noqa_row", "url", "related", "fix"}
    assert (first["name"], first["filename"], first["severity"], first["noqa_row"], first["cell"]) == ("log-of-softmax", "risky.py", "warning", 5, None)  # ruff's null cell outside notebooks
    assert first["url"] == "https://github.com/nanlint/nanlint/blob/main/docs/rules/NAN102.md"
    assert first["fix"]["applicability"] == "safe" and findings[1]["fix"]["applicability"] == "unsafe"
    edit = first["fix"]["edits"][0]
    assert (edit["location"], edit["end_location"]) == (first["location"], first["end_location"])


def test_json_fix_edits_reproduce_what_fix_writes(nanlint, tmp_path):
    path = write(tmp_path, "risky.py", RISKY)
    text = path.read_text()
    _, findings = run_json(nanlint, tmp_path, "risky.py", "--select", "NAN102")
    edits = [edit for finding in findings for edit in finding["fix"]["edits"]]
    for edit in sorted(edits, key=lambda e: e["start"], reverse=True):
        text = text[: edit["start"]] + edit["content"] + text[edit["end"]:]
    assert nanlint("check", "risky.py", "--select", "NAN102", "--fix", cwd=tmp_path).returncode == 0
    assert path.read_text() == text


def test_json_with_no_findings_is_an_empty_list(nanlint, tmp_path):
    write(tmp_path, "plain.py", "x = 1\n")
    result, findings = run_json(nanlint, tmp_path, "plain.py")
    assert (result.returncode, findings) == (0, [])


def test_sarif_validates_against_the_official_schema(nanlint, tmp_path):
    schema = sarif_schema()
    import jsonschema

    write(tmp_path, "risky.py", RISKY)
    write(tmp_path, "dir with space/modèle.py", LOG_OF_STD)
    write(tmp_path, "broken.py", "import torch\nx = (\n")
    absolute = write(tmp_path, "elsewhere/abs.py", LOG_OF_STD)
    args = ("risky.py", "dir with space", "broken.py", str(absolute), *FIRST_RULES)
    result = nanlint("check", *args, "--output-format", "sarif", cwd=tmp_path)
    assert result.returncode == 2
    log = json.loads(result.stdout)
    jsonschema.validators.validator_for(schema)(schema).validate(log)

    run = log["runs"][0]
    _, listed = run_json(nanlint, tmp_path, *args)
    findings = [entry for entry in listed if entry["severity"] == "warning"]
    assert len(run["results"]) == len(findings) == 4
    for result_entry, finding in zip(run["results"], findings):
        region = result_entry["locations"][0]["physicalLocation"]["region"]
        assert (result_entry["ruleId"], region["startLine"], region["startColumn"], region["endColumn"]) == (
            finding["code"], finding["location"]["row"], finding["location"]["column"], finding["end_location"]["column"])
        assert run["tool"]["driver"]["rules"][result_entry["ruleIndex"]]["id"] == finding["code"]
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]]
    assert uris == [absolute.as_uri(), "dir%20with%20space/mod%C3%A8le.py", "risky.py", "risky.py"]
    notification = run["invocations"][0]["toolExecutionNotifications"][0]
    assert "broken.py:2" in notification["message"]["text"] and run["invocations"][0]["executionSuccessful"] is False
    assert notification["descriptor"]["id"] == "invalid-syntax"
    assert notification["locations"][0]["physicalLocation"]["region"] == {"startLine": 2, "startColumn": 5}
    helps = {rule["id"]: rule["helpUri"] for rule in run["tool"]["driver"]["rules"]}
    assert helps["NAN101"] == "https://github.com/nanlint/nanlint/blob/main/docs/rules/NAN101.md"


def test_sarif_without_findings_is_valid_too(nanlint, tmp_path):
    schema = sarif_schema()
    import jsonschema

    write(tmp_path, "plain.py", "import torch\n")
    log = json.loads(nanlint("check", "plain.py", "--output-format", "sarif", cwd=tmp_path).stdout)
    jsonschema.validators.validator_for(schema)(schema).validate(log)
    assert log["runs"][0]["results"] == []


def test_github_format_is_workflow_annotations(nanlint, tmp_path):
    write(tmp_path, "we,ird:name.py", LOG_OF_STD)
    write(tmp_path, "broken.py", "import torch\nx = (\n")
    result = nanlint("check", "we,ird:name.py", "broken.py", "--output-format", "github", *FIRST_RULES, cwd=tmp_path)
    assert result.returncode == 2
    lines = result.stdout.splitlines()
    assert lines[0] == "::error title=nanlint (invalid-syntax),file=broken.py,line=2,col=5,endLine=2,endColumn=5::broken.py:2:5: invalid-syntax: '(' was never closed"
    assert re.match(
        r"^::warning title=nanlint \(NAN101\),file=we%2Cird%3Aname\.py,line=5,col=12,endLine=5,endColumn=28"
        r"::we,ird:name\.py:5:12: NAN101 `log` of a std", lines[1])
    assert len(lines) == 2


def test_github_leaves_out_columns_on_a_span_over_several_lines(nanlint, tmp_path):
    """GitHub refuses an annotation with `col` whose `line` and `endLine` differ."""
    write(tmp_path, "multi.py", "import torch\n\ndef f(x):\n    return torch.log(\n        x.std()\n    )\n")
    result = nanlint("check", "multi.py", "--output-format", "github", *FIRST_RULES, cwd=tmp_path)
    assert result.stdout.startswith("::warning title=nanlint (NAN101),file=multi.py,line=4,endLine=6::multi.py:4:12: NAN101 ")


def test_text_caret_sits_under_the_span_after_tabs_and_wide_characters(nanlint, tmp_path):
    path = tmp_path / "tabs.py"
    path.write_text("import torch\n\ndef f(x):\n\tlabel = 'ü€'; y = torch.log(x.std())\n", encoding="utf-8")
    lines = nanlint("check", "tabs.py", *FIRST_RULES, cwd=tmp_path).stdout.splitlines()
    assert lines[0].startswith("tabs.py:4:20: NAN101")
    source, caret = lines[2], lines[3]
    assert source == "4 |  label = 'ü€'; y = torch.log(x.std())"
    assert caret.index("^") == source.index("torch.log")
    assert caret.count("^") == len("torch.log(x.std())")


def test_text_excerpt_counts_lines_as_python_does(nanlint, tmp_path):
    # A form feed is not a line break for Python (str.splitlines would count one).
    (tmp_path / "ff.py").write_text("import torch\n\x0c\ndef f(x):\n    return torch.log(x.std())\n", encoding="utf-8")
    lines = nanlint("check", "ff.py", *FIRST_RULES, cwd=tmp_path).stdout.splitlines()
    assert lines[0].startswith("ff.py:4:12: NAN101")
    assert lines[2] == "4 |     return torch.log(x.std())"


def test_a_span_over_several_lines_is_underlined_to_the_end_of_its_first_line(nanlint, tmp_path):
    write(tmp_path, "multi.py", "import torch\n\ndef f(x):\n    return torch.log(\n        x.std()\n    )\n")
    lines = nanlint("check", "multi.py", *FIRST_RULES, cwd=tmp_path).stdout.splitlines()
    assert lines[2:4] == ["4 |     return torch.log(", "  |            ^^^^^^^^^^"]


def test_json_documentation_matches_the_output(nanlint, tmp_path):
    """output.py's docstring documents the JSON; every key it names appears in real output."""
    from nanlint.formats import documents

    section = documents.__doc__.split("JSON (")[1].split("`json-lines`")[0]
    documented = set(re.findall(r'"(\w+)":', section))
    write(tmp_path, "risky.py", RISKY)
    _, findings = run_json(nanlint, tmp_path, "risky.py", *FIRST_RULES)
    assert documented == keys(findings[0])


def keys(value):
    """Every key of every object inside a JSON value."""
    if isinstance(value, dict):
        return set(value).union(*map(keys, value.values()))
    if isinstance(value, list):
        return set().union(*map(keys, value))
    return set()


def test_output_paths_are_as_discovered(nanlint, tmp_path):
    write(tmp_path, "pkg/sub/m.py", LOG_OF_STD)
    _, findings = run_json(nanlint, tmp_path / "pkg", ".", *FIRST_RULES)
    assert [f["filename"] for f in findings] == [str(Path("sub/m.py"))]


def test_a_finding_through_assignments_names_the_lines_of_its_chain(nanlint, tmp_path):
    """`p = softmax(x)` then `log(p)`: the finding is at the log, and the softmax line is related
    (JSON `related`, SARIF `relatedLocations`, a note in the text output)."""
    (tmp_path / "chain.py").write_text(
        "import torch\n\ndef loss(x):\n    p = torch.softmax(x, -1)\n    return torch.log(p)\n"
    )
    found = json.loads(nanlint("check", "chain.py", "--no-cache", "--output-format", "json", cwd=tmp_path).stdout)
    assert [(f["code"], f["location"]["row"]) for f in found] == [("NAN102", 5)]
    assert found[0]["related"] == [
        {"message": "from `torch.softmax(x, -1)`", "location": {"row": 4, "column": 9}, "end_location": {"row": 4, "column": 29}}
    ]
    sarif = json.loads(nanlint("check", "chain.py", "--no-cache", "--output-format", "sarif", cwd=tmp_path).stdout)
    related = sarif["runs"][0]["results"][0]["relatedLocations"]
    assert [(r["physicalLocation"]["region"]["startLine"], r["message"]["text"]) for r in related] == [(4, "from `torch.softmax(x, -1)`")]
    text = nanlint("check", "chain.py", "--no-cache", cwd=tmp_path).stdout
    assert "= note: line 4: from `torch.softmax(x, -1)`" in text


def test_a_place_the_chain_meets_twice_is_named_once(nanlint):
    """The bundled hand-written BCE uses `p` twice (`log(p)`, `log(1 - p)`): its note names the
    sigmoid that made `p` once, in every output."""
    found = json.loads(nanlint("check", "examples/losses.py", "--select", "NAN105", "--no-cache", "--output-format", "json", cwd=ROOT).stdout)
    assert [(f["code"], f["location"]["row"], [r["message"] for r in f["related"]]) for f in found] == [
        ("NAN105", 15, ["from `torch.sigmoid(logits)`"])]
    sarif = json.loads(nanlint("check", "examples/losses.py", "--select", "NAN105", "--no-cache", "--output-format", "sarif", cwd=ROOT).stdout)
    assert len(sarif["runs"][0]["results"][0]["relatedLocations"]) == 1
    text = nanlint("check", "examples/losses.py", "--select", "NAN105", "--no-cache", cwd=ROOT).stdout
    assert text.count("= note:") == 1 and "= note: line 14: from `torch.sigmoid(logits)`\n" in text


def test_output_file_holds_the_report(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    write(tmp_path, "broken.py", "import torch\nx = (\n")
    result = nanlint("check", "risky.py", "broken.py", "-o", "reports/nanlint.json", "--output-format", "json", *FIRST_RULES, cwd=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("nanlint: error: broken.py:2:5: ")
    report = json.loads((tmp_path / "reports" / "nanlint.json").read_text(encoding="utf-8"))
    assert [entry["code"] for entry in report] == ["invalid-syntax", "NAN102", "NAN101"]


def test_output_file_with_fixed_standard_input(nanlint, tmp_path):
    result = nanlint("check", "-", "--fix", "--output-file", "out.txt", "--output-format", "concise", *FIRST_RULES, cwd=tmp_path,
                     stdin=RISKY.lstrip())
    assert "log_softmax" in result.stdout and "NAN" not in result.stdout  # the fixed code alone
    assert (tmp_path / "out.txt").read_text().startswith("-:7:39: NAN101 ")


def test_output_file_that_cannot_be_written_is_a_usage_error(nanlint, tmp_path):
    write(tmp_path, "risky.py", RISKY)
    (tmp_path / "taken").write_text("a file, not a folder")
    result = nanlint("check", "risky.py", "-o", "taken/report.txt", cwd=tmp_path)
    assert result.returncode == 2 and result.stderr.startswith("nanlint: error: cannot write the output file taken/report.txt")
