"""The rule pages in docs/rules: generated from the catalog, committed up to date, and linked from
each finding's `url` (JSON, SARIF); a project's own rules have no page and no link."""

import json
import re
import shutil

from cli_support import LOG_OF_STD, ROOT, call_main, write

from nanlint.checks.registry import load_catalog
from nanlint.formats.rule_pages import PAGE_URL, main as docs_main

PAGES = ROOT / "docs" / "rules"
HEADINGS = ["What it does", "Why is this bad?", "Example", "Use instead"]


def docs(*args, cwd=ROOT):
    """`python -m nanlint.formats.rule_pages ARGS`, run in this process."""
    return call_main(docs_main, *args, cwd=cwd)


def test_the_committed_pages_are_up_to_date_with_the_catalog():
    result = docs("--check")
    assert result.returncode == 0, result.stderr + "\nrun `python -m nanlint.formats.rule_pages` and commit docs/rules"


def test_a_page_per_rule_with_ruffs_sections():
    catalog = load_catalog()
    assert sorted(path.stem for path in PAGES.glob("NAN*.md")) == sorted(catalog)
    for code, rule in catalog.items():
        page = (PAGES / f"{code}.md").read_text(encoding="utf-8")
        headings = re.findall(r"^## (.+)$", page, re.M)
        assert headings[:4] == HEADINGS, code
        assert ("Fix safety" in headings) == rule.fixable, code
        assert ("References" in headings) == bool(rule.docs.references), code
        if rule.fixable:
            assert ("is safe:" if rule.fix_safe else "is unsafe:") in page, code
    index = (PAGES / "README.md").read_text(encoding="utf-8")
    assert all(f"[{code}]({code}.md)" in index for code in catalog)


def test_check_finds_a_stale_page_and_writing_repairs_it(tmp_path):
    pages = tmp_path / "rules"
    shutil.copytree(PAGES, pages)
    (pages / "NAN101.md").write_text("# edited by hand\n", encoding="utf-8")
    (pages / "NAN998.md").write_text("# a rule that is gone\n", encoding="utf-8")
    (pages / "NAN102.md").unlink()
    stale = docs("--check", "--directory", pages)
    assert stale.returncode == 1
    assert sorted(re.findall(r"(NAN\d+)\.md: out of date", stale.stderr)) == ["NAN101", "NAN102", "NAN998"]
    assert docs("--directory", pages).returncode == 0
    assert docs("--check", "--directory", pages).returncode == 0
    assert not (pages / "NAN998.md").exists()
    assert (pages / "NAN101.md").read_text(encoding="utf-8") == (PAGES / "NAN101.md").read_text(encoding="utf-8")


def page_of(url):
    """The committed file a documentation URL points at."""
    prefix = PAGE_URL.split("{code}")[0]
    assert url.startswith(prefix), url
    return PAGES / url[len(prefix):]


def test_finding_urls_link_the_committed_pages(nanlint, tmp_path):
    write(tmp_path, "risky.py", LOG_OF_STD)
    [finding] = json.loads(nanlint("check", "risky.py", "--select", "NAN101", "--output-format", "json", cwd=tmp_path).stdout)
    assert page_of(finding["url"]).read_text(encoding="utf-8").startswith("# log-of-possibly-zero (NAN101)")
    sarif = json.loads(nanlint("check", "risky.py", "--select", "NAN101", "--output-format", "sarif", cwd=tmp_path).stdout)
    [rule] = sarif["runs"][0]["tool"]["driver"]["rules"]
    assert page_of(rule["helpUri"]).is_file()


OWN_RULE = """
family = "ours"
title = "Ours"

[[rule]]
code = "NAN990"
name = "any-sigmoid"
message = "a sigmoid"
check = "pattern"
[rule.params]
pattern = "sigmoid($x)"
[rule.docs]
what = "w"
why = "w"
instead = "w"
[[rule.bad]]
code = "import torch\\ntorch.sigmoid(x)\\n"
lines = [2]
[[rule.good]]
code = "import torch\\n"
"""


def test_a_projects_own_rule_has_no_url(nanlint, tmp_path):
    write(tmp_path, "ours.toml", OWN_RULE)
    write(tmp_path, "nanlint.toml", 'extend-rule-files = ["ours.toml"]\n')
    write(tmp_path, "m.py", "import torch\ny = torch.sigmoid(x)\n")
    args = ("check", "m.py", "--select", "NAN990", "--output-format")
    [finding] = json.loads(nanlint(*args, "json", cwd=tmp_path).stdout)
    assert (finding["code"], finding["url"]) == ("NAN990", None)
    [rule] = json.loads(nanlint(*args, "sarif", cwd=tmp_path).stdout)["runs"][0]["tool"]["driver"]["rules"]
    assert rule["id"] == "NAN990" and "helpUri" not in rule
    assert json.loads(nanlint("rule", "NAN990", "--output-format", "json", cwd=tmp_path).stdout)["url"] is None


def test_a_page_says_which_runtime_events_confirm_the_rule(nanlint):
    gradient_only = nanlint("rule", "NAN304").stdout
    assert "a new NaN/Inf gradient in the backward pass of `acos`, `arccos`, `asin`, `arcsin`." in gradient_only
    assert "in the forward pass of" not in gradient_only
    assert 'its findings are "static only"' in nanlint("rule", "NAN001").stdout


def test_readme_family_table_names_the_rules_off_by_default(nanlint):
    """README's table of families advertises examples; those of the opt-in rules (off by default:
    `check` is silent on them without --preview) are marked, and its last column names every
    opt-in rule of the family, as `nanlint rules` reports them."""
    rules = json.loads(nanlint("rules", "--output-format", "json").stdout)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    header = "| family | codes | examples of what it finds"
    rows = readme[readme.index(header):].split("\n\n")[0].splitlines()
    assert rows[0].endswith("| off by default |")
    listed = set()
    for row in rows[2:]:
        family, codes, examples, off = [cell.strip() for cell in row.strip("|").split("|")]
        low, high = map(int, re.fullmatch(r"NAN(\d{3})-(\d{3})", codes).groups())
        in_row = {r["code"] for r in rules if low <= int(r["code"][3:]) <= high}
        expected = sorted(r["code"] for r in rules if r["code"] in in_row and not r["default"])
        assert (off.split(", ") if off != "-" else []) == expected, family
        assert ("*opt-in*" in examples) <= bool(expected), family
        listed |= in_row
    assert listed == {r["code"] for r in rules}
    for example in ("a `-inf` mask that can cover a whole softmax row (*opt-in*)", "`(x - mean) / std` (*opt-in*)",
                    "unbiased `std` over a batch of one (*opt-in*)", "a range `max - min` (*opt-in*)"):
        assert example in readme
