"""The import graph of ``domain/agricola`` (issue 35 item 2): no base module imports the card
package (only the composition root, ``title.py``, wires it in), no import hides inside a
function, and no circle of imports anywhere in the title."""

from __future__ import annotations

import ast
import os

import domain.agricola

ROOT = os.path.dirname(domain.agricola.__file__)
PACKAGE = "domain.agricola"
#: the one module that may import the card package: it composes the title
COMPOSITION_ROOT = "domain.agricola.title"


def _modules() -> dict[str, str]:
    out = {}
    for folder, _, files in os.walk(ROOT):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, os.path.dirname(os.path.dirname(ROOT)))
                module = rel[:-3].replace(os.sep, ".").removesuffix(".__init__")
                out[module] = path
    return out


MODULES = _modules()


def _target(module: str, node: ast.ImportFrom | ast.Import) -> list[str]:
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        parts = module.split(".")
        if not MODULES[module].endswith("__init__.py"):
            parts = parts[:-1]
        if node.level:
            parts = parts[: len(parts) - (node.level - 1)]
            base = ".".join(parts + ([node.module] if node.module else []))
        else:
            base = node.module or ""
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
    out = []
    for name in names:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        if name and name != module:
            out.append(name)
    return out


def _type_checking_nodes(tree: ast.Module) -> set[int]:
    out: set[int] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out |= {id(n) for n in ast.walk(node)}
    return out


def _graph() -> tuple[dict[str, set[str]], list[tuple[str, int, str]]]:
    edges: dict[str, set[str]] = {m: set() for m in MODULES}
    inside_functions = []
    for module, path in MODULES.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        top = {id(n) for n in tree.body}
        typing_only = _type_checking_nodes(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom) or id(node) in typing_only:
                continue
            edges[module].update(_target(module, node))
            if id(node) not in top:
                inside_functions.append((module, node.lineno, ast.unparse(node)))
    return edges, inside_functions


EDGES, INSIDE_FUNCTIONS = _graph()


def _is_card(module: str) -> bool:
    return module.startswith(f"{PACKAGE}.cards")


def test_no_base_module_imports_a_card():
    base = [m for m in MODULES if not _is_card(m) and m != COMPOSITION_ROOT]
    found = sorted((m, t) for m in base for t in EDGES[m] if _is_card(t))
    assert found == [], f"base modules importing the card package: {found}"
    assert any(_is_card(t) for t in EDGES[COMPOSITION_ROOT])


def test_no_import_inside_a_function():
    assert INSIDE_FUNCTIONS == []


def test_no_circle_of_imports():
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in EDGES[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in MODULES:
        if module not in index:
            visit(module)
    assert circles == []


def test_the_check_sees_the_whole_title():
    assert len(MODULES) > 100
    assert f"{PACKAGE}.moves" in EDGES[f"{PACKAGE}.title"]
