"""A plow other players may use for a fee, and ploughing in answer to another's plow (issue
23 item 3; catalogue I68 Harrow, I70 Punner; seed 000 L590, L736).

* ``plow_shared`` (I68): "Once during the game, when you use either the 'Plow 1 Field' or the
  'Plow Field and Sow' action space, you can plow 2 fields instead of 1. Each other player can
  also do this once during the game, but must pay you 2 food to do it" (S1). The owner uses it
  as a plow (``plow``, ``plow_extra`` in ``plows.py``); every other seat may too, once per game
  each (its own count in its ``card_state``), giving the owner ``plow_toll`` when it ploughs
  the extra field (``card_plough`` with the Harrow's id). One plow or Harrow per ploughing
  (L670).
* ``plough_offer`` (I70): "Whenever another player uses the Harrow or a plow, you can
  immediately plow 1 field as well" (S1); not when the other player ploughed only the
  action's field (L736). The engine never interrupts another seat's action (K-11): the offer
  is kept until the owner next places a person, and is taken with ``{"type": "card_plough",
  "card": "I70", "space": n}`` on its turn before placing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.common.i18n import NP_

from ..builder import seat_params
from ..errors import IllegalFarmPlacement, StepNotExpected
from ..farm import field_space_problem, label, legal_field_spaces
from . import engine
from .catalogue import CARDS
from .common import card_name

if TYPE_CHECKING:
    from ..builder import Builder

OPEN = "open"


def shared_open(
    state: dict, seat: int, space: str, used: list, plow: Any, default_extra: int
) -> Any:
    """Other seats' Harrows the seat may plough with now (``plows._cards_open``)."""
    farm = state["farms"][seat]
    out = []
    for owner, other in enumerate(state["farms"]):
        if owner == seat:
            continue
        for card_id in other.get("cards", []):
            eff = engine.effect(card_id, other)
            if not eff.get("plow_shared") or space not in eff.get("plow_spaces", (space,)):
                continue
            if plow == card_id and used.count(card_id) < eff.get("plow_extra", default_extra):
                out.append(card_id)
            elif (
                plow is None
                and farm["card_state"].get(card_id, 0) < eff["plow_shared"]
                and farm["supply"]["food"] >= eff["plow_toll"]["food"]
            ):
                out.append(card_id)
    return out


def toll(b: Builder, seat: int, card_id: str) -> None:
    """The fee for another seat's Harrow, paid when its extra field is ploughed."""
    for owner, other in enumerate(b.state["farms"]):
        if owner != seat and card_id in other.get("cards", []):
            goods = dict(engine.effect(card_id, other)["plow_toll"])
            data = {"card": card_id, "space": CARDS[card_id]["name"], "to": owner, "goods": goods}
            b.emit("CardToll", data, seat)


# -- the Punner ----------------------------------------------------------------------------------


def _is_plow(state: dict, card_id: object) -> bool:
    """A plow: a minor improvement with "Plow" in its name, or the Harrow (digest §10.2 item
    5; the Plow Driver and Plow Maker are occupations)."""
    info = CARDS.get(str(card_id))
    if info is None or info["kind"] != "minor":
        return False
    return "Plow" in info["name"] or bool(engine.effect(str(card_id), state).get("plow_shared"))


def punner_offer(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """Another seat ploughed an extra field with a plow or the Harrow: the offer opens; the
    owner's next placement closes it."""
    if event is None:
        return
    offered = b.state["farms"][owner]["card_state"].get(card_id) == OPEN
    if (
        event.type == "FieldPloughed"
        and event.seat != owner
        and _is_plow(b.state, event.data.get("card"))
        and not offered
    ):
        b.emit("CardStateSet", {"card": card_id, "value": OPEN}, owner)
    elif event.type == "PersonPlaced" and event.seat == owner and offered:
        b.emit("CardStateSet", {"card": card_id, "value": None, "lapsed": True}, owner)


def _open(state: dict, seat: int) -> list[str]:
    farm = state["farms"][seat]
    if state["phase"] != "work" or state.get("turn") != seat or state["pending"][seat]:
        return []
    return [
        c
        for c in farm.get("cards", [])
        if engine.effect(c, farm).get("plough_offer") and farm["card_state"].get(c) == OPEN
    ]


def punner_moves(state: dict, seat: int) -> list[dict]:
    cards = _open(state, seat)
    if not cards:
        return []
    spaces = legal_field_spaces(state["farms"][seat])
    return [{"type": "card_plough", "card": c, "space": s} for c in cards for s in spaces]


def punner_check(state: dict, seat: int, move: dict) -> None:
    if move["card"] not in _open(state, seat):
        raise StepNotExpected(
            what=NP_("error part", "plough with {card}"),
            card=card_name(move["card"]),
            reason=NP_(
                "error part",
                "it ploughs after another player's plow or Harrow, before the seat's next "
                "placement",
            ),
            **seat_params(state, seat),
        )
    problem = field_space_problem(state["farms"][seat], move["space"])
    if problem:
        raise IllegalFarmPlacement(
            "field_space_illegal",
            space_label=label(move["space"]),
            reason=problem,
            **seat_params(state, seat),
        )


def punner_apply(b: Builder, seat: int, move: dict) -> None:
    b.emit("CardStateSet", {"card": move["card"], "value": None}, seat)
    b.emit("FieldPloughed", {"space": move["space"], "card": move["card"]}, seat)


def is_punner(state: dict, card_id: object) -> bool:
    return bool(engine.effect(str(card_id), state).get("plough_offer"))
