"""Every "why not?" in the reader's language (issue 36): the ``reason``/``what`` params of a
rule refusal are messages of the catalogues (``NP_("error part", …)``, a template whose other
params are facts: ``what=NP_("error part", "plough with {card}"), card=…``), never English
literals or f-strings glued into the sentence. A static scan of ``domain/``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: the keyword params that carry a fragment of the refusal's sentence
FRAGMENTS = ("reason", "what")

#: modules whose fragments are still English literals or f-strings, with how many: each may
#: only shrink (issue 36)
PENDING: dict[str, int] = {}


def literal_fragments(source: str) -> list[int]:
    """Lines of calls in ``source`` whose ``reason``/``what`` is a plain literal or an
    f-string (not marked for the catalogues)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg in FRAGMENTS and _literal(keyword.value):
                    lines.append(keyword.value.lineno)
    return lines


def _literal(arg: ast.expr) -> bool:
    return isinstance(arg, ast.JoinedStr) or (
        isinstance(arg, ast.Constant) and isinstance(arg.value, str)
    )


def _modules() -> list[Path]:
    return sorted((ROOT / "domain").rglob("*.py"))


def _found() -> dict[str, list[int]]:
    found = {}
    for path in _modules():
        lines = literal_fragments(path.read_text(encoding="utf-8"))
        if lines:
            found[path.relative_to(ROOT).as_posix()] = lines
    return found


def test_refusal_fragments_are_messages_of_the_catalogues() -> None:
    new = {name: lines for name, lines in _found().items() if len(lines) > PENDING.get(name, 0)}
    assert not new, f"reason=/what= not marked with NP_('error part', ...) (file: lines): {new}"


def test_the_pending_list_only_shrinks() -> None:
    found = _found()
    fixed = [name for name, count in PENDING.items() if len(found.get(name, [])) < count]
    assert not fixed, f"fewer literal fragments now: lower or remove their entries: {fixed}"


def test_the_scan_finds_literals_and_passes_messages() -> None:
    source = (
        "raise StepNotExpected(seat, what='plough', reason=NP_('error part', 'no field'))\n"
        "raise StepNotExpected(seat, what=f'plough with {card}', reason=why)\n"
        "raise StepNotExpected(seat, what=NP_('error part', 'plough with {card}'), card=c)\n"
        "raise RuleViolation(\n    'x',\n    reason='it is late',\n)\n"
    )
    assert sorted(literal_fragments(source)) == [1, 2, 6]


def test_a_template_fragment_is_filled_with_the_other_params_in_english_too() -> None:
    from domain.agricola.errors import StepNotExpected

    error = StepNotExpected(
        "step_not_expected",
        seat_name="Ann",
        what="plough with {card}",
        card="Harrow",
        reason="it costs {cost} ({unknown})",
        cost="{not a param}",
    )
    assert error.message == "Ann cannot plough with Harrow now: it costs {cost} ({unknown})."
    assert error.params["what"] == "plough with Harrow"  # the params keep the English facts
    assert error.params["card"] == "Harrow"
    said = StepNotExpected(
        "step_not_expected", seat_name="Ann", what="sow", reason="it costs {cost}", cost="{x}"
    )
    assert said.message == "Ann cannot sow now: it costs {x}."  # a fact's braces are kept
