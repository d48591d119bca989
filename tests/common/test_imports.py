"""The import graph of ``domain/`` (issue 35 items 2 and 3): no module imports inside a function
(a hidden loop), and the modules' imports form no circle, in each title's package, in the
platform's package and across the whole domain (a package importing its own submodules is its
surface, not a circle). The platform is held to the stricter rule: imports made only for the
type checker (``if TYPE_CHECKING:``) count too, so its services name the repository without
the repository knowing them. ``workers/``: no circle, and no import of a ``workers`` module
inside a function (lazy imports of other layers and libraries, kept out of a process until it
needs them, cannot close a loop: nothing below ``workers`` imports it). Read from the source with
``ast``, so a loop cannot hide behind Python's import order."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: the packages held to the rule: each title's, the platform's, and the whole domain
PACKAGES = ["domain/agricola", "domain/caverna", "domain/village", "domain/platform", "domain"]
#: where imports for the type checker count as imports
TYPED = {"domain/platform"}


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _resolve(module: str, node: ast.ImportFrom, is_package: bool, known: set[str]) -> list[str]:
    """The modules a ``from … import …`` names: a submodule imported by name, else the module
    the names come from."""
    if node.level:
        base = module.split(".")
        base = base[: len(base) - node.level + (1 if is_package else 0)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    out = []
    for alias in node.names:
        sub = f"{target}.{alias.name}"
        out.append(sub if sub in known else target)
    return out


def _type_checking(node: ast.stmt) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"


def _imports(path: Path, known: set[str], typed: bool = False) -> tuple[set[str], list[str]]:
    """(modules imported at the top level, with those imported for the type checker if
    ``typed``; the imports inside functions, as ``path:line module``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module, package = _module(path), path.name == "__init__.py"
    top: set[str] = set()
    inner: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for sub in ast.walk(node):
                if isinstance(sub, ast.Import | ast.ImportFrom):
                    names = (
                        _resolve(module, sub, package, known)
                        if isinstance(sub, ast.ImportFrom)
                        else [alias.name for alias in sub.names]
                    )
                    inner.append(f"{path.relative_to(ROOT)}:{sub.lineno} {' '.join(names)}")
    body = list(tree.body)
    if typed:
        body += [n for node in tree.body if _type_checking(node) for n in node.body]  # type: ignore[attr-defined]
    for node in body:
        if isinstance(node, ast.ImportFrom):
            top.update(_resolve(module, node, package, known))
        elif isinstance(node, ast.Import):
            top.update(alias.name for alias in node.names)
    return top, inner


def _graph(package: str) -> tuple[dict[str, set[str]], list[str]]:
    files = sorted((ROOT / package).rglob("*.py"))
    modules = {_module(f) for f in files}
    graph, inner = {}, []
    for f in files:
        top, hidden = _imports(f, modules, package in TYPED)
        me = _module(f)
        # a package importing its own submodules is its surface, not a circle
        graph[me] = {m for m in top if m in modules and m != me and not m.startswith(me + ".")}
        inner += hidden
    return graph, inner


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of the graph, or None (depth-first search with colours)."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = 2
        path.pop()
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_of_a_title_imports_inside_a_function(package):
    _, inner = _graph(package)
    assert inner == [], f"imports inside functions (hidden loops): {inner}"


@pytest.mark.parametrize("package", PACKAGES)
def test_the_modules_of_a_title_import_each_other_without_a_circle(package):
    graph, _ = _graph(package)
    assert _cycle(graph) is None, f"an import circle: {' -> '.join(_cycle(graph) or [])}"


def test_the_workers_import_each_other_without_a_circle():
    """``workers/``: the after-save hooks share ``hooks.py`` (the waker and the bot scheduler
    each import it, and the waker installs the scheduler), the mail job lives with the other
    jobs (``jobs.py``), so no module of the package reaches another inside a function."""
    graph, inner = _graph("workers")
    own = [line for line in inner if any(m.startswith("workers") for m in line.split()[1:])]
    assert own == [], f"a workers module imported inside a function (a hidden loop): {own}"
    assert _cycle(graph) is None, f"an import circle: {' -> '.join(_cycle(graph) or [])}"


def test_the_check_finds_a_circle_and_a_hidden_import(tmp_path):
    """The checker itself: a planted circle and a function-level import are found."""
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
    source = tmp_path / "m.py"
    source.write_text("def f():\n    from . import x\n    return x\n")
    tree = ast.parse(source.read_text())
    found = [n for n in ast.walk(tree.body[0]) if isinstance(n, ast.ImportFrom)]
    assert found and found[0].lineno == 2
