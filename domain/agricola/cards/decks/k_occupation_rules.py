"""Short functions of the K occupations (issue 23 item 3), named in ``k_occupations.py``: each
cites its catalogue number; the full texts are quoted there and in the card tests."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from domain.common.housing import Housing, can_house

from ...farm import growth_problem, split_animals
from ...scoring import score_farm
from ...state import housing, total_animals
from ...statetypes import Farm
from .. import engine
from ..catalogue import CARDS
from ..common import receive_animals

if TYPE_CHECKING:
    from ...builder import Builder


def wood_by_round(now: int) -> int:
    """K276 Constable, K282 House Steward: 4 wood before round 6, 3 in rounds 6-8, 2 in 9-11,
    1 in 12-13 (S1; seed 000 L794, L822)."""
    return 4 if now <= 5 else 3 if now <= 8 else 2 if now <= 11 else 1 if now <= 13 else 0


def constable(state: dict, seat: int) -> int:
    """K276: 5 bonus points to every player with no negative points in any category of the
    score pad (seed 000 L822); the card bonus itself is not a category that can lose here."""

    _, categories = score_farm(state["farms"][seat])
    return 0 if any(c["points"] < 0 for c in categories) else 5


def house_steward(state: dict, seat: int) -> int:
    """K282: 3 bonus points to every player with the most rooms."""
    rooms = [len(f["rooms"]) for f in state["farms"]]
    return 3 if rooms[seat] == max(rooms) else 0


_WELL = "K285/well"


def tinsmith_option(farm: Farm, gain: dict) -> bool:
    """K285: 2 clay -> 3 food only once some player has built a Well."""
    return gain.get("food") != 3 or bool(farm["card_state"].get(_WELL))


def tinsmith_well(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """K285: remember that a Well was built, at play (any farm holds one) or when one is built."""
    if b.state["farms"][seat]["card_state"].get(_WELL):
        return
    built = (
        any("well" in f["majors"] for f in b.state["farms"])
        if event is None
        else event.type == "MajorBuilt" and event.data.get("major") == "well"
    )
    if built:
        b.emit("CardStateSet", {"card": card_id, "key": _WELL, "value": True}, seat)


#: K287 Storehouse Clerk: (good, at least) -> 1 more of it at a round's start.
CLERK = (("stone", 5), ("reed", 6), ("clay", 7), ("wood", 8))


def storehouse_clerk(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    supply = b.state["farms"][seat]["supply"]
    goods = {good: 1 for good, least in CLERK if supply[good] >= least}
    if goods:
        b.emit("CardGoods", {"card": card_id, "goods": goods}, seat)


def storehouse_keeper(b: Builder, seat: int, space_id: str, card_id: str, gained: dict) -> Any:
    """K288: reed and stone from one action -> the seat's choice of 1 clay or 1 grain."""
    if gained.get("reed") and gained.get("stone"):
        return {"card": card_id, "options": [{"clay": 1}, {"grain": 1}]}
    return None


def shepherd_boy(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """K298: once the seat lives in a stone house (checked when played and after every move),
    1 sheep on each remaining round space, the current round's excluded (seed 000 L874)."""
    farm = b.state["farms"][seat]
    if farm["house"] != "stone" or farm["card_state"].get(card_id):
        return
    rounds = {str(r): {"sheep": 1} for r in range(b.state["round"] + 1, 15)}
    b.emit("CardScheduled", {"card": card_id, "rounds": rounds, "done": True}, seat)


def weaver(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    """K309: 1 food when the work phase starts with 2+ sheep; the sheep this round's space
    brings count (seed 000 L958), so they are added to those the seat holds now."""
    farm = b.state["farms"][seat]
    coming = farm.get("schedule", {}).get(str(round_no), {}).get("sheep", 0)
    if total_animals(farm)["sheep"] + coming >= 2:
        b.emit("CardGoods", {"card": card_id, "goods": {"food": 1}}, seat)


def lover_problem(state: dict, seat: int) -> str | None:
    """K291: the family growth must be possible (5 people at most)."""
    return growth_problem(state["farms"][seat], needs_room=False)


def lover(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """K291: on play (``event`` None), family growth without room (seed 000 L850)."""
    if event is not None:
        return
    pending = b.state["pending"][seat]
    b.emit(
        "FamilyGrew",
        {
            "space": pending["space"],
            "without_room": True,
            "family": b.state["farms"][seat]["family"] + 1,
            "card": card_id,
        },
        seat,
    )


def cattle_breeder(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    """K295: at the end of round 12 (before round 13 starts) 2+ cattle breed, if the calf fits."""
    if round_no != 13:
        return
    farm = b.state["farms"][seat]
    total = total_animals(farm)
    if total["cattle"] < 2:
        return
    total["cattle"] += 1
    _, unhoused = split_animals(farm, total)
    if not any(unhoused.values()):
        receive_animals(b, seat, card_id, {"cattle": 1})


# -- sowing, vegetables, buying more ------------------------------------------------------------


def _crop_fields(farm: Farm) -> int:
    """K286: fields for the Smallholder's limit: farmyard fields and card fields that take grain
    or vegetables (Acreage, Bean Field ...), not those that grow wood (seed 000 L928)."""
    cards = [f for f in farm.get("card_fields", []) if {"grain", "vegetable"} & set(f["allowed"])]
    return len(farm["fields"]) + len(cards)


def smallholder(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """K286: while the seat has at most 2 fields, 1 more grain or vegetable on each field it
    sows (card fields for grain or vegetables included, seed 000 L928)."""
    if event.type not in ("FieldSown", "CardFieldSown"):
        return
    if event.data.get("crop") not in ("grain", "vegetable"):
        return
    if _crop_fields(b.state["farms"][seat]) > 2:
        return
    data = {"card": card_id, "space": event.data.get("space"), "count": 1}
    if event.type == "CardFieldSown":
        data = {"card": card_id, "space": None, "count": 1, "field_card": event.data["card"]}
    b.emit("FieldTopped", data, seat)


def market_woman(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """K292: vegetables a minor improvement gives (goods on play, a trade, a round space it
    filled is not told apart) bring 2 grain; not those an occupation gives (seed 000 L968)."""

    card = event.data.get("card") if event.type in ("CardGoods", "CardConverted") else None
    if card not in CARDS or CARDS[card]["kind"] != "minor":
        return
    goods = event.data.get("goods") if event.type == "CardGoods" else event.data.get("gain")
    if (goods or {}).get("vegetable", 0) > 0 and not event.data.get("onto"):
        b.emit("CardGoods", {"card": card_id, "goods": {"grain": 2}}, seat)


#: K268 Pieceworker: the price of one more of a good received on an action space.
PIECEWORK = {"wood": 1, "clay": 1, "reed": 1, "stone": 1, "grain": 1, "vegetable": 2}


def pieceworker(b: Builder, seat: int, space_id: str, card_id: str, gained: dict) -> Any:
    """K268: for each of the listed goods the space gave, one more for 1 food (a vegetable for
    2); the options are every affordable set of purchases (seed 000 L924: in the work phase,
    from an action space only)."""

    kinds = [g for g in PIECEWORK if gained.get(g)]
    money = b.state["farms"][seat]["supply"]["food"]
    options: list[dict] = [{}]
    for k in range(1, len(kinds) + 1):
        for chosen in combinations(kinds, k):
            price = sum(PIECEWORK[g] for g in chosen)
            if price <= money:
                options.append({**dict.fromkeys(chosen, 1), "food": -price})
    return {"card": card_id, "options": options} if len(options) > 1 else None


# -- animals converted to food -------------------------------------------------------------------


def _converted(event: Any) -> dict[str, int]:
    """Animals a move turned into food (cooking, or a card's trade)."""
    if event.type == "GoodsConverted" and event.data.get("good") in ("sheep", "boar", "cattle"):
        return {event.data["good"]: event.data.get("count", 1)}
    if event.type == "CardConverted" and event.data.get("gain", {}).get("food"):
        pay = event.data.get("pay", {})
        return {a: pay[a] for a in ("sheep", "boar", "cattle") if pay.get(a)}
    return {}


#: Cards that take the converted wild boar instead of the Tanner (K-OCC-6).
BOAR_ELSEWHERE = ("E156", "K273")


def tanner(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """K280: wild boar and cattle the seat turns into food go onto the card (wild boar not when
    the Brush Maker E156 or Basin Maker K273 takes them, seed 000 L814, L888; K-OCC-6)."""
    animals = _converted(event)
    cards = b.state["farms"][seat].get("cards", [])
    goods = {a: n for a, n in animals.items() if a in ("boar", "cattle")}
    if any(c in cards for c in BOAR_ELSEWHERE):
        goods.pop("boar", None)
    if goods:
        b.emit("CardHolds", {"card": card_id, "goods": goods}, seat)


def tanner_points(state: dict, seat: int) -> int:
    held = state["farms"][seat].get("held", {}).get("K280", {})
    boar, cattle = held.get("boar", 0), held.get("cattle", 0)
    by_boar = 3 if boar >= 6 else 2 if boar >= 4 else 1 if boar >= 2 else 0
    by_cattle = 3 if cattle >= 4 else 2 if cattle >= 3 else 1 if cattle >= 2 else 0
    return by_boar + by_cattle


_BASIN = "K273/allowed"


def basin_maker_boar(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """K273: each wild boar turned into food allows 2 wood more onto the card."""
    boar = _converted(event).get("boar", 0)
    if boar:
        now = b.state["farms"][seat]["card_state"].get(_BASIN, 0)
        b.emit("CardStateSet", {"card": card_id, "key": _BASIN, "value": now + 2 * boar}, seat)


def basin_maker_wood(farm: Farm) -> list[tuple[dict, dict]]:
    """K273: 1 wood from the supply onto the card, while boar converted allow it (the card
    counts the wood put on it: ``card_state["K273"]``; K-OCC-7)."""
    state = farm["card_state"]
    return [({"wood": 1}, {})] if state.get("K273", 0) < state.get(_BASIN, 0) else []


def basin_maker_points(state: dict, seat: int) -> int:
    """K273: 1 point per wood on the card except the 1st, 4th, 7th and 10th."""
    wood = state["farms"][seat]["card_state"].get("K273", 0)
    return sum(1 for k in range(1, wood + 1) if k not in (1, 4, 7, 10))


# -- pastures at scoring ---------------------------------------------------------------------------


def organic_farmer(state: dict, seat: int) -> int:
    """K274: 1 point per pasture holding at least 1 animal with room for 3 more, the animals
    arranged as well as the seat can (rearranging is free, digest §5.9)."""

    farm = state["farms"][seat]
    home = housing(farm)
    if isinstance(home, tuple):
        home = home[0]
    animals = dict(farm["animals"])
    caps = list(home.pastures)
    return _organic(tuple(caps), home.flexible, tuple(home.reserved), tuple(animals.items()))


@lru_cache(maxsize=4096)
def _organic(caps: Any, flexible: Any, reserved: Any, animals: Any) -> int:
    have = dict(animals)
    kinds = [a for a, n in have.items() if n]
    idx = [i for i, c in enumerate(caps) if c >= 4]
    for k in range(min(len(idx), sum(have.values())), 0, -1):
        for chosen in combinations(idx, k):
            rest = tuple(c for i, c in enumerate(caps) if i not in chosen)
            for types in product(kinds, repeat=k):
                need = dict(have)
                spare: dict[str, int] = dict(reserved)
                for i, a in zip(chosen, types):
                    need[a] -= 1
                    spare[a] = spare.get(a, 0) + caps[i] - 4
                if min(need.values()) < 0:
                    continue
                if can_house(Housing(rest, flexible, tuple(spare.items())), need):
                    return k
    return 0


# -- other players' slaughter; windows a placement opens; the Resource Seller -------------


def slaughterman(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """K299: 1 food whenever another player turns animals into food (one per conversion)."""
    if event is not None and event.seat not in (None, seat) and _converted(event):
        b.emit("CardGoods", {"card": card_id, "goods": {"food": 1}}, seat)


def _open_key(card_id: str) -> str:
    return f"{card_id}/open"


def _is_open(card_id: str) -> Any:
    return lambda farm: bool(farm["card_state"].get(_open_key(card_id)))


def _set_open(b: Builder, seat: int, card_id: str, value: bool) -> None:
    if bool(b.state["farms"][seat]["card_state"].get(_open_key(card_id))) != value:
        b.emit("CardStateSet", {"card": card_id, "key": _open_key(card_id), "value": value}, seat)


def animal_breeder(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """K307: fencing a new pasture with at least one empty space (no stable; seed 000 L800)
    opens the purchase of one pair, once a round, until the seat places its next person or the
    round's work phase ends (K-OCC-11)."""
    if event is None:
        return
    farm = b.state["farms"][seat]
    if (
        event.type == "PersonPlaced"
        and event.seat == seat
        and engine.effect(card_id, farm).get("offer_step")
    ):
        base = {"card": card_id, "key": f"{card_id}/base", "value": _open_fenced(farm)}
        if farm["card_state"].get(base["key"]) != base["value"]:
            b.emit("CardStateSet", base, seat)
    if (
        event.type == "PastureFenced"
        and event.seat == seat
        and not event.data.get("subdivides")
        and event.data.get("card") not in FENCED_AROUND_STABLE
        and any(s not in farm["stables"] for s in event.data.get("region", []))
        and farm["card_state"].get(f"{card_id}/used") != b.state["round"]
    ):
        _set_open(b, seat, card_id, True)
    elif (
        event.seat == seat
        and event.type == "CardConverted"
        and event.data.get("card") == card_id
        and farm["card_state"].get(f"{card_id}/used") != b.state["round"]
    ):
        animal_breeder_close(b, seat, card_id)
    elif (
        event.type == "PeopleReturned"
        or (event.type == "PersonPlaced" and event.seat == seat)
        or (
            event.type == "TurnPassed"
            and event.seat == seat
            and engine.effect(card_id, farm).get("offer_step")
        )
    ):
        _set_open(b, seat, card_id, False)


def _open_fenced(farm: Farm) -> int:
    """Fenced spaces without a stable (K307 card set 8: a new pasture with an empty space)."""
    return sum(1 for p in farm["pastures"] for s in p if s not in farm["stables"])


def animal_breeder_step(state: dict, seat: int) -> bool:
    """``extra_steps`` (card set 8, issue 38): a pasture fenced on unused spaces in the action in
    progress keeps the action open while the pair can be bought (read from the farm, since
    the fencing move settles before the card's offer opens)."""
    if state["phase"] != "work" or state["pending"][seat] is None:
        return False
    farm = state["farms"][seat]
    for card_id in farm.get("cards", []):
        eff = engine.effect(card_id, farm)
        base = farm["card_state"].get(f"{card_id}/base")
        if (
            eff.get("offer_step")
            and eff.get("converts")
            and base is not None
            and farm["card_state"].get(f"{card_id}/used") != state["round"]
            and _open_fenced(farm) > base
            and any(farm["supply"]["food"] >= pay["food"] for pay, _ in eff["converts"])
        ):
            return True
    return False


def animal_breeder_close(b: Builder, seat: int, card_id: str) -> None:
    """The pair is bought: the offer closes and the card is used for the round (card set 8
    calls it from the purchase itself, ``offer_step``, before the fencing action settles)."""
    _set_open(b, seat, card_id, False)
    used = {"card": card_id, "key": f"{card_id}/used", "value": b.state["round"]}
    b.emit("CardStateSet", used, seat)


#: Cards whose pastures the Animal Breeder ignores (the Fence Overseer K312, seed 000 L800).
FENCED_AROUND_STABLE = ("K312",)
animal_breeder_open = _is_open("K307")


#: K310 Resource Seller: its markers from the top of the pile (S1 lists them bottom to top).
RESOURCE_PILE = ("wood", "clay", "reed", "clay", "stone", "clay", "stone")
_RECEIVING = ("GoodsTaken", "GoodsReceived", "CardGoods")


def _resource_markers(b: Builder, seat: int, received: set, card_id: str) -> None:
    taken = b.state["farms"][seat]["card_state"].get(card_id, 0)
    goods: dict[str, int] = {}
    while taken < len(RESOURCE_PILE) and RESOURCE_PILE[taken] in received:
        received.discard(RESOURCE_PILE[taken])
        goods[RESOURCE_PILE[taken]] = goods.get(RESOURCE_PILE[taken], 0) + 1
        taken += 1
    if goods:
        b.emit("CardStateSet", {"card": card_id, "value": taken}, seat)
        b.emit("CardGoods", {"card": card_id, "goods": goods}, seat)


def resource_seller(b: Builder, seat: int, event: Any, card_id: str) -> None:
    """K310: whenever the seat receives a building resource of the type on top of the pile, it
    takes that marker too; several types received at once take several markers, each type once
    (seed 000 L964)."""
    if event.type in _RECEIVING and event.data.get("card") != card_id:
        goods = event.data.get("goods", {})
    elif event.type == "CardConverted":
        goods = event.data.get("gain", {})
    else:
        return
    if event.data.get("onto") or (event.type == "GoodsTaken" and event.data.get("card")):
        return  # goods left on a space, or moved by a card (Wood Distributor K284)
    received = {g for g, n in goods.items() if n > 0 and g in ("wood", "clay", "reed", "stone")}
    if received:
        _resource_markers(b, seat, received, card_id)


def resource_seller_round(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    """K310 at a round's start: the building resources on this round's space (seed 000 L964)."""
    goods = b.state["farms"][seat].get("schedule", {}).get(str(round_no), {})
    received = {g for g, n in goods.items() if n > 0 and g in ("wood", "clay", "reed", "stone")}
    if received:
        _resource_markers(b, seat, received, card_id)


#: K342 Animal Trainer: the price of each animal bought with the Traveling Players' food.
TRAINER_PRICES = {"sheep": 2, "boar": 2, "cattle": 3}


def animal_trainer(b: Builder, seat: int, space_id: str, card_id: str, gained: dict) -> Any:
    """K342: the food taken from a Traveling Players space (only that food, not a card's extra,
    seed 000 L796) may buy animals at once; the options are the purchases that fit the farm
    (K-OCC-14)."""

    if space_id not in TRAVELING_PLAYERS:
        return None
    taken = next(
        (
            e.data.get("goods", {}).get("food", 0)
            for e in reversed(b.events)
            if e.type == "GoodsTaken" and e.seat == seat and e.data.get("space") == space_id
        ),
        0,
    )
    farm = b.state["farms"][seat]
    money = min(taken, farm["supply"]["food"])
    options: list[dict] = [{}]
    for s, w, c in product(range(money // 2 + 1), range(money // 2 + 1), range(money // 3 + 1)):
        price = 2 * s + 2 * w + 3 * c
        if not (s or w or c) or price > money:
            continue
        total = total_animals(farm)
        total.update(sheep=total["sheep"] + s, boar=total["boar"] + w, cattle=total["cattle"] + c)
        _, unhoused = split_animals(farm, total)
        if any(unhoused.values()):
            continue
        bought = {a: n for a, n in (("sheep", s), ("boar", w), ("cattle", c)) if n}
        options.append({**bought, "food": -price})
    return {"card": card_id, "options": options} if len(options) > 1 else None


TRAVELING_PLAYERS = ("traveling_players", "room_or_traveling_players")
