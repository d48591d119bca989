"""Helpers shared by the event handlers of ``evolve`` and ``evolve_cards``: goods moving
between a farm, the action spaces and the general-supply ledger (digest §1.2)."""

from __future__ import annotations

import json
from typing import Any

from .statetypes import Farm


def _add(target: dict, goods: dict, sign: int = 1) -> None:
    for good, n in goods.items():
        target[good] = target.get(good, 0) + sign * n


def _bank_to_farm(state: dict, seat: int, goods: dict) -> None:
    _add(state["farms"][seat]["supply"], goods)
    _add(state["bank"], goods, -1)


def _farm_to_bank(state: dict, seat: int, goods: dict) -> None:
    _add(state["farms"][seat]["supply"], goods, -1)
    _add(state["bank"], goods)


def _take_from_space(state: dict, space_id: str, goods: dict) -> None:
    """Remove what a player takes from the goods lying on an action space."""
    space_goods = state["spaces"][space_id]["goods"]
    for good, n in goods.items():
        space_goods[good] = space_goods.get(good, 0) - n
        if not space_goods[good]:
            del space_goods[good]


def _copy(value: Any) -> Any:
    """A private copy of event data kept in the state (events must never change afterwards)."""
    return None if value is None else json.loads(json.dumps(value))


def _set_animals(farm: Farm, data: dict) -> None:
    if "housed" in data:
        farm["animals"] = dict(data["housed"])
    if "unhoused" in data:
        farm["unhoused"] = dict(data["unhoused"])


def _note(state: dict, seat: int, part: str) -> None:
    pending = state["pending"][seat]
    if pending is not None:
        pending.setdefault("done", []).append(part)
