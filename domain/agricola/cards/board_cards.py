"""I-deck occupations that use an action space of the board in a way of their own (issue 23
item 3; catalogue I230 Clay Digger, I248 Net Fisherman; seed 000 L782, L912; decisions in
docs/rules/cards-i-occupations.md).

* Clay Digger (4+): the 3-player game's "1 Clay" card joins the board with 3 clay on it and
  gets 1 clay in every later round's phase 2 like any accumulating space (seed 000 L782); every
  other player who uses it first gives the card's owner 3 food, and a seat that cannot pay may
  not use it (as the Master Forester's toll, K-14; the placement window ``place_problems``).
* Net Fisherman (1+): when the owner's person takes reed from an action space, the card claims
  the Fishing space for the round; in the returning-home phase the owner takes the food lying
  on Fishing then (seed 000 L912: reed from a card does not claim; taking that food is not
  fishing, so no fishing card answers it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..state import name, space_name
from ..text import goods_text

if TYPE_CHECKING:
    from ..builder import Builder

CLAY_DIGGER = "I230"
CLAY_SPACE = "clay_1"
CLAY_START = {"clay": 3}
CLAY_TOLL = {"food": 3}


def clay_digger_adds(b: Builder, seat: int, card_id: str) -> None:
    """On play: the "1 Clay" card joins the board, with 3 clay on it."""
    if CLAY_SPACE in b.state["spaces"]:
        return  # already on the board (a 3-player game's card): nothing to add
    b.emit("ActionSpaceAdded", {"space": CLAY_SPACE, "card": card_id}, seat)
    b.emit(
        "SpacesReplenished",
        {"round": b.state["round"], "goods": {CLAY_SPACE: dict(CLAY_START)}, "card": card_id},
    )


def _clay_owner(state: dict) -> int | None:
    space = state["spaces"].get(CLAY_SPACE) or {}
    return space.get("owner")


def clay_digger_toll(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """Every other player's person on the card's space gives the owner 3 food."""
    if (
        event is not None
        and event.type == "PersonPlaced"
        and event.data.get("space") == CLAY_SPACE
        and event.seat != owner
        and _clay_owner(b.state) == owner
    ):
        b.emit(
            "CardToll",
            {"card": card_id, "space": CLAY_SPACE, "to": owner, "goods": dict(CLAY_TOLL)},
            event.seat,
        )


def clay_digger_problem(state: dict, seat: int, space_id: str, move: dict) -> str | None:
    """``place_problems``: another seat needs 3 food in hand to use the Clay Digger's space."""
    owner = _clay_owner(state) if space_id == CLAY_SPACE else None
    food = state["farms"][seat]["supply"]["food"]
    if owner is None or owner == seat or food >= CLAY_TOLL["food"]:
        return None
    return (
        f"they must give {name(state, owner)} {goods_text(CLAY_TOLL)} for "
        f"{space_name(CLAY_SPACE)} (Clay Digger I230) and hold {food}"
    )


FISHING = "fishing"


def net_fisherman(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I248: the claim when the owner's person takes reed from an action space, and the food
    on Fishing when the people return home (``PeopleReturned``)."""
    state = b.state
    if event is None:
        return
    if (
        event.type in ("GoodsTaken", "GoodsReceived")
        and event.seat == owner
        and event.data.get("space")
        and event.data.get("goods", {}).get("reed", 0) > 0
    ):
        if state["farms"][owner]["card_state"].get(card_id) != state["round"]:
            b.emit("CardStateSet", {"card": card_id, "value": state["round"]}, owner)
        return
    if event.type != "PeopleReturned":
        return
    if state["farms"][owner]["card_state"].get(card_id) != state["round"]:
        return
    food = (state["spaces"].get(FISHING) or {}).get("goods", {}).get("food", 0)
    if food:
        b.emit("GoodsTaken", {"space": FISHING, "goods": {"food": food}, "card": card_id}, owner)
