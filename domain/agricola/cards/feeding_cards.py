"""Cards usable in the feeding phase make it a choice (issue 38; digest §6.2; decisions
IM-24, I-32, KM-10, K-OCC-27 and agricola-cards.md in ``docs/rules/cards-*.md``).

From card set 8 a seat holding a card it could use in this feeding phase is asked, even with
food enough ("feed as is" is listed first): food pays for occupations and card costs in the
full game, so turning grain into food is a choice, not a loss. A card is usable when

* it trades goods for food in the feeding phase (``harvest`` with ``converts``: I75 Hand Mill,
  I98 Schnaps Distillery, I256 Stone Carver, K110 Brewery, K300 Schnaps Distiller, E154 Master
  Brewer, …) and the seat holds what one of its trades takes; or
* its entry names a test of its own (``feeding_use(farm) -> bool``: K109 Spit Roast, an
  animal the seat could cook).

Seats with none of these are fed as feeding begins, as before (card sets 7 and older: only a
seat short of food, or with a workshop, was asked).
"""

from __future__ import annotations

from ..improvements import convertible_goods
from ..statetypes import Farm
from ..tables import ANIMALS
from . import engine
from .card_moves import trade_options


def asks(farm: Farm) -> bool:
    """``feeding_choices``: the seat holds a feeding-phase card it could use now."""
    for card_id in farm.get("cards", []):
        eff = engine.effect(card_id, farm)
        if eff.get("harvest") and trade_options(farm, eff):
            return True
        use = eff.get("feeding_use")
        if use is not None and use(farm):
            return True
    return False


def cooks_animal(farm: Farm) -> bool:
    """K109 Spit Roast: an animal the seat could turn into food in the feeding phase."""
    return any(g in ANIMALS for g in convertible_goods(farm, "harvest_feeding"))
