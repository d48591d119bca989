"""Cards that plough more fields on a ploughing action (issue 10; catalogue E61, E62, E195).

After the field of 'Plough 1 field' or 'Plough 1 field and/or sow' is ploughed, and before
anything is sown, the seat may plough more with ``{"type": "card_plough", "card": "E62",
"space": 12}``:

* a plow (E61 Riding Plow with 2 uses, E62 Turnwrest Plow with 1) ploughs up to 2 more
  fields ("3 instead of 1"; 2 instead of 3 is allowed); the first extra field uses one of the
  card's field tokens; one plow per ploughing (seed 000 L618, L666);
* the Plow Maker (E195) ploughs 1 more field for 1 food, once per action, with or without a
  plow (seed 000 L832).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..builder import seat_params
from ..errors import IllegalFarmPlacement, StepNotExpected
from ..farm import field_space_problem, label, legal_field_spaces
from ..statetypes import Farm
from ..steps import settle
from . import engine
from .common import card_name
from .harrow import shared_open, toll

if TYPE_CHECKING:
    from ..builder import Builder

#: Ploughing actions the cards work on (catalogue E61, E62, E195).
PLOUGH_SPACES = ("plough", "plough_sow")
#: Extra fields a plow adds to the action's one (catalogue: 3 instead of 1).
PLOW_EXTRA = 2
PLOW_MAKER = "E195"


def _uses_left(farm: Farm, card_id: str) -> int:
    return engine.effect(card_id, farm)["plow"] - farm["card_state"].get(card_id, 0)


def _cards_open(state: dict, seat: int) -> list[str]:
    """The seat's cards that may plough a field in this action now."""
    pending = state["pending"][seat] if state["phase"] == "work" else None
    if (
        not pending
        or pending["kind"] not in PLOUGH_SPACES
        or pending.get("space") not in PLOUGH_SPACES
    ):
        return []
    done = pending.get("done", [])
    if "plough" not in done or "sow" in done:
        return []
    farm = state["farms"][seat]
    used = pending.get("card_ploughs", [])
    plow = next((c for c in used if c != PLOW_MAKER), None)
    out = []
    for card_id in farm.get("cards", []):
        if card_id == PLOW_MAKER and card_id not in used and farm["supply"]["food"] >= 1:
            out.append(card_id)
        elif engine.effect(card_id, farm).get("plow"):
            eff = engine.effect(card_id, farm)  # I63: ``plow_extra`` 1, ``plow_spaces`` plough
            if pending["space"] not in eff.get("plow_spaces", PLOUGH_SPACES):
                continue
            if plow == card_id and used.count(card_id) < eff.get("plow_extra", PLOW_EXTRA):
                out.append(card_id)
            elif plow is None and _uses_left(farm, card_id) > 0:
                out.append(card_id)

    return out + shared_open(state, seat, pending["space"], used, plow, PLOW_EXTRA)


def plough_moves(state: dict, seat: int, kind: str | None = None) -> list[dict]:
    cards = _cards_open(state, seat)
    if not cards:
        return []
    spaces = legal_field_spaces(state["farms"][seat])
    return [{"type": "card_plough", "card": c, "space": s} for c in cards for s in spaces]


def any_open(state: dict, seat: int) -> bool:
    return bool(plough_moves(state, seat))


def check(state: dict, seat: int, move: dict) -> None:
    if move["card"] not in _cards_open(state, seat):
        raise StepNotExpected(
            what=f"plough with {card_name(move['card'])}",
            reason="it works only right after the field of a ploughing "
            "action, once per action (a plow up to 2 more fields, "
            "and only one plow per ploughing)",
            **seat_params(state, seat),
        )
    check_field_space(state, seat, move["space"])


def check_field_space(state: dict, seat: int, space: int) -> None:
    """Raise unless a field may be ploughed on ``space`` (digest §5.5)."""
    problem = field_space_problem(state["farms"][seat], space)
    if problem:
        raise IllegalFarmPlacement(
            "field_space_illegal",
            space_label=label(space),
            reason=problem,
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    card_id = move["card"]
    farm = b.state["farms"][seat]
    data = {"space": move["space"], "card": card_id}
    if card_id == PLOW_MAKER:
        data["food"] = 1
    elif card_id not in b.state["pending"][seat].get("card_ploughs", []):
        b.emit(
            "CardStateSet", {"card": card_id, "value": farm["card_state"].get(card_id, 0) + 1}, seat
        )
        if card_id not in farm.get("cards", []):  # I68: another seat's Harrow, for its fee
            toll(b, seat, card_id)
    b.emit("FieldPloughed", data, seat)
    settle(b, seat)
