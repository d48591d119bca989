"""I-deck occupations that answer what a player (another one, or anyone) just did (issue 23
item 3; catalogue I222 Social Climber, I224 Field Worker, I227 Church Warden, I229 Sycophant,
I232 Midwife, I257 Street Musician, I262 Water Carrier, I264 Fencer; decisions in
docs/rules/cards-i-occupations.md).

Each ``after_any`` function is called for every event of a move, for every card in play
(``hooks.after_move``): ``fn(b, owner, event, card_id)``; ``event`` is None when the card is
played (effect ``round_check``), so a condition that already holds counts at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..state import name
from ..text import goods_text

if TYPE_CHECKING:
    from ..builder import Builder

TRAVELING_PLAYERS = ("traveling_players", "room_or_traveling_players")


def _gain(b: Builder, owner: int, card_id: str, goods: dict) -> None:
    b.emit("CardGoods", {"card": card_id, "goods": goods}, owner)


def street_musician(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I257: "You receive 1 grain whenever another player takes the Traveling Players action
    on an action space" (the food it takes, ``GoodsTaken``, marks the action)."""
    if (
        event is not None
        and event.type == "GoodsTaken"
        and event.seat != owner
        and event.data.get("space") in TRAVELING_PLAYERS
    ):
        _gain(b, owner, card_id, {"grain": 1})


GRAIN_SPACE = "grain"
SYCOPHANT_TOLL = {"food": 1}


def sycophant(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I229: "Any other player that uses the Take 1 Grain action space must first pay you 1
    food. In addition, you receive 1 food from the general supply. You receive that food even
    when you take the grain yourself" (seed 000 L878)."""
    if event is None or event.type != "PersonPlaced" or event.data.get("space") != GRAIN_SPACE:
        return
    if event.seat != owner:
        b.emit(
            "CardToll",
            {"card": card_id, "space": GRAIN_SPACE, "to": owner, "goods": dict(SYCOPHANT_TOLL)},
            event.seat,
        )
    _gain(b, owner, card_id, {"food": 1})


def sycophant_problem(state: dict, seat: int, space_id: str, move: dict) -> str | None:
    """The placement window ``place_problems``: another seat needs 1 food in hand to use Take 1
    Grain while someone holds the Sycophant (it "must first pay", decision I-03)."""
    if space_id != GRAIN_SPACE:
        return None
    for owner, farm in enumerate(state["farms"]):
        if (
            owner != seat
            and "I229" in farm.get("cards", ())
            and state["farms"][seat]["supply"]["food"] < SYCOPHANT_TOLL["food"]
        ):
            return (
                f"they must first give {name(state, owner)} {goods_text(SYCOPHANT_TOLL)} "
                "(Sycophant I229) and hold none"
            )
    return None


def action_key(state: dict, seat: int) -> list:
    """Which action of ``seat`` an event belongs to: its round and how many of its people are
    still at home (the same for every move of one action, even once the action has ended)."""
    return [seat, state["round"], state["farms"][seat]["home"]]


def field_worker(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I224: "Whenever another player sows one or more fields, you receive 1 grain in a
    3-player game or 1 food in a 4 or 5 player game": once per sowing action, at its first
    field (a card field too; seed 000 L882: also when the sowing comes from a card)."""
    if event is None or event.seat == owner or event.type not in ("FieldSown", "CardFieldSown"):
        return
    key = action_key(b.state, event.seat)
    if b.state["farms"][owner]["card_state"].get(card_id) == key:
        return
    b.emit("CardStateSet", {"card": card_id, "value": key}, owner)
    good = "grain" if len(b.state["players"]) <= 3 else "food"
    _gain(b, owner, card_id, {good: 1})


def midwife(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I232: "Whenever another player has offspring and then has a larger family than you, you
    receive 1 food. If they have at least 2 more family members than you, you receive 2 food"
    (seed 000 L876: family members only, the newborn included)."""
    if event is None or event.type != "FamilyGrew" or event.seat == owner:
        return
    farms = b.state["farms"]
    more = farms[event.seat]["family"] - farms[owner]["family"]
    if more >= 1:
        _gain(b, owner, card_id, {"food": 2 if more >= 2 else 1})


def social_climber(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I222: "Whenever you are the first player to renovate to a clay hut or a stone house, you
    receive 3 stone. If you are the second, you receive 2 stone; the third, you receive 1
    stone": the rank counts the other players already past that house (a stone house is past
    the clay hut, decision I-04)."""
    if event is None or event.type != "Renovated" or event.seat != owner:
        return
    target = event.data.get("to")
    past = ("clay", "stone") if target == "clay" else ("stone",)
    before = sum(1 for s, f in enumerate(b.state["farms"]) if s != owner and f["house"] in past)
    stone = {0: 3, 1: 2, 2: 1}.get(before, 0)
    if stone:
        _gain(b, owner, card_id, {"stone": stone})


def water_carrier(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I262: "Once any player has built the Well, place 1 food on the remaining round spaces"
    (seed 000 L776: also when the card is played after the Well was built, and at every
    building of the Well)."""
    state = b.state
    if event is None:
        built = state["majors"].get("well") is not None
    else:
        built = event.type == "MajorBuilt" and event.data.get("major") == "well"
    rounds = range(state["round"] + 1, 15)
    if built and rounds:
        b.emit(
            "CardScheduled",
            {"card": card_id, "rounds": {str(r): {"food": 1} for r in rounds}},
            owner,
        )


def fencer(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I264: "Whenever another player builds 1 to 4 fences, you receive 1 wood from the general
    supply. Whenever another player builds 5 or more fences, you receive 2 wood": counted over
    one fence-building action (each pasture is a move of its own); 1 wood at its first fence,
    1 more when it reaches 5."""
    if event is None or event.type != "PastureFenced" or event.seat == owner:
        return
    built = len(event.data.get("fences", []))
    if not built:
        return
    seen = b.state["farms"][owner]["card_state"].get(card_id) or {}
    key = action_key(b.state, event.seat)
    before = seen.get("fences", 0) if seen.get("action") == key else 0
    after = before + built
    wood = (after >= 1) + (after >= 5) - (before >= 1) - (before >= 5)
    b.emit("CardStateSet", {"card": card_id, "value": {"action": key, "fences": after}}, owner)
    if wood:
        _gain(b, owner, card_id, {"wood": wood})


def church_warden_count(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I227: counts, for every seat, the people it places in round 14 (from the card's play;
    played in round 14, the people placed before it count too)."""
    state = b.state
    if state["round"] != 14:
        return
    if event is None:
        for seat, farm in enumerate(state["farms"]):
            acted = farm["family"] - farm["home"] - farm.get("newborns", 0)
            b.emit(
                "CardStateSet", {"card": card_id, "key": f"{card_id}/{seat}", "value": acted}, owner
            )
        return
    if event.type != "PersonPlaced":
        return
    key = f"{card_id}/{event.seat}"
    count = state["farms"][owner]["card_state"].get(key, 0) + 1
    b.emit("CardStateSet", {"card": card_id, "key": key, "value": count}, owner)


def church_warden_bonus(state: dict, seat: int) -> int:
    """I227: "At the end of the game, any player who performed actions with at least 5 people
    in round 14 receives 3 bonus points" (the card's owner records the count)."""
    for farm in state["farms"]:
        if "I227" in farm.get("cards", ()):
            return 3 if farm["card_state"].get(f"I227/{seat}", 0) >= 5 else 0
    return 0


def village_elder_bonus(state: dict, seat: int) -> int:
    """I221: "At the end of the game, all players with the most improvements in front of them
    receive 3 bonus points each" (majors and minors)."""
    counts = [len(f["majors"]) + len(f.get("minors", [])) for f in state["farms"]]
    return 3 if counts[seat] == max(counts) else 0
