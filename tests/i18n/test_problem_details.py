"""Every problem ``detail`` the API writes is a message of the catalogues (issue 36 item 1):
made with ``gettext``/``ngettext`` (then formatted), or taken from an error whose message already
is one, never an English literal or f-string glued in the view. A static scan of the calls that
make problems in ``service/`` and of the hook guard's refusals (``workers/netguard.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: callable name -> index of the argument holding the reader's sentence
SENTENCE_ARG = {
    "Problem": 2,
    "forbidden": 0,
    "unauthorized": 0,
    "bad_request": 0,
    "UnsafeUrl": 1,
}

#: modules whose sentences are still English literals, with how many: each may only shrink
PENDING: dict[str, int] = {}


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def literal_sentences(source: str) -> list[int]:
    """Lines of calls in ``source`` whose sentence argument is a literal or an f-string."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        if _name(node.func) == "abort":  # a page's error: abort(404, description=...)
            found = [k.value for k in node.keywords if k.arg == "description"]
            if found and _literal(found[0]):
                lines.append(node.lineno)
            continue
        index = SENTENCE_ARG.get(_name(node.func) or "")
        if index is None or len(node.args) <= index:
            continue
        if _literal(node.args[index]):
            lines.append(node.lineno)
    return lines


def _literal(arg: ast.expr) -> bool:
    return isinstance(arg, ast.JoinedStr) or (
        isinstance(arg, ast.Constant) and isinstance(arg.value, str)
    )


def _modules() -> list[Path]:
    return [*sorted((ROOT / "service").rglob("*.py")), ROOT / "workers" / "netguard.py"]


def test_problem_sentences_are_messages_of_the_catalogues() -> None:
    found = {}
    for path in _modules():
        name = path.relative_to(ROOT).as_posix()
        lines = literal_sentences(path.read_text(encoding="utf-8"))
        if len(lines) > PENDING.get(name, 0):
            found[name] = lines
    assert not found, f"problem sentences not wrapped in gettext (file: lines): {found}"


def test_the_pending_list_only_shrinks() -> None:
    fixed = [
        name
        for name, count in PENDING.items()
        if len(literal_sentences((ROOT / name).read_text(encoding="utf-8"))) < count
    ]
    assert not fixed, f"fewer literal sentences now: lower or remove their entries: {fixed}"


def test_the_scan_finds_literals_and_passes_messages() -> None:
    source = (
        "raise Problem(403, 'x', 'Plain English.')\n"
        "raise forbidden(f'Seat {seat}.')\n"
        "raise Problem(403, 'x', gettext('Wrapped.'))\n"
        "raise unauthorized(gettext('Seat {s}.').format(s=1))\n"
        "raise Problem(422, err.code, err.message)\n"
        "abort(404, description='A page.')\n"
        "abort(404, description=gettext('A page.'))\n"
    )
    assert literal_sentences(source) == [1, 2, 6]
