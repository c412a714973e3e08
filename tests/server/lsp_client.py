"""A small LSP client for the tests of `nanlint server`: JSON-RPC messages with Content-Length
framing over the pipes of a real `python -m nanlint server` subprocess. Every wait is bounded, so
a server that hangs fails the test instead of blocking it."""

import json
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from cli_support import nanlint_env

TIMEOUT = 60  # seconds for one answer: the machine may be busy; a working server takes well under 1
LINE_END = re.compile(r"\r\n|\r|\n")


class ServerGone(AssertionError):
    pass


class LspClient:
    def __init__(self, cwd, env=None, capabilities=None):
        self.errors = tempfile.TemporaryFile()  # a file, not a pipe: a chatty server never blocks on it
        self.process = subprocess.Popen(
            [sys.executable, "-m", "nanlint", "server"], cwd=cwd, env=nanlint_env(env),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors,
        )
        self.inbox = queue.Queue()
        self.backlog = []  # messages read while waiting for another one
        self.last_id = 0
        threading.Thread(target=self._read, daemon=True).start()
        self.initialized = self.request("initialize", {"processId": None, "rootUri": Path(cwd).as_uri(), "capabilities": CAPABILITIES if capabilities is None else capabilities})
        self.notify("initialized", {})

    # --- the wire ----------------------------------------------------------------------------

    def _read(self):
        stream = self.process.stdout
        while True:
            headers = {}
            while True:
                line = stream.readline()
                if not line:
                    self.inbox.put(None)
                    return
                if not line.strip():
                    break
                name, _, value = line.decode("ascii").partition(":")
                headers[name.strip().lower()] = value.strip()
            self.inbox.put(json.loads(stream.read(int(headers["content-length"]))))

    def send_bytes(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message):
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        self.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method, params):
        self.send({"method": method, "params": params})

    def request(self, method, params, timeout=TIMEOUT):
        """The response's result; an error response raises."""
        response = self.request_raw(method, params, timeout)
        assert "error" not in response, response
        return response["result"]

    def request_raw(self, method, params, timeout=TIMEOUT):
        self.last_id += 1
        number = self.last_id
        self.send({"id": number, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == number and "method" not in m, timeout, f"the answer to {method}")

    def wait(self, wanted, timeout=TIMEOUT, what="a message"):
        for message in self.backlog:
            if wanted(message):
                self.backlog.remove(message)
                return message
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                message = self.inbox.get(timeout=max(left, 0))
            except queue.Empty:
                raise AssertionError(f"no {what} within {timeout} s") from None
            if message is None:
                raise ServerGone(f"the server closed its output while we waited for {what}: {self.stderr()}")
            if "method" in message and "id" in message:  # a request of the server's (a capability registration)
                self.send({"id": message["id"], "result": None})
            elif wanted(message):
                return message
            else:
                self.backlog.append(message)

    def stderr(self):
        self.errors.seek(0)
        return self.errors.read().decode("utf-8", "replace")

    # --- the protocol ------------------------------------------------------------------------

    def open(self, uri, text, language="python", version=1):
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": language, "version": version, "text": text}})

    def change(self, uri, text, version):
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]})

    def diagnostics(self, uri, version=None):
        """The next diagnostics published for `uri` (for `version`, if given)."""
        def wanted(message):
            params = message.get("params", {})
            return (message.get("method") == "textDocument/publishDiagnostics" and params.get("uri") == uri
                    and (version is None or params.get("version") == version))

        return self.wait(wanted, what=f"diagnostics for {uri}")["params"]["diagnostics"]

    def code_actions(self, uri, range_, only=None):
        context = {"diagnostics": []}
        if only is not None:
            context["only"] = only
        return self.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": range_, "context": context})

    def close(self, timeout=TIMEOUT):
        """shutdown, then exit; the server's exit code."""
        if self.process.poll() is None:
            try:
                assert self.request("shutdown", None, timeout) is None
                self.notify("exit", None)
                self.process.stdin.close()
                return self.process.wait(timeout)
            finally:
                if self.process.poll() is None:
                    self.process.kill()
                    self.process.wait()
        return self.process.returncode


CAPABILITIES = {
    "general": {"positionEncodings": ["utf-16"]},
    "workspace": {"workspaceEdit": {"documentChanges": True}},
    "textDocument": {"publishDiagnostics": {"versionSupport": True}, "codeAction": {"isPreferredSupport": True}},
}


def units(text, encoding="utf-16"):
    """The length of `text` in the code units of an LSP position encoding."""
    if encoding == "utf-32":
        return len(text)
    return len(text.encode("utf-16-le")) // 2 if encoding == "utf-16" else len(text.encode("utf-8"))


def apply_edits(text, edits, encoding="utf-16"):
    """Apply LSP TextEdits to `text`, as an editor does: all against the text they were made for,
    from the last one back."""
    starts = [0] + [m.end() for m in LINE_END.finditer(text)]

    def offset(position):
        at = starts[position["line"]]
        counted = 0
        while counted < position["character"]:
            counted += units(text[at], encoding)
            at += 1
        return at

    spans = sorted(((offset(e["range"]["start"]), offset(e["range"]["end"]), e["newText"]) for e in edits), reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def edits_of(action, uri):
    """The TextEdits a code action makes to `uri` (from documentChanges or changes)."""
    edit = action["edit"]
    if "documentChanges" in edit:
        return [e for change in edit["documentChanges"] if change["textDocument"]["uri"] == uri for e in change["edits"]]
    return edit["changes"][uri]
