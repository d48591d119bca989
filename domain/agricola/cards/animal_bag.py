"""A bag of animal markers drawn from at each round's start (issue 23 item 3; catalogue K304
Veterinarian, effect ``animal_bag``: the markers put in the bag when it is played; seed 000
L774).

At the start of each round after the card is played, two markers are drawn at random (the
game's seeded draws, label ``veterinarian/<seat>/<round>``); if they are of one type the seat
keeps one animal of it (that marker leaves the bag), and the markers drawn go back. The bag is
``card_state["K304/bag"]``; the animal comes as any animal does (it may be cooked at once,
L774). A ``round_draws`` hook of the game's extension (it needs the game's random draws).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import engine
from .common import receive_animals

if TYPE_CHECKING:
    from ..builder import Builder


def _key(card_id: str) -> str:
    return f"{card_id}/bag"


def filled(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """On play (``after_any`` with ``round_check``): the markers go into the bag."""
    if event is None:
        bag = dict(engine.effect(card_id, b.state)["animal_bag"])
        b.emit("CardStateSet", {"card": card_id, "key": _key(card_id), "value": bag}, seat)


def draw(b: Builder, rng: Any, round_no: int) -> None:
    for seat, farm in enumerate(b.state["farms"]):
        for card_id in farm.get("cards", []):
            if not engine.effect(card_id, farm).get("animal_bag"):
                continue
            bag = farm["card_state"].get(_key(card_id))
            markers = [a for a, n in sorted((bag or {}).items()) for _ in range(n)]
            if len(markers) < 2:
                continue
            first, second = rng.shuffle(f"veterinarian/{seat}/{round_no}", markers)[:2]
            if first != second:
                b.emit(
                    "CardStateSet",
                    {"card": card_id, "key": f"{card_id}/drawn", "value": [first, second]},
                    seat,
                )
                continue
            rest = dict(bag, **{first: bag[first] - 1})
            b.emit("CardStateSet", {"card": card_id, "key": _key(card_id), "value": rest}, seat)
            receive_animals(b, seat, card_id, {first: 1})
