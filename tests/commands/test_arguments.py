"""`check`'s quick parse reads a command line as argparse does, or leaves it to argparse."""

import pytest

from nanlint.commands.arguments import quick_parse
from nanlint.commands.parser import build_parser

READ = [
    ["check"],
    ["check", "m.py"],
    ["check", "a.py", "b.py", "--cache-dir", "cache", "--exit-zero", "-q"],
    ["check", "--exit-zero", "a.py", "b.py"],
    ["check", "-q", "--select", "NAN1", "--select=NAN2,NAN3", "--ignore", "NAN104", "src"],
    ["check", "--fix", "--no-unsafe-fixes", "--preview", "--no-respect-gitignore", "--force-exclude", "x.py"],
    ["check", "--output-format", "json", "--output-format=concise", "-o", "report.txt", "."],
    ["check", "-", "--stdin-filename", "m.py", "--target-version", "py310", "--config", "nanlint.toml"],
    ["check", "--cache-dir=", "--statistics", "--diff", "--show-fixes", "--no-cache", "-w", "--add-noqa"],
    ["check", "--show-settings", "m.py"],
    ["check", "", "--show-files"],
]
LEFT_TO_ARGPARSE = [
    ["--version"],
    ["rules"],
    ["check", "--help"],
    ["check", "-h"],
    ["check", "--exit-z", "m.py"],  # an abbreviation
    ["check", "a.py", "-q", "b.py"],  # two runs of paths: argparse refuses the second
    ["check", "--", "m.py"],
    ["check", "-qw", "m.py"],
    ["check", "--cache-dir"],
    ["check", "--cache-dir", "-q"],
    ["check", "--output-file", "-", "m.py"],
    ["check", "--output-format", "nope"],
    ["check", "--quiet=yes"],
    ["check", "-o=report.txt"],
    ["check", "--jobs", "2", "m.py"],  # a value argparse converts
    ["check", "--no-quiet"],
    ["check", "-1"],
]


@pytest.mark.parametrize("argv", READ, ids=" ".join)
def test_the_quick_parse_reads_a_plain_check_as_argparse_does(argv):
    assert vars(quick_parse(argv)) == vars(build_parser("check").parse_args(argv))


@pytest.mark.parametrize("argv", LEFT_TO_ARGPARSE, ids=" ".join)
def test_the_quick_parse_leaves_anything_else_to_argparse(argv):
    assert quick_parse(argv) is None
