"""Short functions of the E occupations, named in ``e_occupations.py``: each is bound to its
card there, whose entry cites the catalogue number (summaries in ``data/occupations.csv``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...improvements import is_a
from ...scoring import score_farm
from ...state import fenced_spaces, improvement_info, improvements_owned
from ...statetypes import Farm
from ..hooks import receive_animals

if TYPE_CHECKING:
    from ...builder import Builder


def stone_rooms(state: dict, seat: int) -> int:
    farm = state["farms"][seat]
    return len(farm["rooms"]) if farm["house"] == "stone" else 0


def later_occupations(card_id: str) -> Any:
    def bonus(state: dict, seat: int) -> int:
        occupations = state["farms"][seat].get("occupations", [])
        later = occupations[occupations.index(card_id) + 1 :]
        return sum(2 if c == "E148" else 1 for c in later)

    return bonus


def tier_points(state: dict, seat: int) -> list[int]:
    return [c["points"] for c in score_farm(state["farms"][seat])[1]][:7]


def yeoman(state: dict, seat: int) -> int:
    return sum(1 for p in tier_points(state, seat) if p < 0)


def lord(state: dict, seat: int) -> int:
    farm = state["farms"][seat]
    fenced = fenced_spaces(farm)
    stables = sum(1 for s in farm["stables"] if s in fenced)
    return sum(1 for p in tier_points(state, seat) if p == 4) + (1 if stables >= 4 else 0)


def took_wood(extra: dict) -> Any:
    return lambda gained, space, farm: dict(extra) if gained.get("wood") else {}


#: Cards whose wood the Berry Picker counts as taken with a person's action (seed 000 L920).
WOOD_BY_CARD = ("E16",)


def berry_picker(b: Builder, seat: int, event: Any, card_id: str) -> None:
    if (
        event.type == "CardGoods"
        and event.data.get("card") in WOOD_BY_CARD
        and event.data.get("goods", {}).get("wood", 0) > 0
    ):
        b.emit("CardGoods", {"card": card_id, "goods": {"food": 1}}, seat)


def only_clay(gained: dict, space: str, farm: Farm) -> dict:
    kinds = [g for g, n in gained.items() if n]
    return {"clay": 2} if kinds == ["clay"] else {}


TRAVELING_PLAYERS = ("traveling_players", "room_or_traveling_players")


def dancer(gained: dict, space: str, farm: Farm) -> dict:
    if space not in TRAVELING_PLAYERS:
        return {}
    return {"food": max(0, 4 - gained.get("food", 0))} if "food" in gained else {}


def stone_carrier_free(gained: dict, space: str, farm: Farm) -> dict:
    """E210: the extra stone comes by itself when it costs nothing (K-08)."""
    if gained.get("stone") and not any(gained.get(g) for g in ("wood", "clay", "reed")):
        return {"stone": 1}
    return {}


def stone_carrier_choice(b: Builder, seat: int, space_id: str, card_id: str, gained: dict) -> Any:
    """E210: with other building resources the extra stone costs 1 food, and the seat "can"
    take it (S1): a ``card_choice`` between nothing (0) and 1 stone for 1 food (1)."""
    farm = b.state["farms"][seat]
    if (
        not gained.get("stone")
        or not any(gained.get(g) for g in ("wood", "clay", "reed"))
        or farm["supply"]["food"] < 1
    ):
        return None
    return {"card": card_id, "options": [{}, {"stone": 1, "food": -1}]}


def stone_carrier(gained: dict, space: str, farm: Farm) -> dict:
    if not gained.get("stone"):
        return {}
    if not any(gained.get(g) for g in ("wood", "clay", "reed")):
        return {"stone": 1}
    return {"stone": 1, "food": -1} if farm["supply"]["food"] >= 1 else {}


def own_oven(farm: Farm) -> bool:
    return any(is_a(m, "oven") for m in improvements_owned(farm))


def cook(state: dict, farm: Farm, need: int) -> int:
    """Only 2 people eat 2 food; the others 1 (newborns already eat 1)."""
    adults = farm["family"] - farm["newborns"]
    per = state["feeding"]["adult"]
    return need - max(0, adults - 2) * (per - 1)


def estate_manager(state: dict, seat: int) -> int:
    n = len(state["players"])
    mine = state["farms"][seat]["animals"]
    for s, farm in enumerate(state["farms"]):
        if s != seat and any(farm["animals"][a] > mine[a] for a in mine):
            return 0
    return {3: 2, 4: 3, 5: 4}.get(n, 0)


def braggart(state: dict, seat: int) -> int:
    farm = state["farms"][seat]
    count = len(farm["majors"]) + len(farm.get("minors", []))
    return {5: 1, 6: 3, 7: 5, 8: 7}.get(count, 9 if count >= 9 else 0)


def stockman(b: Builder, seat: int, event: Any, card_id: str) -> None:
    if event.type != "StableBuilt":
        return
    animal = {2: "cattle", 3: "boar", 4: "sheep"}.get(len(b.state["farms"][seat]["stables"]))
    if animal:
        receive_animals(b, seat, card_id, {animal: 1})


def farmer_v1(b: Builder, seat: int, event: Any, card_id: str) -> None:
    if event.type != "PastureFenced" or event.data.get("card"):
        return
    farmer(b, seat, event, card_id)


def farmer(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """E160 (seed 000 L980): once per fence building, fences a card builds (Mini Pasture E40)
    included; a second pasture of the same building brings nothing more."""
    if event.type != "PastureFenced":
        return
    pending = b.state["pending"][seat]
    if pending and pending.get("done", []).count("pasture") != 1:
        return  # once per fence-building action
    used = b.state["farms"][seat]["card_state"].get(card_id)

    b.emit("CardStateSet", {"card": card_id, "value": True}, seat)
    receive_animals(b, seat, card_id, {"cattle" if used else "boar": 1})


def bread_seller(b: Builder, seat: int, event: Any, card_id: str) -> None:
    if event.type == "BreadBaked" and event.data.get("grain"):
        b.emit("CardGoods", {"card": card_id, "goods": {"food": event.data["grain"]}}, seat)


def charcoal_burner(b: Builder, seat: int, event: Any, card_id: str) -> None:
    built = (
        event.data.get("major")
        if event.type == "MajorBuilt"
        else event.data.get("card")
        if event.type == "MinorPlayed"
        else None
    )
    if built and "bake" in improvement_info(built):
        b.emit("CardGoods", {"card": card_id, "goods": {"food": 1, "wood": 1}}, seat)


GUILD = {
    "joinery": ("wood", 4),
    "pottery": ("clay", 4),
    "basketmakers_workshop": ("reed", 3),
    "E214": ("clay", 4),
    "E183": ("reed", 3),
}


def guildmaster(b: Builder, seat: int, event: Any, card_id: str) -> None:
    key = (
        event.data.get("major")
        if event.type == "MajorBuilt"
        else event.data.get("card")
        if event.type == "OccupationPlayed"
        else None
    )
    if key in GUILD and key != card_id:
        good, n = GUILD[key]
        b.emit("CardGoods", {"card": card_id, "goods": {good: n}}, seat)


def guildmaster_now(farm: Farm) -> dict:
    out: dict = {}
    for key, (good, _) in GUILD.items():
        if key in farm["majors"] or key in farm.get("occupations", []):
            out[good] = out.get(good, 0) + 2
    return out


def reeve_wood(now: int) -> int:
    return 4 if now <= 5 else 3 if now <= 8 else 2 if now <= 11 else 1 if now <= 13 else 0


def reeve_bonus(state: dict, seat: int) -> int:
    counts = [
        len(f.get("occupations", [])) + sum(1 for c in f.get("occupations", []) if c == "E148")
        for f in state["farms"]
    ]
    return 3 if counts[seat] == max(counts) else 0


def pastor(b: Builder, seat: int, event: Any, card_id: str) -> None:
    state = b.state
    if state["farms"][seat]["card_state"].get(card_id):
        return
    rooms = [len(f["rooms"]) for f in state["farms"]]
    if len(rooms) > 1 and rooms[seat] == 2 and all(r > 2 for s, r in enumerate(rooms) if s != seat):
        b.emit("CardStateSet", {"card": card_id, "value": True}, seat)
        b.emit(
            "CardGoods",
            {"card": card_id, "goods": {"wood": 3, "clay": 2, "reed": 1, "stone": 1}},
            seat,
        )


GROCER_STACK = ("reed", "grain", "stone", "vegetable", "wood", "clay", "reed", "vegetable")


def grocer(farm: Farm) -> list[tuple[dict, dict]]:
    taken = farm["card_state"].get("E184", 0)
    if taken >= len(GROCER_STACK):
        return []
    return [({"food": 1}, {GROCER_STACK[taken]: 1})]


def stone_less(farm: Farm, cost: dict) -> dict:
    return dict(cost, stone=cost["stone"] - 1) if cost.get("stone") else cost
