"""I-deck occupations that offer something more right after the owner's placement, as a
``card_choice`` between nothing (option 0) and the card's offer (option 1) (issue 23 item 3;
catalogue I237 Juggler, I245 Market Crier, I253 Pig Catcher, I259 Animal Dealer; decisions in
docs/rules/cards-i-occupations.md).

``choice_after`` functions build the offer from what the placement took; animals an offer
brings come through an ``after`` hook once the seat has chosen it (``receive_animals``, which
houses them or lets the seat give up what does not fit), so the choice itself only moves
goods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .common import receive_animals
from .leaving import accumulating, taken_from

if TYPE_CHECKING:
    from ..builder import Builder

TRAVELING_PLAYERS = ("traveling_players", "room_or_traveling_players")
#: The cards whose owners the Juggler pays 1 food each (S1: Magician, Conjurer, Street
#: Musician, Puppeteer, Acrobat, Dancer, Animal Trainer, Storyteller).
JUGGLER_PAYEES = ("K311", "E167", "I257", "I249", "K269", "E212", "K342", "E169")


def juggler_choice(b: Builder, seat: int, space_id: str, card_id: str, gained: dict) -> dict | None:
    """I237: "Whenever you use the Traveling Players action on an action space, you can choose
    to receive twice as much food as is on the card. If you do this, you must give one food
    each to the owners of the Magician, Conjurer, Street Musician, Puppeteer, Acrobat, Dancer,
    Animal Trainer and Storyteller": the food again from the supply, then 1 food per such card
    another player owns (decision I-07)."""
    if space_id not in TRAVELING_PLAYERS:
        return None
    food = taken_from(b, seat, space_id).get("food", 0)
    payees = [
        s
        for s, f in enumerate(b.state["farms"])
        if s != seat
        for c in f.get("cards", ())
        if c in JUGGLER_PAYEES
    ]
    if not food or b.state["farms"][seat]["supply"]["food"] + food < len(payees):
        return None
    return {"card": card_id, "options": [{}, {"food": food - len(payees)}], "pays": payees}


GRAIN_SPACE = "grain"
CRIER_GOODS = {"grain": 1, "vegetable": 1}


def market_crier_choice(b: Builder, seat: int, space_id: str, card_id: str, gained: dict) -> Any:
    """I245: "Whenever you use the Take 1 Grain action space, you can take an additional 1
    grain and 1 vegetable. If you do this, the other players each receive 1 grain"."""
    if space_id != GRAIN_SPACE:
        return None
    return {"card": card_id, "options": [{}, dict(CRIER_GOODS)]}


def _chose(event: Any, card_id: str) -> dict | None:
    if (
        event is not None
        and event.type == "CardGoods"
        and event.data.get("card") == card_id
        and event.data.get("part") == "choice"
        and any(event.data.get("goods", {}).values())
    ):
        return event.data["goods"]
    return None


def market_crier(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I245, after the seat chose the grain and vegetable: 1 grain to every other player."""
    if _chose(event, card_id):
        for other in range(len(b.state["players"])):
            if other != owner:
                b.emit("CardGoods", {"card": card_id, "goods": {"grain": 1}}, other)


ANIMAL_SPACES = {"sheep": "sheep", "boar": "boar", "cattle": "cattle"}


def animal_dealer_choice(b: Builder, seat: int, space_id: str, card_id: str, gained: dict) -> Any:
    """I259: "Whenever you use one of the 1 Sheep, 1 Wild Boar or 1 Cattle action spaces, you
    can pay 1 food to take 1 additional animal of that type" (seed 000 L966: not on the
    5-player Livestock space; the food is paid before the animal comes)."""
    animal = ANIMAL_SPACES.get(space_id)
    if animal is None or b.state["farms"][seat]["supply"]["food"] < 1:
        return None
    b.emit("CardStateSet", {"card": card_id, "value": animal}, seat)
    return {"card": card_id, "options": [{}, {"food": -1}]}


def animal_dealer(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I259, after the seat paid the food: the animal of the space it used."""
    if _chose(event, card_id):
        animal = b.state["farms"][owner]["card_state"].get(card_id)
        if animal:
            receive_animals(b, owner, card_id, {animal: 1})


PIG_CATCHER_WOOD = 2


def pig_catcher_choice(b: Builder, seat: int, space_id: str, card_id: str, gained: dict) -> Any:
    """I253: "Whenever you use a person to take wood that is on an action space, you can leave
    2 of that wood on the space and receive a wild boar instead"."""
    if not accumulating(space_id, "wood"):
        return None
    if taken_from(b, seat, space_id).get("wood", 0) < PIG_CATCHER_WOOD:
        return None
    return {
        "card": card_id,
        "options": [{}, {"wood": -PIG_CATCHER_WOOD}],
        "onto": space_id,
    }


def pig_catcher(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I253, after the seat left the wood: the wild boar."""
    if _chose(event, card_id):
        receive_animals(b, owner, card_id, {"boar": 1})
