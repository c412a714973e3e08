"""The project around a file: the modules its imports name and the files that call its functions.

A loss in `losses.py` logs what `train.py` passes it, and `train.py` passes what `model.py`'s
`forward` returns: a value crosses files the way Python's imports make it cross them. The modules
an import names are found on disk as Python would find them from the importing file (its own
folder first, as for a script; the folder above its package; for `from .x import y`, its package),
read, parsed and walked once per process (no rules run on them), and kept while their bytes stay
the same. Which files call a function is answered from the source root around the function's file:
the files there that spell the function's name, each walked once, asked where its calls go.

Nothing here knows rules or values: a `ModuleModel` is whatever the engine builds for a walked file
(its `FileContext`), and the engine hands over how to build one.
"""

from __future__ import annotations

import functools
import os
import re
import stat
from collections import OrderedDict
from pathlib import Path
from typing import Callable, Dict, Iterator, List, NamedTuple, Optional, Tuple

import libcst as cst

from nanlint.inputs.source import file_digest

# Folders never searched for a project's modules or callers: environments, caches, builds.
SKIPPED_FOLDERS = frozenset(
    {"site-packages", "dist-packages", "node_modules", "__pycache__", "build", "dist", ".venv", "venv", ".git", ".tox"}
)
MAX_ROOT_FILES = 4000  # a source root with more files is searched for callers only in the function's own package
MAX_MODELS = 64  # walked files kept per process (a libcst tree takes about 15 kB a line)
MAX_FILE_BYTES = 2_000_000  # larger generated files are not followed into
MAX_CALLER_FILES = 3  # files searched for the calls of one function: its nearest importers
MAX_CONSULTED = 8  # other files one file's check reads at most: the cost stays a few parses a file
IMPORT_STATEMENT = re.compile(r"^[ \t]*(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]+(?:\([^)]*\)|[^\n]*)", re.M)
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
IMPORT_WORDS = frozenset({"from", "import", "as"})


class Definition:
    """A function or class of the project: where it is (`key`: its file and its name there, `f` or
    `Class.method`), whether it is a class, and, read only when a value needs it, the walked file
    (`model`) and the node. A call site is keyed by where its callee is, so finding which function
    a file calls parses nothing; only a summary of what the function computes does."""

    __slots__ = ("key", "is_class", "_project", "_model", "_node")

    def __init__(
        self,
        key: Tuple[str, str],
        is_class: bool,
        project: Optional["ProjectModules"] = None,
        model=None,
        node: Optional[cst.CSTNode] = None,
    ) -> None:
        self.key = key
        self.is_class = is_class
        self._project = project
        self._model = model
        self._node = node

    @classmethod
    def here(cls, model, node: cst.CSTNode) -> "Definition":
        """One of the walked file `model`'s own definitions."""
        return cls(
            (model.real_path, model.qualified_name(node)), isinstance(node, cst.ClassDef), model.project, model, node
        )

    @property
    def model(self):
        if self._model is None and self._project is not None:
            self._model = self._project.model(self.key[0])
        return self._model

    @property
    def node(self) -> Optional[cst.CSTNode]:
        if self._node is None and self.model is not None:
            self._node = self.model.definition_named(self.key[1])
        return self._node

    def member(self, name: str) -> Optional["Definition"]:
        """The method `name` of this class (None where the class is known to lack it)."""
        if not self.is_class:
            return None
        if self._node is not None and _member(self._node, name) is None:
            return None
        return Definition((self.key[0], f"{self.key[1]}.{name}"), False, self._project, self._model)

    def constructor(self) -> "Definition":
        """The key a construction of this class is kept under, `Class.__init__`, whether the class
        defines `__init__` or inherits it."""
        return Definition((self.key[0], f"{self.key[1]}.__init__"), False, self._project, self._model)

    def instance_call(self) -> Optional["Definition"]:
        """What calling an instance of this class runs: its `forward` (through nn.Module's
        `__call__`), else its own `__call__`."""
        return self.member("forward") or self.member("__call__")


class _Stamp(NamedTuple):
    mtime_ns: int
    size: int


def _stamp(path) -> Optional[_Stamp]:
    """The file's modification stamp, or None unless it is a regular file: reading a FIFO or a
    device another file merely sits beside would block or never end."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISREG(status.st_mode):
        return None
    return _Stamp(status.st_mtime_ns, status.st_size)


@functools.lru_cache(maxsize=65536)
def real_path(path: str) -> str:
    """`path` absolute, with symbolic links resolved: how the project names a file."""
    return str(Path(path).resolve())


@functools.lru_cache(maxsize=4096)
def _package_root_of(folder: Path) -> Path:
    while (folder / "__init__.py").is_file() and folder.parent != folder:
        folder = folder.parent
    return folder


def package_root(path: str) -> Path:
    """The folder imports of `path`'s top-level package start from: above the outermost folder
    holding an `__init__.py` on the way up, else the file's own folder (a script)."""
    return _package_root_of(Path(real_path(path)).parent)


def _module_file(base: Path, parts: List[str]) -> Optional[str]:
    if not parts or not all(part.isidentifier() for part in parts):
        return None
    target = base.joinpath(*parts)
    for candidate in (target.with_suffix(".py"), target / "__init__.py"):
        if candidate.is_file():
            return str(candidate)
    return None


def find_module(importer: str, dotted: str) -> Optional[str]:
    """The file of module `dotted` (leading dots: relative to `importer`'s package) as an import in
    `importer` finds it among the project's files, or None (another package, a missing file)."""
    return _find_module(str(Path(real_path(importer)).parent), dotted)


@functools.lru_cache(maxsize=65536)
def _find_module(here_path: str, dotted: str) -> Optional[str]:
    stripped = dotted.lstrip(".")
    level = len(dotted) - len(stripped)
    parts = stripped.split(".") if stripped else []
    here = Path(here_path)
    if level:
        base = here
        for _ in range(level - 1):
            base = base.parent
        return _module_file(base, parts) if parts else _module_file(base.parent, [base.name])
    root = _package_root_of(here)
    above = _importing_scripts_folders(here) if root == here else ()
    for base in dict.fromkeys((here, root, *above)):
        found = _module_file(base, parts)
        if found is not None:
            return found
    return None


@functools.lru_cache(maxsize=4096)
def _importing_scripts_folders(folder: Path) -> Tuple[Path, ...]:
    """The folders a folder or two above a plain one (no `__init__.py`) whose scripts import it as a
    package (`from necks.fpn import ...` in `train.py` beside `necks/`): run from there, Python finds the
    modules beside those scripts too."""
    found = []
    for up, dotted in ((folder.parent, folder.name), (folder.parent.parent, f"{folder.parent.name}.{folder.name}")):
        imports = re.compile(rf"^\s*(?:from|import)\s+{re.escape(dotted)}\b", re.M)
        if any(
            imports.search(_small_text(script, _stamp(script))) for script in sorted(up.glob("*.py"))[:MAX_ROOT_FILES]
        ):
            found.append(up)
    return tuple(found)


def _small_text(path: Path, stamp: Optional[_Stamp]) -> str:
    """The text of a regular file no larger than MAX_FILE_BYTES (its `stamp`), else "" (also unreadable)."""
    if stamp is None or stamp.size > MAX_FILE_BYTES:
        return ""
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def split_module(importer: str, qualified: str) -> Optional[Tuple[str, List[str]]]:
    """(file of the longest module prefix of `qualified` the project has, the attributes after it):
    `losses.focal` -> (losses.py, ["focal"]); `models.net.Net.forward` -> (models/net.py, ["Net", "forward"])."""
    stripped = qualified.lstrip(".")
    dots = qualified[: len(qualified) - len(stripped)]
    parts = stripped.split(".")
    for cut in range(len(parts), 0, -1):
        found = find_module(importer, dots + ".".join(parts[:cut]))
        if found is not None:
            return found, parts[cut:]
    if dots:  # `from . import losses`: the package itself
        found = find_module(importer, dots)
        if found is not None:
            return found, parts
    return None


class Judging:
    """How many functions away from the walked one the current judgement is, shared by the files
    of a project: a chain of helpers across files stays bounded as it does within one."""

    def __init__(self) -> None:
        self.depth = 0
        # (a function's node, the one call of it being judged): a summary judged for one construction
        # (`Block(act="relu")`) sees that call's arguments only, not every caller's. The nodes, not their
        # ids: memo keys hold them, and a freed node's id may be given to another
        self.pins: Tuple[Tuple[cst.CSTNode, cst.CSTNode], ...] = ()

    def pinned_call(self, function: cst.CSTNode) -> Optional[cst.CSTNode]:
        """The one call of `function` the current judgement sees, if it is pinned to one."""
        return next((call for pinned, call in self.pins if pinned is function), None)


class ProjectModules:
    """The project's files as walked models, per process; `build(path, text, module)` walks one,
    `read(path)` gives (text, parsed module) or None."""

    def __init__(
        self, build: Callable[[str, str, cst.Module], object], read: Callable[[str], Optional[Tuple[str, cst.Module]]]
    ) -> None:
        self.judging = Judging()
        self._build = build
        self._read = read
        self._models: "OrderedDict[str, Tuple[_Stamp, object, Optional[str]]]" = OrderedDict()
        self._consulted: Dict[str, Optional[str]] = {}  # what the file being checked used: path -> digest
        self._checked = ""
        self._imported_in: Dict[str, Dict[str, List[str]]] = {}  # source root -> imported name -> files
        self._symbol_tables: Dict[str, Tuple[Optional[_Stamp], Dict[str, str]]] = {}
        self._importer_lists: Dict[Tuple[str, str], List[str]] = {}
        self._building: set = set()

    def parsed(self, path: str, text: str) -> Optional[cst.Module]:
        """The tree of `path` if this process already parsed these very bytes (for another file's
        question): checking it then costs no second parse."""
        known = self._models.get(real_path(path))
        model = known[1] if known is not None else None
        return model.module if model is not None and model.text == text else None

    def begin(self, model) -> None:
        """A file's check begins: it is the model other files' questions about it reach, and what
        it consults from now on is what its result depends on."""
        self._checked = model.real_path
        self._consulted = {}
        stamp = _stamp(model.real_path)
        if stamp is not None:
            self._remember(model.real_path, stamp, model, file_digest(model.real_path))

    def consulted(self, model) -> Dict[str, str]:
        """The other files `model`'s check used (path -> digest): its cached result holds while they do."""
        if model.real_path != self._checked:
            return {}
        return {
            path: digest for path, digest in self._consulted.items() if path != self._checked and digest is not None
        }

    def model(self, path: str):
        """The walked model of the project file `path`, or None (unreadable, too large, not Python)."""
        path = real_path(path)
        stamp = _stamp(path)
        if stamp is None or stamp.size > MAX_FILE_BYTES or path in self._building:
            return None
        if path not in self._consulted and len(self._consulted) > MAX_CONSULTED:
            return None  # the file's check has consulted enough others: beyond, values are unknown
        known = self._models.get(path)
        if known is not None and known[0] == stamp:
            self._models.move_to_end(path)
            self._consulted.setdefault(path, known[2])
            return known[1]
        read = self._read(path)
        if read is None:
            return None
        self._building.add(path)
        try:
            model = self._build(path, *read)
        finally:
            self._building.discard(path)
        digest = file_digest(path)
        self._remember(path, stamp, model, digest)
        self._consulted.setdefault(path, digest)
        return model

    def _remember(self, path: str, stamp: _Stamp, model, digest: Optional[str]) -> None:
        self._models[path] = (stamp, model, digest)
        self._models.move_to_end(path)
        while len(self._models) > MAX_MODELS:
            self._models.popitem(last=False)

    def definition(self, importer: str, qualified: str, hops: int = 0) -> Optional[Definition]:
        """The project's function or class `qualified` names (`losses.focal`, `.model.Net`,
        `models.Net.forward`) as seen from the file `importer`, following re-exports (`from .losses
        import focal` in a package's `__init__.py`) a few files deep, from the files' top-level
        lines alone: nothing is parsed."""
        split = split_module(importer, qualified)
        if split is None or not split[1] or hops > 4:
            return None
        path, attributes = split
        kind = self._symbols(path).get(attributes[0])
        if isinstance(kind, str) and kind.startswith("import "):
            return self.definition(path, ".".join([kind[len("import ") :], *attributes[1:]]), hops + 1)
        if kind is None or kind == VALUE:
            return None
        return Definition((real_path(path), ".".join(attributes)), kind == "class" and len(attributes) == 1, self)

    def module_value(self, importer: str, qualified: str, hops: int = 0) -> Optional[Tuple[str, str]]:
        """(file, name) of the module-level assignment `qualified` names as seen from `importer`
        (`config.EPS`, `.helpers.ACTIVATIONS`), following re-exports as `definition` does."""
        split = split_module(importer, qualified)
        if split is None or len(split[1]) != 1 or hops > 4:
            return None
        path, (name,) = split
        kind = self._symbols(path).get(name)
        if isinstance(kind, str) and kind.startswith("import "):
            return self.module_value(path, kind[len("import ") :], hops + 1)
        return (real_path(path), name) if kind == VALUE else None

    def _symbols(self, path: str) -> Dict[str, str]:
        """A file's top-level names: "def", "class", or "import <what it imports>"."""
        path = real_path(path)
        stamp = _stamp(path)
        known = self._symbol_tables.get(path)
        if known is not None and known[0] == stamp:
            return known[1]
        table = top_level_symbols(_small_text(Path(path), stamp))
        self._symbol_tables[path] = (stamp, table)
        return table

    def callers(self, definition: Definition) -> Iterator[Tuple[object, object]]:
        """(caller's model, CallSite) for each call of `definition` in the project's other files:
        the files that import its name or its module (a method's: its class's), at most
        MAX_CALLER_FILES of them, the nearest first."""
        for model in self.importing_models(definition):
            for site in model.calls().sites.get(definition.key, ()):
                yield model, site

    def all_importers_searched(self, definition: Definition) -> bool:
        """`callers` searches every file importing `definition` (no more than MAX_CALLER_FILES)."""
        own, qualified = definition.key
        return len(self._importers(own, qualified.split(".", 1)[0])) <= MAX_CALLER_FILES

    def importing_models(self, definition: Definition) -> Iterator[object]:
        """The walked models of the project's other files that import `definition`'s name or its module
        (a method's: its class's), at most MAX_CALLER_FILES of them, the nearest first."""
        own, qualified = definition.key
        name = qualified.split(".", 1)[0]  # a method's callers build its class: `Net(...)`, then `model(x)`
        for path in self._importers(own, name)[:MAX_CALLER_FILES]:
            model = self.model(path)
            if model is not None:
                yield model

    def torch_neighbour(self, path: str, text: str) -> Optional[str]:
        """A project file that hands the file `path` (of text `text`, which does not name torch) its
        tensors: one it imports that imports torch (`from losses import focal`), or one importing it
        that does (`trainer.py` called by `train.py`); None when there is neither. From the files'
        import lines alone, one hop each way."""
        path = real_path(path)
        for imported in _project_imports(path, top_level_symbols(text)):
            if self._imports_torch(imported):
                return imported
        for other in self._importers(path, Path(path).stem)[:MAX_CALLER_FILES]:
            if self._imports_torch(other) and path in _project_imports(other, self._symbols(other)):
                return other
        return None

    def _imports_torch(self, path: str) -> bool:
        return any(kind.startswith("import torch") for kind in self._symbols(path).values())

    def name_imported(self, path: str, name: str) -> bool:
        """A file of `path`'s source root other than `path` names `name` in an import statement."""
        path = real_path(path)
        return any(other != path for other in self._import_index(path).get(name, ()))

    def _import_index(self, path: str) -> Dict[str, List[str]]:
        root = str(package_root(path))
        if root not in self._imported_in:
            self._imported_in[root] = _index_imports(Path(root), Path(path).parent)
        return self._imported_in[root]

    def _importers(self, path: str, name: str) -> List[str]:
        """The files of `path`'s source root whose imports name `name`, `path`'s module or its
        package (which may re-export it), nearest first; memoised."""
        key = (path, name)
        if key not in self._importer_lists:
            root = package_root(path)
            index = self._import_index(path)
            relative = Path(path).relative_to(root).with_suffix("")
            modules = [part for part in relative.parts if part != "__init__"][
                -2:
            ]  # `losses`, and `pkg` for `pkg/losses.py`
            found = {other for word in (name, *modules) for other in index.get(word, ())}
            found.discard(path)
            here = str(Path(path).parent) + os.sep
            self._importer_lists[key] = sorted(
                found, key=lambda other: (not other.startswith(here), other.count(os.sep), other)
            )
        return self._importer_lists[key]


TOP_LEVEL_DEFINITION = re.compile(r"^(?:async[ \t]+)?(def|class)[ \t]+([A-Za-z_][A-Za-z0-9_]*)", re.M)
TOP_LEVEL_ASSIGNMENT = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)[ \t]*(?::[^=\n]*)?=(?!=)", re.M)
VALUE = "value"  # a top-level name an assignment binds
TOP_LEVEL_IMPORT = re.compile(r"^(?:from[ \t]+([\w.]+)[ \t]+)?import[ \t]+(\([^)]*\)|[^\n#;]*)", re.M)
IMPORTED_NAME = re.compile(r"([\w.]+)(?:[ \t]+as[ \t]+(\w+))?")


def top_level_symbols(text: str) -> Dict[str, str]:
    """The names a module defines or imports at its top level, read from its lines (no parse):
    "def", "class", "import <qualified name>" (relative ones keep their dots) or VALUE (assigned)."""
    table: Dict[str, str] = {}
    for module, names in TOP_LEVEL_IMPORT.findall(text):
        for name, alias in IMPORTED_NAME.findall(names.strip("()")):
            if module:
                table[alias or name] = f"import {module}{'' if module.endswith('.') else '.'}{name}"
            else:
                table[alias or name.split(".", 1)[0]] = f"import {name if alias else name.split('.', 1)[0]}"
    for name in TOP_LEVEL_ASSIGNMENT.findall(text):
        table.setdefault(name, VALUE)
    for kind, name in TOP_LEVEL_DEFINITION.findall(text):
        table[name] = kind
    return table


def _project_imports(importer: str, symbols: Dict[str, str]) -> List[str]:
    """The project files the imports among `symbols` (a file's top-level names) name."""
    splits = (split_module(importer, kind[len("import ") :]) for kind in symbols.values() if kind.startswith("import "))
    return [real_path(split[0]) for split in splits if split is not None]


def _member(node: cst.CSTNode, name: str) -> Optional[cst.CSTNode]:
    if not isinstance(node, cst.ClassDef):
        return None
    for statement in node.body.body:
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)) and statement.name.value == name:
            return statement
    return None


def project_files(root: Path) -> List[Path]:
    """The Python files under `root`, environments and caches left out; at most MAX_ROOT_FILES + 1."""
    found: List[Path] = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(sub for sub in subfolders if sub not in SKIPPED_FOLDERS and not sub.startswith("."))
        found.extend(Path(folder) / name for name in sorted(files) if name.endswith(".py"))
        if len(found) > MAX_ROOT_FILES:
            break
    return found


def _index_imports(root: Path, own_folder: Path) -> Dict[str, List[str]]:
    """Name -> the files under `root` whose import statements name it (a module or what it imports)."""
    files = project_files(root)
    if len(files) > MAX_ROOT_FILES:
        files = project_files(own_folder)
    if len(files) > MAX_ROOT_FILES:  # a script in a crowded folder (`/tmp`, a monorepo's top): its neighbours only
        files = sorted(own_folder.glob("*.py"))[:MAX_ROOT_FILES]
    index: Dict[str, List[str]] = {}
    for path in files:
        text = _small_text(path, _stamp(path))
        names = {name for statement in IMPORT_STATEMENT.findall(text) for name in IDENTIFIER.findall(statement)}
        for name in names - IMPORT_WORDS:
            index.setdefault(name, []).append(str(path.resolve()))
    return index
