"""Food for the animals other players turn into food, and feeding last (issue 23 item 3;
catalogue I97 Slaughterhouse, K299 Slaughterman from card set 8 (issue 38); digest §6.5
step 7).

* ``after_any`` :func:`slaughterhouse`: 1 food from the supply for each conversion of 1 or more
  animals into food by another player (a cooking move, ``GoodsConverted``, however many animals
  it cooks, or a card's trade that pays animals for food, ``CardConverted``).
* ``feeds_last``: in the feeding phase the owner is always asked (``feeding_choice``) but is
  not among the seats to act until every other seat asked has fed (``Extension.feed_waits``,
  read by ``moves.to_act`` and the ``feed`` move), so food from the others' conversions in
  that phase reaches it first. Seats not asked fed when the
  phase began, before anything could be converted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..state import name
from ..statetypes import Farm
from ..tables import ANIMALS
from . import engine
from .catalogue import CARDS

if TYPE_CHECKING:
    from ..builder import Builder


def slaughterhouse(b: Builder, owner: int, event: Any, card_id: str) -> None:
    if event is None or event.seat is None or event.seat == owner:
        return
    d = event.data
    converted = (event.type == "GoodsConverted" and d.get("good") in ANIMALS) or (
        event.type == "CardConverted"
        and d.get("gain", {}).get("food")
        and any(d.get("pay", {}).get(a) for a in ANIMALS)
    )
    if converted:
        b.emit("CardGoods", {"card": card_id, "goods": {"food": 1}}, owner)


def _feeds_last(farm: Farm) -> bool:
    return any(engine.effect(c, farm).get("feeds_last") for c in farm.get("cards", []))


def feeding_choice(farm: Farm) -> bool:
    return _feeds_last(farm)


def feed_wait(state: dict, seat: int) -> str | None:
    farm = state["farms"][seat]
    last = next(
        (c for c in farm.get("cards", []) if engine.effect(c, farm).get("feeds_last")), None
    )
    if last is None:
        return None
    waiting = [  # seats that feed last themselves (K299 and I97 held apart) do not wait on
        name(state, s)  # each other: once only they are left, each feeds when it chooses
        for s, p in enumerate(state["pending"])
        if s != seat and p and p.get("kind") == "feed" and not _feeds_last(state["farms"][s])
    ]
    if waiting:
        return f"they feed last ({CARDS[last]['name']}) and {', '.join(waiting)} still feed"
    return None
