"""The language server on pygls: diagnostics published when a Python document is opened, changed
or saved, cleared when it is closed, and code actions for the findings under the cursor."""

from __future__ import annotations

from typing import Dict, List, Optional

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument

from nanlint.version import __version__
from nanlint.server.actions import KINDS, Document, code_actions
from nanlint.server.diagnostics import diagnostics
from nanlint.server.linting import Analysis, Linter
from nanlint.server.positions import LineIndex

PYTHON_SUFFIXES = (".py", ".pyi")


class Session:
    """The open documents' latest analyses, kept for the code actions asked about the same text."""

    def __init__(self, server: LanguageServer) -> None:
        self.server = server
        self.linter = Linter()
        self.analyses: Dict[str, Analysis] = {}

    def publish(self, uri: str) -> None:
        document = self._open_document(uri)
        analysis = self._analyse(document) if document is not None else None
        found = diagnostics(analysis, self._index(analysis.text)) if analysis is not None else []
        version = document.version if document is not None else None
        self.server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=version)
        )

    def close(self, uri: str) -> None:
        self.analyses.pop(uri, None)
        self.server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    def code_actions(self, params: types.CodeActionParams) -> List[types.CodeAction]:
        document = self._open_document(params.text_document.uri)
        if document is None:
            return []
        analysis = self.analyses.get(document.uri)
        if analysis is None or analysis.text != document.source:
            analysis = self._analyse(document)
        if analysis is None:
            return []
        target = Document(document.uri, document.version, self._index(analysis.text), self._versioned_edits())
        return code_actions(analysis, target, params.range, params.context.only)

    def _open_document(self, uri: str) -> Optional[TextDocument]:
        """The document if the client opened it (else its text would be read from disk)."""
        return self.server.workspace.text_documents.get(uri)

    def _analyse(self, document: TextDocument) -> Optional[Analysis]:
        """None for a document that is not Python."""
        path = to_fs_path(document.uri)
        name = path or document.path
        if document.language_id != "python" and not name.endswith(PYTHON_SUFFIXES):
            self.analyses.pop(document.uri, None)
            return None
        analysis = self.linter.analyse(document.source, name, on_disk=path is not None)
        self.analyses[document.uri] = analysis
        return analysis

    def _index(self, text: str) -> LineIndex:
        return LineIndex(text, self.server.workspace.position_encoding)

    def _versioned_edits(self) -> bool:
        workspace = self.server.client_capabilities.workspace
        edit = workspace.workspace_edit if workspace is not None else None
        return bool(edit is not None and edit.document_changes)


def build_server() -> LanguageServer:
    # Full sync: the server holds the editor's exact text, which every edit it sends is made from.
    server = LanguageServer("nanlint", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full)
    session = Session(server)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        session.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        session.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: types.DidSaveTextDocumentParams) -> None:  # the configuration may have changed
        session.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        session.close(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(code_action_kinds=KINDS))
    def code_action(params: types.CodeActionParams) -> List[types.CodeAction]:
        return session.code_actions(params)

    return server


def serve() -> None:
    """Speak LSP on standard input and output until the client says exit (or goes away)."""
    build_server().start_io()
