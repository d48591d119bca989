"""Small helpers every card module uses (issue 23: kept apart so that the card modules import
one another without a circle): a seat's hand and a card's name, animals and goods a card
gives, the after-placement choice a card asks, the Stonecutter-type cost window and the
reaction windows a played card opens."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..extension import for_card_set
from ..farm import split_animals
from ..state import total_animals
from ..statetypes import Farm
from . import engine
from .card_sets import LATEST
from .catalogue import CARDS

if TYPE_CHECKING:
    from ..builder import Builder


def hand(state: dict, seat: int) -> dict:
    """The seat's hand; cards set aside for a 3-for-1 exchange are not playable."""
    held = state["hands"]["_private"].get(str(seat), {"occupations": [], "minors": []})
    marked = held.get("marked")
    if not marked:
        return held
    return {k: [c for c in held[k] if c not in marked] for k in ("occupations", "minors")}


def card_name(card_id: str) -> str:
    return CARDS[card_id]["name"] if card_id in CARDS else str(card_id)


def receive_animals(b: Builder, seat: int, card_id: str | None, animals: dict) -> None:
    farm = b.state["farms"][seat]
    total = total_animals(farm)
    for a, n in animals.items():
        total[a] += n
    housed, unhoused = split_animals(farm, total)
    b.emit(
        "AnimalsReceived",
        {
            "space": None,
            "card": card_id,
            "animals": animals,
            "housed": housed,
            "unhoused": unhoused,
        },
        seat,
    )


def maid(b: Builder, seat: int) -> None:
    """E190 Maid: from when the seat lives in a clay hut or stone house, 1 food on each
    remaining round space (the round being played included when it starts)."""
    farm = b.state["farms"][seat]
    if "E190" not in farm.get("cards", []) or farm.get("card_state", {}).get("E190"):
        return
    if farm["house"] == "wood":
        return
    b.emit(
        "CardScheduled",
        {
            "card": "E190",
            "rounds": {str(r): {"food": 1} for r in range(b.state["round"] + 1, 15)},
            "done": True,
        },
        seat,
    )


def ask_choice(
    b: Builder, seat: int, space_id: str, queue: list[dict], chosen: bool = False
) -> bool:
    """Ask the seat the first card's choice of the after-placement window (``card_choice``),
    the rest queued. Where the order changes the outcome (decision K-02: an entry marked
    ``lazy``, whose options are read when it is resolved, from what the cards before it gave),
    the seat first picks which card comes next (``card_order``, move ``card_first``), unless it
    has just done so (``chosen``). Returns whether the seat is asked anything."""
    queue = list(queue)
    while queue:
        if not chosen and len(queue) >= 2 and any(e.get("lazy") for e in queue):
            b.emit(
                "CardStep",
                {
                    "card": queue[0]["card"],
                    "pending": {
                        "kind": "card_order",
                        "space": space_id,
                        "done": [],
                        "queue": queue,
                    },
                },
                seat,
            )
            return True
        chosen = False
        first = queue.pop(0)
        if first.get("lazy"):
            eff = engine.effect(first["card"], b.state)
            first = eff["choice_after"](b, seat, space_id, first["card"], first["gained"])
            if first is None:
                continue
        break
    else:
        return False
    pending = {
        "kind": "card_choice",
        "space": space_id,
        "done": [],
        "card": first["card"],
        "options": first["options"],
        "queue": queue,
    }
    for key in ("onto", "pays", "top_up"):
        if first.get(key):
            pending[key] = first[key]
    b.emit("CardStep", {"card": first["card"], "pending": pending}, seat)
    return True


def order_moves(state: dict, seat: int) -> list[dict]:
    """``card_first`` for each card waiting in the window whose order the seat chooses."""
    pending = state["pending"][seat] if state["phase"] == "work" else None
    if not pending or pending["kind"] != "card_order":
        return []
    return [
        {"type": "card_first", "card": c}
        for c in dict.fromkeys(e["card"] for e in pending["queue"])
    ]


def stone_less(farm: Farm, cost: dict) -> dict:
    for card_id in farm.get("cards", []):
        less = engine.effect(card_id, farm).get("stone_less")
        if less:
            cost = less(farm, cost)
    return cost


def offers(state: dict, seat: int, card_id: str) -> dict[str, list[int]]:
    """The reaction window that ``seat`` playing ``card_id`` opens: {played card: other seats}."""
    others = [s for s in range(len(state["players"])) if s != seat]
    # any card of the whole deck that answers it opens the window, whether or not the game's
    # set holds that card (as games of every card set were played: the offer names no card)
    answered = any(eff.get("reacts_to") == card_id for eff in for_card_set(LATEST).effects.values())
    return {card_id: others} if answered and others else {}
