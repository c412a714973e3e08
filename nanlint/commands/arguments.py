"""`check`'s options, and the quick parse of the command lines a pre-commit hook or an editor gives:
argparse costs a cached check as much as its own work. Anything the quick parse does not know
(`--help`, an abbreviation, `--`, a value that looks like an option, an error) is left to argparse
(nanlint/commands/parser.py), so its messages and its answers stay argparse's own."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Dict, Iterator, List, Optional

from nanlint.types import OUTPUT_FORMATS
from nanlint.project.options import RULE_OPTIONS, Option


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        import argparse

        raise argparse.ArgumentTypeError(f"expected a number of processes (1 or more), got {text!r}")
    return value


CHECK_OPTIONS = (
    *RULE_OPTIONS,
    Option(("--output-format",), "value", "how findings are printed (default: full)", choices=tuple(OUTPUT_FORMATS)),
    Option(("-o", "--output-file"), "value", "write the report to PATH instead of standard output", "PATH"),
    Option(("--statistics",), "flag", "print the number of findings per rule instead of each finding"),
    Option(("--exit-zero",), "flag", "exit 0 even when there are findings"),
    Option(("--exit-non-zero-on-fix",), "flag", "exit 1 if a fix was made, even when no finding remains"),
    Option(("-q", "--quiet"), "flag", "print the findings and errors, nothing else (no summary)"),
    Option(("--fix",), "switch", "apply safe fixes"),
    Option(("--unsafe-fixes",), "switch", "also apply fixes that change numbers (add an eps, a clamp)"),
    Option(("--diff",), "flag", "print the fixes as a diff instead of writing them; exit 1 if there is one"),
    Option(("--show-fixes",), "switch", "list the fixes made, per file and rule"),
    Option(("--add-noqa",), "flag", "add a `# noqa: CODE` comment to each line with a finding, and exit"),
    Option(("-w", "--watch"), "flag", "check again whenever a file changes"),
    Option(
        ("--stdin-filename",),
        "value",
        "the name to report (and match against the configuration) for code read from standard input",
        "PATH",
    ),
    Option(("--force-exclude",), "switch", "apply the exclude patterns to files named explicitly too (for pre-commit)"),
    Option(("--respect-gitignore",), "switch", "skip files that .gitignore ignores (default: on)"),
    Option(("-j", "--jobs"), "value", "worker processes (default: all cores)", "N", type=_jobs),
    Option(("--no-cache",), "flag", "neither read nor write the cache"),
    Option(
        ("--cache-dir",), "value", "where the cache lives (default: .nanlint_cache beside the configuration)", "PATH"
    ),
    Option(
        ("--show-settings",),
        "value",
        "print the settings PATH is checked with (its configuration file, rules, excludes...) and exit",
        "PATH",
    ),
    Option(("--show-files",), "flag", "list the files that would be checked, and those skipped with why, and exit"),
)
PATHS_HELP = "files or folders (default: .); - reads standard input"
# Each spelling of an option the quick parse reads, and what it sets: (option, value of a switch).
_SPELLINGS: Dict[str, tuple] = {
    **{flag: (option, True) for option in CHECK_OPTIONS for flag in option.flags},
    **{f"--no-{option.flags[-1][2:]}": (option, False) for option in CHECK_OPTIONS if option.kind == "switch"},
}


def quick_parse(argv: List[str]) -> Optional[SimpleNamespace]:
    """What argparse makes of `check ARGS` when ARGS are plain: the paths in one run, options spelt in
    full, values that are no option and among the choices; None for anything else."""
    if argv[:1] != ["check"]:
        return None
    values: Dict[str, object] = {option.dest: False if option.kind == "flag" else None for option in CHECK_OPTIONS}
    paths: List[str] = []
    runs_of_paths = 0
    after_path = False
    words = iter(argv[1:])
    for word in words:
        is_path = word == "-" or not word.startswith("-")
        runs_of_paths += is_path and not after_path
        after_path = is_path
        if is_path:
            paths.append(word)
        elif not _read_option(word, words, values):
            return None
    if runs_of_paths > 1:  # argparse takes one run of paths, and refuses the words of another
        return None
    return SimpleNamespace(command="check", paths=paths, **values)


def _read_option(word: str, words: Iterator[str], values: Dict[str, object]) -> bool:
    """Set what `word` (and the value after it) says in `values`; False if the quick parse cannot."""
    name, equals, attached = word.partition("=")
    option, switch = _SPELLINGS.get(name, (None, None))
    if option is None or option.type is not None:
        return False
    takes_value = option.kind in ("value", "append")
    if equals and not (takes_value and name.startswith("--")):
        return False
    if not takes_value:
        values[option.dest] = switch
        return True
    value = attached if equals else next(words, None)
    if value is None or value.startswith("-") or (option.choices and value not in option.choices):
        return False
    values[option.dest] = [*(values[option.dest] or []), value] if option.kind == "append" else value  # type: ignore[misc]
    return True
