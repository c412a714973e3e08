"""Code actions for the findings in a range: each finding's fix (a preferred quick fix when it
is safe, labelled `(unsafe)` when it changes numbers), a `# noqa: CODE` for its line, and
`source.fixAll.nanlint`, the fixes `nanlint check --fix` would make to the whole document."""

from __future__ import annotations

from typing import List, Optional, Sequence

from lsprotocol import types

from nanlint.engine.fixes import apply_edits, parse_error
from nanlint.engine.noqa import noqa_edit
from nanlint.types import Edit, Finding
from nanlint.server.diagnostics import finding_diagnostic
from nanlint.server.linting import Analysis
from nanlint.server.positions import LineIndex

FIX_ALL = "source.fixAll.nanlint"
KINDS = [types.CodeActionKind.QuickFix, FIX_ALL]


class Document:
    """The document the actions edit: its URI, its version, and how its client takes edits."""

    def __init__(self, uri: str, version: Optional[int], index: LineIndex, versioned_edits: bool) -> None:
        self.uri = uri
        self.version = version
        self.index = index
        self.versioned_edits = versioned_edits

    def workspace_edit(self, edits: Sequence[Edit]) -> types.WorkspaceEdit:
        text_edits = [
            types.TextEdit(range=self.index.range(edit.start, edit.end), new_text=edit.content) for edit in edits
        ]
        if not self.versioned_edits:
            return types.WorkspaceEdit(changes={self.uri: text_edits})
        identifier = types.OptionalVersionedTextDocumentIdentifier(uri=self.uri, version=self.version)
        return types.WorkspaceEdit(
            document_changes=[types.TextDocumentEdit(text_document=identifier, edits=text_edits)]
        )


def code_actions(
    analysis: Analysis, document: Document, wanted: types.Range, only: Optional[List[str]]
) -> List[types.CodeAction]:
    actions: List[types.CodeAction] = []
    if _wanted(types.CodeActionKind.QuickFix, only):
        catalog = analysis.checker.catalog if analysis.checker is not None else {}
        for finding in analysis.findings:
            diagnostic = finding_diagnostic(finding, document.index, catalog)
            if not _overlaps(diagnostic.range, wanted):
                continue
            if finding.fix is not None:
                actions.append(_fix_action(analysis, finding, diagnostic, document))
            noqa = noqa_edit(analysis.text, finding)
            if noqa is not None:
                actions.append(_quick_fix("Disable for this line", diagnostic, document.workspace_edit([noqa])))
    if _wanted(FIX_ALL, only):
        fix_all = _fix_all_action(analysis, document)
        if fix_all is not None:
            actions.append(fix_all)
    return actions


def _fix_action(
    analysis: Analysis, finding: Finding, diagnostic: types.Diagnostic, document: Document
) -> types.CodeAction:
    """The finding's fix; shown greyed out, with the reason, if the fixed code would not parse
    (as `--fix` leaves such a file unchanged)."""
    title = finding.fix.title if finding.fix.safe else f"{finding.fix.title} (unsafe)"
    error = parse_error(apply_edits(analysis.text, [finding])[0], analysis.path)
    if error is not None:
        action = _quick_fix(title, diagnostic, None)
        action.disabled = types.CodeActionDisabled(reason=f"the fixed code would not parse ({error})")
        return action
    action = _quick_fix(title, diagnostic, document.workspace_edit(finding.fix.edits))
    action.is_preferred = finding.fix.safe
    return action


def _quick_fix(title: str, diagnostic: types.Diagnostic, edit: Optional[types.WorkspaceEdit]) -> types.CodeAction:
    return types.CodeAction(
        title=f"nanlint ({diagnostic.code}): {title}",
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        edit=edit,
    )


def _fix_all_action(analysis: Analysis, document: Document) -> Optional[types.CodeAction]:
    outcome = analysis.fix_all()
    if outcome is None:
        return None
    unsafe = analysis.checker.settings.unsafe_fixes
    title = "nanlint: Fix all, unsafe fixes too (unsafe-fixes is on)" if unsafe else "nanlint: Fix all safe fixes"
    if outcome.error:  # the fixed code would not parse: shown greyed out, with the reason
        return types.CodeAction(title=title, kind=FIX_ALL, disabled=types.CodeActionDisabled(reason=outcome.error))
    return types.CodeAction(
        title=title, kind=FIX_ALL, edit=document.workspace_edit([changed_part(analysis.text, outcome.text)])
    )


def changed_part(before: str, after: str) -> Edit:
    """One edit turning `before` into `after`, spanning only what differs (the text around it,
    and so the cursor and the folds there, stays put)."""
    prefix = 0
    limit = min(len(before), len(after))
    while prefix < limit and before[prefix] == after[prefix]:
        prefix += 1
    if prefix and before[prefix - 1 : prefix + 1] == "\r\n":  # never between the two characters of a line end
        prefix -= 1
    suffix = 0
    while suffix < limit - prefix and before[-1 - suffix] == after[-1 - suffix]:
        suffix += 1
    end = len(before) - suffix
    if suffix and before[end - 1 : end + 1] == "\r\n":
        suffix -= 1
    return Edit(prefix, len(before) - suffix, after[prefix : len(after) - suffix])


def _overlaps(found: types.Range, wanted: types.Range) -> bool:
    def key(position: types.Position):
        return position.line, position.character

    return key(found.start) <= key(wanted.end) and key(wanted.start) <= key(found.end)


def _wanted(kind: str, only: Optional[List[str]]) -> bool:
    """Whether the client asked for this kind: kinds are dotted, `source` asks for `source.fixAll.nanlint`."""
    return not only or any(kind == asked or kind.startswith(asked + ".") for asked in only)
