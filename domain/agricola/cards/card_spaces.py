"""Minor improvements that are action spaces (issue 23 item 3; catalogue I100 Tavern, I337
Clay Deposit; seed 000 L724, L622).

``card_space``: ``{"space": id, "goods": goods, "toll": goods, "owner_points": n}``. When the
card is played its space joins the board, owned by the player (``ActionSpaceAdded``; the
rows are :data:`ROWS`, the extension's ``action_spaces``, kind ``card_space``). Any player may
use it once a round like any action space, ``{"type": "place", "space": "tavern", "option":
"goods"}``: another player gives the owner the ``toll`` (the Clay Deposit's 1 food; a player
who cannot pay may not use it, as for the Master Forester, K-14) and takes the ``goods``; the
owner takes the goods or, with ``"option": "points"``, ``owner_points`` bonus points, kept on
the card as they are earned (L622, L724: "record them at once") and scored with its bonus.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import place_effects
from ..builder import seat_params
from ..errors import AgricolaViolation
from ..farm import affordable
from ..state import space_name
from ..text import goods_text
from . import engine

if TYPE_CHECKING:
    from ..builder import Builder

KIND = "card_space"
OPTIONS = ("goods", "points")
#: The rows of the minor improvements' spaces, as ``tables.ACTION_SPACES`` has the printed
#: spaces' (catalogue I100 Tavern, I337 Clay Deposit; seed 000 L724, L622).
ROWS = {
    "tavern": {"name": "Tavern", "kind": KIND, "rule": "catalogue I100; seed 000 L724"},
    "clay_deposit": {"name": "Clay Deposit", "kind": KIND, "rule": "catalogue I337; seed 000 L622"},
}


def add_space(b: Builder, seat: int, card_id: str) -> None:
    """On play: the card's space joins the board."""
    space = engine.effect(card_id, b.state)["card_space"]["space"]
    b.emit("ActionSpaceAdded", {"space": space, "card": card_id}, seat)


def _card(state: dict, space_id: str) -> tuple[int, str, dict]:
    owner = state["spaces"][space_id]["owner"]
    farm = state["farms"][owner]
    for card_id in farm.get("cards", []):
        spec = engine.effect(card_id, farm).get("card_space")
        if spec and spec["space"] == space_id:
            return owner, card_id, spec
    raise KeyError(space_id)


def _fail(state: dict, seat: int, space_id: str, reason: Any) -> Any:
    return AgricolaViolation(
        "action_not_possible",
        space_name=space_name(space_id),
        reason=reason,
        **seat_params(state, seat),
    )


def check(state: dict, seat: int, space_id: str, move: dict) -> None:
    owner, _, spec = _card(state, space_id)
    option = move.get("option")
    if option not in OPTIONS:
        raise _fail(state, seat, space_id, "'option' must be goods or points")
    if option == "points" and seat != owner:
        raise _fail(state, seat, space_id, "only the card's owner may take the bonus points")
    toll = spec.get("toll") or {}
    if seat != owner and not affordable(state["farms"][seat]["supply"], toll):
        raise _fail(state, seat, space_id, f"they must give its owner {goods_text(toll)}")


def apply(b: Builder, seat: int, space_id: str, move: dict) -> None:
    owner, card_id, spec = _card(b.state, space_id)
    place_effects.placed(b, seat, space_id, option=move["option"])
    toll = spec.get("toll") or {}
    if seat != owner and toll:
        b.emit("CardToll", {"card": card_id, "space": space_id, "to": owner, "goods": toll}, seat)
    if move["option"] == "points":
        key = f"{card_id}/points"
        points = b.state["farms"][seat]["card_state"].get(key, 0) + spec["owner_points"]
        b.emit("CardStateSet", {"card": card_id, "key": key, "value": points}, seat)
    else:
        b.emit("GoodsReceived", {"space": space_id, "goods": dict(spec["goods"])}, seat)


def points(card_id: str) -> Any:
    """The card's ``bonus``: the points its owner took on its space."""
    return lambda state, seat: state["farms"][seat]["card_state"].get(f"{card_id}/points", 0)
