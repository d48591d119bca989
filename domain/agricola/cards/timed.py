"""I-deck occupations that act at the start of a round or fill round spaces once their
condition holds (issue 23 item 3; catalogue I231 Manservant, I242 Clay Hut Builder, I252 Pig
Breeder, I340 Rancher, I244 Layabout; decisions in docs/rules/cards-i-occupations.md).

Each function here is a ``round_start`` effect: ``fn(b, seat, round_no, card_id)``, run for
the card's owner at the start of every round before the seat collects what cards put on the
round's space (``hooks.round_start``), so goods scheduled "from now on" for the round that is
starting arrive at once, as the Maid's (E190) do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..farm import split_animals
from ..scoring import farm_counts
from ..state import total_animals
from ..statetypes import Farm
from ..tables import GRID, HARVEST_ROUNDS
from .common import receive_animals

if TYPE_CHECKING:
    from ..builder import Builder


def _schedule_once(b: Builder, seat: int, card_id: str, rounds: Any, goods: dict) -> None:
    b.emit(
        "CardScheduled",
        {"card": card_id, "rounds": {str(r): dict(goods) for r in rounds}, "done": True},
        seat,
    )


def manservant(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    """I231 Manservant: "When you build a stone house, place 3 food on each remaining round
    space": from the first round start at which the seat lives in stone, that round's space
    and every later one (the round the house was built in has already been collected)."""
    farm = b.state["farms"][seat]
    if farm["house"] == "stone" and not farm["card_state"].get(card_id):
        _schedule_once(b, seat, card_id, range(round_no, 15), {"food": 3})


def clay_hut_builder(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    """I242 Clay Hut Builder: "Once you live in a clay hut, place 2 clay on each of the next 5
    round spaces": the 5 round spaces from the first round start in a clay hut on (a seat
    already in a stone house never lives in the clay hut, decision I-05)."""
    farm = b.state["farms"][seat]
    if farm["house"] == "clay" and not farm["card_state"].get(card_id):
        _schedule_once(b, seat, card_id, range(round_no, min(round_no + 5, 15)), {"clay": 2})


def used_spaces(farm: Farm) -> int:
    return len(GRID.spaces()) - farm_counts(farm)["unused_spaces"]


def rancher(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    """I340 Rancher: "Whenever, at the start of a round, you are using more farmyard spaces
    than every other player, you receive 1 wood"."""
    farms = b.state["farms"]
    mine = used_spaces(farms[seat])
    if len(farms) > 1 and all(mine > used_spaces(f) for s, f in enumerate(farms) if s != seat):
        b.emit("CardGoods", {"card": card_id, "goods": {"wood": 1}}, seat)


def pig_breeder(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    """I252 Pig Breeder: "Your wild boar breed at the end of round 12, if there is room for the
    piglet": with 2 or more boar, 1 more boar when the farm can house it, before anything of
    round 13 (decision I-06)."""
    if round_no != 13:
        return
    farm = b.state["farms"][seat]
    if farm["animals"]["boar"] < 2:
        return
    total = total_animals(farm)
    total["boar"] += 1
    _, unhoused = split_animals(farm, total)
    if not any(unhoused.values()):
        receive_animals(b, seat, card_id, {"boar": 1})


LAYABOUT = "I244"


def layabout_played(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """I244 Layabout (``after_any`` with ``round_check``): on play, the next harvest (this
    round's, if this is a harvest round) is the one the owner sits out."""

    if event is not None:
        return
    now = b.state["round"]
    harvest = next((r for r in HARVEST_ROUNDS if r >= now), None)
    if harvest is not None:
        b.emit("CardStateSet", {"card": card_id, "value": harvest}, owner)


def layabout_skips(state: dict, seat: int) -> bool:
    """``harvest_skipped``: "you may not take part in the next harvest" (seed 000 L846: no
    field phase, feeding or breeding, and no card that acts in the harvest)."""
    farm = state["farms"][seat]
    return LAYABOUT in farm.get("cards", ()) and farm["card_state"].get(LAYABOUT) == state["round"]
