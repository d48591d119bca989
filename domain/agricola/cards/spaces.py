"""Cards that add an action space (issue 10; catalogue E164 Master Forester, seed 000 L838).

The Master Forester (4+) puts the 3-player game's "2 Wood" card on the board when it is
played: from then on it is a full action space, given 2 wood in every later round's phase 2
and used like any accumulating space. Every other seat that sends a person there gives the
card's owner 2 food (seed 000 L838). A seat that cannot pay the 2 food may not use the space;
it may cook or convert first (decision K-14, docs/rules/agricola-cards.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import place_effects, placement
from ..builder import seat_params
from ..errors import AgricolaViolation
from ..state import name, space_name
from ..text import goods_text

if TYPE_CHECKING:
    from ..builder import Builder

#: The space the Master Forester adds, and what others pay its owner to use it.
SPACE = "forester_wood_2"
TOLL = {"food": 2}


def add_space(b: Builder, seat: int, card_id: str) -> None:
    """On play: the card's space joins the board, empty until the next replenishment."""
    b.emit("ActionSpaceAdded", {"space": SPACE, "card": card_id}, seat)


def _toll_problem(state: dict, seat: int, space_id: str) -> str | None:
    owner = state["spaces"][space_id].get("owner")
    food = state["farms"][seat]["supply"]["food"]
    if owner is None or owner == seat or food >= TOLL["food"]:
        return None
    return (
        f"they must give {name(state, owner)} {goods_text(TOLL)} for it "
        f"(Master Forester E164) and hold {food}"
    )


def _check(state: dict, seat: int, space_id: str, move: dict) -> None:
    placement._check_nonempty(state, seat, space_id, move)
    problem = _toll_problem(state, seat, space_id)
    if problem:
        raise AgricolaViolation(
            "action_not_possible",
            space_name=space_name(space_id),
            reason=problem,
            **seat_params(state, seat),
        )


def _apply(b: Builder, seat: int, space_id: str, move: dict) -> None:
    place_effects.apply_take(b, seat, space_id, move)
    owner = b.state["spaces"][space_id].get("owner")
    if owner is not None and owner != seat:
        b.emit(
            "CardToll", {"card": "E164", "space": space_id, "to": owner, "goods": dict(TOLL)}, seat
        )


#: The space kind of the Master Forester's space.
KIND = "toll_take"
#: Its row, as ``tables.ACTION_SPACES`` has the printed spaces' (the extension's
#: ``action_spaces``): the 3-player game's "2 Wood" card (E164; seed 000 L838).
ROWS = {
    SPACE: {
        "name": "2 Wood (Master Forester)",
        "kind": KIND,
        "replenish": {"wood": 2},
        "rule": "catalogue E164; seed 000 L838",
    }
}
check, apply = _check, _apply
