"""Every catalog example (bad and good), checked once by the real CLI with every rule on: no two
rules report the same span (the specific rule `supersedes` the general one: one division, one
finding)."""

import json
from collections import defaultdict

import pytest
from cli_support import call_nanlint

from nanlint.catalog import Rule, load_catalog

CATALOG = load_catalog()


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
