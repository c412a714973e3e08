"""Fix robustness on real code: apply every fix nanlint proposes to every file of the corpus, in
memory (the corpus is never written), and check that

- the fixed code parses (with Python's parser and libcst);
- fixing the fixed code again changes nothing (idempotent);
- only lines that a fix's edits cover (or the line where an `import torch` goes) change.

    python benchmarks/fix_corpus.py [--safe-only] [--show 20]

The corpus is `$NANLINT_CORPUS` (default `${TMPDIR:-/tmp}/nanlint-corpus`; see bench_check.py).
Exit status 1 if any file breaks one of the three properties.
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
from pathlib import Path
from typing import List, Optional, Sequence, Set, Tuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nanlint.project.checker import Checker  # noqa: E402
from nanlint.project.run import files  # noqa: E402
from nanlint.project.config import Settings  # noqa: E402
from nanlint.analysis.context import NEWLINE  # noqa: E402
from nanlint.engine.fixes import applicable, fix_text, parse_error  # noqa: E402
from nanlint.types import Finding  # noqa: E402
from nanlint.inputs.source import SourceError, read  # noqa: E402


def corpus_dir() -> Path:
    return Path(os.environ.get("NANLINT_CORPUS") or Path(os.environ.get("TMPDIR", "/tmp")) / "nanlint-corpus")


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + text.count("\r", 0, offset) - text.count("\r\n", 0, offset) + 1


def allowed_lines(text: str, findings: List[Finding]) -> Set[int]:
    """Lines of `text` that the first round of fixes may change."""
    lines: Set[int] = set()
    for finding in findings:
        for edit in finding.fix.edits:
            lines.update(range(line_of(text, edit.start), line_of(text, max(edit.start, edit.end - 1)) + 1))
    return lines


def changed_lines(before: str, after: str) -> Set[int]:
    """Lines of `before` replaced or deleted, and the lines before which new lines were inserted."""
    old, new = NEWLINE.split(before), NEWLINE.split(after)
    changed: Set[int] = set()
    for tag, start, end, _, _ in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag in ("replace", "delete"):
            changed.update(range(start + 1, end + 1))
        elif tag == "insert":
            changed.add(start + 1)
    return changed


def check_file(checker: Checker, path: str, unsafe: bool) -> Tuple[int, Optional[str]]:
    """(fixes applied, None if they are sound or else what went wrong)."""
    try:
        source = read(path)
    except SourceError:
        return 0, None
    findings = applicable(checker.check_source(source).findings, unsafe)
    if not findings:
        return 0, None
    return len(findings), _problem(checker, path, source.text, findings, unsafe)


def _problem(checker: Checker, path: str, text: str, findings: List[Finding], unsafe: bool) -> Optional[str]:
    def recheck(fixed: str) -> List[Finding]:
        return checker.check_text(fixed, path).findings

    once = fix_text(text, path, findings, recheck, unsafe)
    if once.error:
        return f"not applied: {once.error}"
    error = parse_error(once.text, path)
    if error:
        return f"fixed code does not parse: {error}"
    twice = fix_text(once.text, path, applicable(recheck(once.text), unsafe), recheck, unsafe)
    if twice.text != once.text:
        return "not idempotent: a second --fix changes the file again"
    stray = changed_lines(text, once.text) - allowed_lines(text, findings) - import_lines(text, findings)
    if stray:
        return f"changes lines no fix covers: {sorted(stray)[:10]}"
    return None


def import_lines(text: str, findings: List[Finding]) -> Set[int]:
    """The line where fixes insert `import torch` (an insertion edit that adds only an import)."""
    return {line_of(text, e.start) for f in findings for e in f.fix.edits if e.start == e.end and e.content.startswith("import ")}


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--safe-only", action="store_true", help="apply safe fixes only (default: unsafe ones too)")
    parser.add_argument("--show", type=int, default=20, help="problems to print")
    args = parser.parse_args(argv)
    corpus = corpus_dir()
    if not corpus.is_dir():
        sys.exit(f"no corpus at {corpus}: see benchmarks/bench_check.py")
    checker = Checker(Settings(select=("ALL",), preview=True, cache=False, root=str(corpus)))
    corpus_files, _ = files(checker, [str(corpus)])
    fixes = files_with_fixes = 0
    problems = []
    for path in corpus_files:
        count, problem = check_file(checker, path, unsafe=not args.safe_only)
        fixes += count
        files_with_fixes += bool(count)
        if problem is not None:
            problems.append(f"{path}: {problem}")
    kind = "safe" if args.safe_only else "safe and unsafe"
    print(f"{len(corpus_files)} files checked; {fixes} {kind} fixes in {files_with_fixes} files; {len(problems)} files with a problem")
    for line in problems[: args.show]:
        print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
