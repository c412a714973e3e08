"""`check --add-noqa`: the comments of engine/noqa.py written into the files with findings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Union

from nanlint.engine.fixes import moved
from nanlint.engine.noqa import Added, Untokenizable, add_noqa
from nanlint.inputs import is_notebook
from nanlint.inputs.notebook import Notebook, load as load_notebook
from nanlint.inputs.source import RewriteError, SourceError, SourceFile, read, rewrite
from nanlint.project.run import Project
from nanlint.types import FileError, Finding


@dataclass
class NoqaRun:
    """What `--add-noqa` did: lines changed, files it could not change, findings still reported."""

    lines: int = 0
    errors: List[FileError] = field(default_factory=list)
    unsilenced: List[Finding] = field(default_factory=list)


def add_to_files(project: Project, findings: List[Finding]) -> NoqaRun:
    """Add the comments to each file with findings. A file is checked again, with its own
    configuration, as it is read now (it may have changed since), and its new text checked before
    it is written: it must still parse. A notebook's comments go into the cells' code, the rest of
    its JSON kept."""
    run = NoqaRun()
    for path in sorted({finding.path for finding in findings}):
        checker = project.checker_for(path)
        try:
            document = load_notebook(path) if is_notebook(path) else read(path)
            if isinstance(document, Notebook):
                document, current = checker.check_notebook(document)
                code = document.code
            else:
                current, code = checker.check_source(document), document.text
        except SourceError as error:
            run.errors.append(error.error)
            continue
        try:
            added = add_noqa(code, current.findings)
        except Untokenizable as error:
            run.errors.append(FileError(path, f"no noqa comments added: Python's tokenizer cannot read it ({error})"))
            continue
        after = checker.check_text(added.text, path)
        if after.errors:
            run.errors.append(
                FileError(
                    path,
                    f"no noqa comments added, the file is unchanged: {after.errors[0].message}",
                    "internal",
                )
            )
            continue
        run.unsilenced.extend(after.findings)
        if added.edits:
            try:
                rewrite(path, _with_comments(document, added), document.data, "no noqa comments added")
            except (OSError, RewriteError) as problem:
                reason = (
                    problem.error.reason
                    if isinstance(problem, RewriteError)
                    else f"no noqa comments added, the file cannot be written: {problem.strerror or problem}"
                )
                run.errors.append(FileError(path, reason))
                continue
            run.lines += len(added.edits)
    return run


def _with_comments(document: Union[SourceFile, Notebook], added: Added) -> bytes:
    """The file's new bytes: a notebook's with the `source` of the cells that got comments replaced."""
    if isinstance(document, SourceFile):
        return document.encode(added.text)
    rounds = (added.edits,)
    sources = document.fixed_sources(added.text, lambda offset, past_insertions: moved(offset, rounds, past_insertions))
    return document.with_sources(sources)


def _with_comments(document: Union[SourceFile, Notebook], added: Added) -> bytes:
    """The file's new bytes: a notebook's with the `source` of the cells that got comments replaced."""
    if isinstance(document, SourceFile):
        return document.encode(added.text)
    rounds = (added.edits,)
    sources = document.fixed_sources(added.text, lambda offset, past_insertions: moved(offset, rounds, past_insertions))
    return document.with_sources(sources)
