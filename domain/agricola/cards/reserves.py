"""Cards that hold animals of given types (issue 23 item 3; catalogue I102 Wildlife Reserve).

``reserve``: ``{type: n}`` places on the card that hold only that type (I102: "This card can
hold up to 1 sheep, 1 wild boar and 1 cattle"), added to the farm's housing as places reserved
for one type (``Housing.reserved``). They are no pasture in scoring; they count in breeding
(seed 000 harvest list step 10, Питомник).
"""

from __future__ import annotations

from domain.common.housing import Housing

from ..statetypes import Farm
from . import engine


def housing(farm: Farm, home: Housing) -> Housing:
    extra: dict[str, int] = {}
    for card_id in farm.get("cards", []):
        for kind, n in engine.effect(card_id, farm).get("reserve", {}).items():
            extra[kind] = extra.get(kind, 0) + n
    if not extra:
        return home
    reserved = dict(home.reserved)
    for kind, n in extra.items():
        reserved[kind] = reserved.get(kind, 0) + n
    return Housing(home.pastures, home.flexible, tuple(reserved.items()))
