"""The import graph of ``domain/`` (issue 35 item 2): no module imports inside a function (a
hidden loop), and the modules' imports form no circle, in each title's package and across the
whole domain (a package importing its own submodules is its surface, not a circle). Read from
the source with ``ast``, so a loop cannot hide behind Python's import order."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: the packages held to the rule: each title's, and the whole domain (platform and titles)
PACKAGES = ["domain/agricola", "domain/caverna", "domain/village", "domain"]


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


def _imports(path: Path, known: set[str]) -> tuple[set[str], list[str]]:
    """(modules imported at the top level, descriptions of imports inside functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module, package = _module(path), path.name == "__init__.py"
    top: set[str] = set()
    inner: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for sub in ast.walk(node):
                if isinstance(sub, ast.Import | ast.ImportFrom):
                    inner.append(f"{path.relative_to(ROOT)}:{sub.lineno}")
    for node in tree.body:
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
        top, hidden = _imports(f, modules)
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


def test_the_check_finds_a_circle_and_a_hidden_import(tmp_path):
    """The checker itself: a planted circle and a function-level import are found."""
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
    source = tmp_path / "m.py"
    source.write_text("def f():\n    from . import x\n    return x\n")
    tree = ast.parse(source.read_text())
    found = [n for n in ast.walk(tree.body[0]) if isinstance(n, ast.ImportFrom)]
    assert found and found[0].lineno == 2
