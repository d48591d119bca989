"""Short functions of the K minor improvements, named in ``k_minors.py``: each is bound to its
card there, whose entry cites the catalogue number."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.common.housing import Housing, can_house

from ...farm import legal_room_spaces
from ...scoring import farm_counts
from ...state import housing, total_animals
from ...statetypes import Farm
from ..card_bakes import hook as card_bake_hook
from ..card_bakes import open_now
from ..card_ploughing import after_field, complete_rounds_left, start
from ..catalogue import CARDS
from ..dwellers import move_in, room_for_one
from ..numbered_fences import hook as sawhorse_hook

if TYPE_CHECKING:
    from ...builder import Builder


def next_rounds(count: int) -> Any:
    """The next ``count`` round spaces after the current round (none beyond round 14)."""
    return lambda now: list(range(now + 1, min(now + 1 + count, 15)))


def stone_rooms(per_room: int) -> Any:
    return lambda state, seat: (
        per_room * len(state["farms"][seat]["rooms"])
        if state["farms"][seat]["house"] == "stone"
        else 0
    )


def landing_net(gained: dict, space_id: str, farm: Farm) -> dict:
    """K126 (seed 000 L692: the other building resources are wood, clay and stone)."""
    if not gained.get("reed"):
        return {}
    return {"food": 1 if any(gained.get(g) for g in ("wood", "clay", "stone")) else 2}


def tiers(count: int, steps: tuple[int, ...]) -> int:
    return sum(1 for s in steps if count >= s)


# K123 Wooden Strongbox: "At the end of the game, you get 2 bonus points if your home contains 5
# rooms, or 4 bonus points if you have 6 or more rooms." (S1)
def strongbox(state: dict, seat: int) -> int:
    rooms = len(state["farms"][seat]["rooms"])
    return 4 if rooms >= 6 else 2 if rooms == 5 else 0


def horse(state: dict, seat: int) -> int:
    """K135 (KM-02): 2 points when at least one animal type is missing at the end."""
    return 2 if any(n == 0 for n in state["farms"][seat]["animals"].values()) else 0


def brewery_points(state: dict, seat: int) -> int:
    """K110 (KM-03): 1 point with 9 or more grain, counted as the score pad counts grain."""

    return 1 if farm_counts(state["farms"][seat])["grain"] >= 9 else 0


def clay_hut_room(state: dict, seat: int) -> str | None:
    farm = state["farms"][seat]
    if farm["house"] != "clay":
        return "it extends a clay hut only"
    return None if legal_room_spaces(farm) else "no space next to the house is free"


def sawmill_points(state: dict, seat: int) -> int:
    return tiers(state["farms"][seat]["supply"]["wood"], (2, 4, 5))


def liquid_manure(b: Builder, seat: int, event: Any, card_id: str) -> None:
    if event.type == "FieldSown":
        b.emit("FieldTopped", {"card": card_id, "space": event.data["space"], "count": 1}, seat)
    elif event.type == "CardFieldSown":
        b.emit(
            "FieldTopped",
            {"card": card_id, "space": None, "count": 1, "field_card": event.data["card"]},
            seat,
        )


#: The family growth action spaces (digest §4.2, §4.5); the 5-player "1 Occupation or Family
#: Growth" only for its family growth (K-19).
GROWTH = ("family_growth", "family_growth_minor", "urgent_family_growth")


def grew_this_round(state: dict, seat: int) -> bool:
    spaces = state["spaces"]
    if any(spaces.get(s, {}).get("occupant") == seat for s in GROWTH):
        return True
    growth = spaces.get("occupation_or_growth", {})
    return growth.get("occupant") == seat and state["farms"][seat]["newborns"] > 0


def clapper(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """K127 (KM-07): on the holder's family growth placement, and on play when it has used a
    family growth space this round."""
    if event is None:
        if not grew_this_round(b.state, owner):
            return
    elif not (
        event.type == "PersonPlaced"
        and event.seat == owner
        and (
            event.data["space"] in GROWTH
            or (
                event.data["space"] == "occupation_or_growth"
                and event.data.get("option") == "growth"
            )
        )
    ):
        return
    farm = b.state["farms"][owner]
    for field in farm["fields"]:
        if field["crop"] == "grain" and field["count"] > 0:
            b.emit("FieldTopped", {"card": card_id, "space": field["space"], "count": 1}, owner)
    for field in farm.get("card_fields", []):
        if field["crop"] == "grain" and field["count"] > 0:
            b.emit(
                "FieldTopped",
                {"card": card_id, "space": None, "count": 1, "field_card": field["card"]},
                owner,
            )


def goat_fits(state: dict, seat: int) -> str | None:
    """K120 (KM-08): the seat's animals must fit without the house's place."""

    home = housing(state["farms"][seat])
    homes = [home] if isinstance(home, Housing) else list(home)
    goat = [Housing(h.pastures, max(0, h.flexible - 1), h.reserved) for h in homes]
    if can_house(goat, total_animals(state["farms"][seat])):
        return None
    return "an animal lives in the house (cook or release it first)"


def plows_in_play(state: dict) -> int:
    """Plows (any improvement with "Plow" in its name, digest §10.2 item 5) and the Harrow (I68)
    played by any player."""

    return sum(
        1
        for farm in state["farms"]
        for c in farm.get("minors", [])
        if c in CARDS and ("Plow" in CARDS[c]["name"] or CARDS[c]["name"] == "Harrow")
    )


def on_play_plough(count: Any) -> Any:
    """An ``after_any`` hook run when the card is played (``round_check``): the ploughing step
    for ``count(state)`` fields."""

    def hook(b: Builder, owner: int, event: Any, card_id: str) -> None:
        if event is None:
            start(b, owner, card_id, count(b.state))

    return hook


def field_after(b: Builder, seat: int, event: Any, card_id: str) -> None:
    after_field(b, seat, event, card_id)


def ox_team_fields(state: dict) -> int:
    return min(3, complete_rounds_left(state))


# K125 Broom: "Discard all the remaining minor improvements in your hand, and draw 7 new minor
# improvements. You can play 1 more minor improvement immediately." (S1); seed 000 L658: drawn
# from the deck the minor improvements were dealt from (see ``broom.py``; KM-16).
def broom_ask(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """On play (``round_check``): ask for the draw ``broom.draw`` makes after the move (the
    card's state ``"draw"``, ``broom.ASKED``)."""
    if event is None:
        note = "7 new minor improvements will be drawn"
        b.emit("CardStateSet", {"card": card_id, "value": "draw", "note": note}, owner)


def card_bake_open(state: dict, seat: int, card_id: str) -> bool:
    return open_now(state, seat, card_id)


def card_bake_after(b: Builder, owner: int, event: Any, card_id: str) -> None:
    card_bake_hook(b, owner, event, card_id)


def reed_hut_play_if(state: dict, seat: int) -> str | None:
    return room_for_one(state, seat)


def reed_hut_moves_in(b: Builder, owner: int, event: Any, card_id: str) -> None:
    move_in(b, owner, event, card_id)


def sawhorse_after(b: Builder, owner: int, event: Any, card_id: str) -> None:
    sawhorse_hook(b, owner, event, card_id)
