"""The work phase, part 1, continued: what placing a person on each kind of action space does
(digest §3.2 phase 3, §4): the ``apply_*`` half of ``placement.py``, whose checks have already
passed. Each emits the placement and its gains through a :class:`~.builder.Builder`; a
multi-part action leaves a pending decision for its steps (``steps.py``).
"""

from __future__ import annotations

from typing import Any

from .action_spaces import LIVESTOCK_OPTIONS
from .builder import Builder
from .extension import of, space_row
from .farm import renovations, split_animals
from .state import total_animals


def _pending(kind: str, space_id: str, **extra: Any) -> dict:
    return {"kind": kind, "space": space_id, "done": [], **extra}


def apply_place(b: Builder, seat: int, move: dict) -> None:
    space_id = move["space"]
    kind = space_row(space_id)["kind"]
    (PLACE_APPLY.get(kind) or of(b.state).place_apply[kind])(b, seat, space_id, move)


def placed(
    b: Builder, seat: int, space_id: str, pending: dict | None = None, option: Any = None
) -> None:
    data = {"space": space_id, "pending": pending}
    if option is not None:
        data["option"] = option
    b.emit("PersonPlaced", data, seat)


def apply_take(b: Builder, seat: int, space_id: str, move: dict) -> None:
    placed(b, seat, space_id)
    b.emit(
        "GoodsTaken", {"space": space_id, "goods": dict(b.state["spaces"][space_id]["goods"])}, seat
    )


def _take_animals(b: Builder, seat: int, space_id: str, animals: Any, from_space: Any) -> None:
    farm = b.state["farms"][seat]
    total = total_animals(farm)
    for a, n in animals.items():
        total[a] += n
    housed, unhoused = split_animals(farm, total)
    b.emit(
        "AnimalsTaken" if from_space else "AnimalsReceived",
        {"space": space_id, "animals": animals, "housed": housed, "unhoused": unhoused},
        seat,
    )


def _apply_animals(b: Builder, seat: int, space_id: str, move: dict) -> None:
    placed(b, seat, space_id, _pending("animals", space_id))
    goods = b.state["spaces"][space_id]["goods"]
    _take_animals(b, seat, space_id, {a: n for a, n in goods.items() if n}, True)


def _apply_receive(b: Builder, seat: int, space_id: str, move: dict) -> None:
    placed(b, seat, space_id)
    b.emit("GoodsReceived", {"space": space_id, "goods": space_row(space_id)["fixed"]}, seat)


def _apply_starting_player(b: Builder, seat: int, space_id: str, move: dict) -> None:
    placed(b, seat, space_id)
    b.emit("StartingPlayerTaken", {"space": space_id}, seat)
    goods = dict(b.state["spaces"][space_id]["goods"])
    if any(goods.values()):
        b.emit("GoodsTaken", {"space": space_id, "goods": goods}, seat)


def _combine(*parts: dict) -> dict:
    out: dict = {}
    for part in parts:
        for g, n in part.items():
            out[g] = out.get(g, 0) + n
    return out


def _apply_day_laborer(b: Builder, seat: int, space_id: str, move: dict) -> None:
    placed(b, seat, space_id)
    goods = _combine(space_row(space_id)["fixed"], {move["resource"]: 1})
    b.emit("GoodsReceived", {"space": space_id, "goods": goods}, seat)


def _apply_building_resource(b: Builder, seat: int, space_id: str, move: dict) -> None:
    placed(b, seat, space_id)
    b.emit("GoodsReceived", {"space": space_id, "goods": {move["resource"]: 1}}, seat)


def _apply_building_resources(b: Builder, seat: int, space_id: str, move: dict) -> None:
    placed(b, seat, space_id)
    goods = _combine({move["resource"]: 1}, {move["resource2"]: 1})
    b.emit("GoodsReceived", {"space": space_id, "goods": goods}, seat)


def _apply_reed_stone_wood(b: Builder, seat: int, space_id: str, move: dict) -> None:
    placed(b, seat, space_id)
    goods = dict(b.state["spaces"][space_id]["goods"])
    if any(goods.values()):
        b.emit("GoodsTaken", {"space": space_id, "goods": goods}, seat)
    b.emit("GoodsReceived", {"space": space_id, "goods": space_row(space_id)["fixed"]}, seat)


def _apply_pending(kind: str) -> Any:
    def apply(b: Builder, seat: int, space_id: str, move: dict) -> None:
        placed(b, seat, space_id, _pending(kind, space_id))

    return apply


def _apply_fences(b: Builder, seat: int, space_id: str, move: dict) -> None:
    placed(b, seat, space_id, _pending("fences", space_id, mandatory=True, region=[], clears=0))


def renovate(b: Builder, seat: int, pay: int = 0) -> None:
    farm = b.state["farms"][seat]
    target, cost = renovations(farm)[pay]
    b.emit("Renovated", {"from": farm["house"], "to": target, "cost": cost}, seat)


def _apply_renovation_major(b: Builder, seat: int, space_id: str, move: dict) -> None:
    placed(b, seat, space_id, _pending("renovation_major", space_id))
    renovate(b, seat, move.get("pay", 0))


def _apply_renovation_fences(b: Builder, seat: int, space_id: str, move: dict) -> None:
    placed(b, seat, space_id, _pending("fences", space_id, mandatory=False, region=[], clears=0))
    renovate(b, seat, move.get("pay", 0))


def _apply_growth(
    b: Builder, seat: int, space_id: str, move: dict, without_room: Any = False
) -> None:
    placed(b, seat, space_id)
    b.emit(
        "FamilyGrew",
        {
            "space": space_id,
            "without_room": without_room,
            "family": b.state["farms"][seat]["family"] + 1,
        },
        seat,
    )


def _apply_urgent_growth(b: Builder, seat: int, space_id: str, move: dict) -> None:
    _apply_growth(b, seat, space_id, move, without_room=True)


def _apply_livestock(b: Builder, seat: int, space_id: str, move: dict) -> None:
    option = LIVESTOCK_OPTIONS[move["option"]]
    placed(b, seat, space_id, _pending("animals", space_id), option=move["option"])
    if option["pay"]:
        b.emit("GoodsPaid", {"space": space_id, "goods": option["pay"]}, seat)
    if option["receive"]:
        b.emit("GoodsReceived", {"space": space_id, "goods": option["receive"]}, seat)
    _take_animals(b, seat, space_id, option["animals"], False)


def _apply_resources_or_growth(b: Builder, seat: int, space_id: str, move: dict) -> None:
    if move["option"] == "growth":
        placed(b, seat, space_id, option="growth")
        b.emit(
            "FamilyGrew",
            {
                "space": space_id,
                "without_room": False,
                "family": b.state["farms"][seat]["family"] + 1,
            },
            seat,
        )
        return
    placed(b, seat, space_id, option="resources")
    goods = _combine({move["resource"]: 1}, {move["resource2"]: 1})
    b.emit("GoodsReceived", {"space": space_id, "goods": goods}, seat)


def _apply_room_or_players(b: Builder, seat: int, space_id: str, move: dict) -> None:
    if move["option"] == "food":
        placed(b, seat, space_id, option="food")
        b.emit(
            "GoodsTaken",
            {"space": space_id, "goods": dict(b.state["spaces"][space_id]["goods"])},
            seat,
        )
        return
    placed(b, seat, space_id, _pending("room", space_id), option="room")


PLACE_APPLY = {
    "take": apply_take,
    "animals": _apply_animals,
    "receive": _apply_receive,
    "starting_player": _apply_starting_player,
    "day_laborer": _apply_day_laborer,
    "building_resource": _apply_building_resource,
    "building_resources": _apply_building_resources,
    "reed_stone_wood": _apply_reed_stone_wood,
    "rooms_stables": _apply_pending("rooms_stables"),
    "stable_bake": _apply_pending("stable_bake"),
    "plough": _apply_pending("plough"),
    "sow_bake": _apply_pending("sow_bake"),
    "plough_sow": _apply_pending("plough_sow"),
    "major": _apply_pending("major"),
    "fences": _apply_fences,
    "renovation_major": _apply_renovation_major,
    "renovation_fences": _apply_renovation_fences,
    "family_growth": _apply_growth,
    "urgent_family_growth": _apply_urgent_growth,
    "livestock": _apply_livestock,
    "resources_or_growth": _apply_resources_or_growth,
    "room_or_traveling_players": _apply_room_or_players,
}
