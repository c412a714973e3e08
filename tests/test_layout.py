"""The package's layout: imports run one way, from the commands down to plain data, and never in a cycle.

Every import counts, a late one inside a function or one under TYPE_CHECKING as much as one at the top
of a module: each says that the importing module needs the other to be understood.
"""

import ast
from pathlib import Path
from typing import Dict, List, NamedTuple, Set

from cli_support import ROOT

PACKAGE = ROOT / "nanlint"

# Lowest first: a module may import from its own stage and the stages before it.
STAGES = (
    ("nanlint.version", "nanlint.install", "nanlint.types", "nanlint.inputs", "nanlint.catalog"),  # plain data
    ("nanlint.analysis",),  # the semantic model
    ("nanlint.checks",),  # the checks the catalog's rules name
    ("nanlint.engine",),  # one file: the walk, suppressions, fixes, noqa
    ("nanlint.project",),  # many files: configuration, discovery, checkers, cache, workers
    ("nanlint.formats",),  # reports and rule pages
    ("nanlint.runtime",),  # the monitor `verify` runs
    ("nanlint.server",),  # the language server
    ("nanlint.commands",),  # the command line
    ("nanlint", "nanlint.api", "nanlint.pytest_plugin", "nanlint.__main__"),  # entry points
)
# Imports from a lower stage up to a higher one that the layout allows, each with its reason.
UPWARD: Dict[str, str] = {}


class Import(NamedTuple):
    importer: str
    imported: str
    line: int


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> Dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imports(known: Dict[str, Path]) -> List[Import]:
    found = []
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for target in _targets(node, package):
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    found.append(Import(name, target, node.lineno))
    return found


def _targets(node: ast.AST, package: str) -> List[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = node.module or ""
    if node.level:
        parent = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join(parent + ([node.module] if node.module else []))
    return [f"{base}.{alias.name}" for alias in node.names]


def stage_of(module: str) -> int:
    best, depth = None, -1
    for index, prefixes in enumerate(STAGES):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and prefix.count(".") > depth:
                best, depth = index, prefix.count(".")
    assert best is not None, f"{module} belongs to no stage: add it to STAGES"
    return best


def cycles(edges: Dict[str, Set[str]]) -> List[List[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    found = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_module_imports_another_that_imports_it_back():
    known = modules()
    edges: Dict[str, Set[str]] = {name: set() for name in known}
    for found in imports(known):
        if found.imported != "nanlint":  # the package itself, which every module's import runs first
            edges[found.importer].add(found.imported)
    assert cycles(edges) == []


def test_imports_run_down_the_stages():
    upward = [f"{found.importer}:{found.line} imports {found.imported}" for found in imports(modules())
              if stage_of(found.imported) > stage_of(found.importer) and found.importer not in UPWARD]
    assert upward == []


def test_the_cycle_finder_finds_a_cycle_and_the_stage_check_a_climb():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert stage_of("nanlint.analysis.values") < stage_of("nanlint.commands.cli")
