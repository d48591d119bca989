"""E-deck occupations that act at the start of a round (catalogue E178 Hut Builder, E194 Plow
Driver, E198 Ratcatcher; seed 000 L948, L872).

* Hut Builder: played in rounds 1 to 4 only; at the start of round 11 the seat is owed a free
  room unless it lives in a stone house then; it builds it as a ``free_room`` move
  (``free_builds``).
* Plow Driver: at the start of each round, with a stone house, the seat may pay 1 food to
  plough 1 field: ``{"type": "card_plough", "card": "E194", "space": 7}``. The engine asks a
  seat only on its turn, so the field is ploughed before the seat places its first person of
  the round (decision K-11); the offer lapses with that placement. It is a ploughing of its
  own: no plow or other card adds fields to it (seed 000 L872).
* Ratcatcher: played by the end of round 9; in rounds 10 and 12 every other player with an
  offspring (a 3rd, 4th or 5th family member) keeps one of them at home for the round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.common.i18n import NP_

from ..builder import seat_params
from ..errors import StepNotExpected
from ..farm import legal_field_spaces
from .free_builds import GRANTED
from .plows import check_field_space

if TYPE_CHECKING:
    from ..builder import Builder

PLOW_DRIVER = "E194"


def hut_builder(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    if round_no == 11 and b.state["farms"][seat]["house"] != "stone":
        b.emit("CardStateSet", {"card": card_id, "value": GRANTED}, seat)


def hut_builder_lapses(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """E178 (S1: "At the start of round 11, you can extend your hut"): the room is offered at
    the holder's first turn of round 11, before its placement (K-11), and lapses with that
    placement; it is never built later."""
    if (
        event is not None
        and event.type == "PersonPlaced"
        and event.seat == owner
        and b.state["farms"][owner]["card_state"].get(card_id) == GRANTED
    ):
        b.emit("CardStateSet", {"card": card_id, "value": None, "lapsed": True}, owner)


def early(state: dict, seat: int) -> str | None:
    return None if state["round"] <= 4 else "it may be played in rounds 1 to 4 only"


def plow_driver(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    if b.state["farms"][seat]["house"] == "stone":
        b.emit("CardStateSet", {"card": card_id, "value": round_no}, seat)


def plow_driver_lapses(b: Builder, owner: int, event: Any, card_id: str) -> None:
    farm = b.state["farms"][owner]
    if (
        event is not None
        and event.type == "PersonPlaced"
        and event.seat == owner
        and farm["card_state"].get(card_id) == b.state["round"]
    ):
        b.emit("CardStateSet", {"card": card_id, "value": None, "lapsed": True}, owner)


def _driver_open(state: dict, seat: int) -> bool:
    farm = state["farms"][seat]
    return (
        PLOW_DRIVER in farm.get("cards", ())
        and state["phase"] == "work"
        and farm["card_state"].get(PLOW_DRIVER) == state["round"]
        and state.get("turn") == seat
        and state["pending"][seat] is None
        and farm["supply"]["food"] >= 1
        and farm["house"] == "stone"
    )


def plough_moves(state: dict, seat: int) -> list[dict]:
    if not _driver_open(state, seat):
        return []
    return [
        {"type": "card_plough", "card": PLOW_DRIVER, "space": s}
        for s in legal_field_spaces(state["farms"][seat])
    ]


def check(state: dict, seat: int, move: dict) -> None:
    if not _driver_open(state, seat):
        raise StepNotExpected(
            what=NP_("error part", "plough with Plow Driver"),
            reason=NP_(
                "error part",
                "it ploughs once per round, before the seat's first "
                "placement of the round, for 1 food, with a stone house",
            ),
            **seat_params(state, seat),
        )
    check_field_space(state, seat, move["space"])


def apply(b: Builder, seat: int, move: dict) -> None:
    b.emit("CardStateSet", {"card": PLOW_DRIVER, "value": None}, seat)
    b.emit("FieldPloughed", {"space": move["space"], "card": PLOW_DRIVER, "food": 1}, seat)


def by_round_9(state: dict, seat: int) -> str | None:
    return None if state["round"] <= 9 else "it may be played by the end of round 9 only"


def ratcatcher(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    if round_no not in (10, 12):
        return
    for other, farm in enumerate(b.state["farms"]):
        if other != seat and farm["family"] >= 3 and farm["home"] >= 1:
            b.emit("PeopleHeldBack", {"count": 1, "card": card_id, "by": seat}, other)
