"""K-deck minor improvements that change where animals live (catalogue K120 House Goat, K145
Forest Pasture; seed 000 L630, L648): the housing window of the extension
(``Extension.housing``), after the E deck's changes (``hooks.housing``).

An entry's ``home`` effect:

* ``{"pet": 0}``: no animal may live in the house (the House Goat lives there): the house's one
  place for any animal (digest §5.9) is gone;
* ``{"reserved": (animal, n)}``: ``n`` more places for ``animal`` only (the Forest Pasture holds
  any number of wild boar: :data:`UNLIMITED`).
"""

from __future__ import annotations

from domain.common.housing import Housing

from ..statetypes import Farm
from . import engine

#: "Any number": more than the general supply holds of any animal.
UNLIMITED = 99


def housing(farm: Farm, home: Housing) -> Housing:
    flexible, reserved = home.flexible, dict(home.reserved)
    changed = False
    for card_id in farm.get("cards", []):
        change = engine.effect(card_id, farm).get("home")
        if not change:
            continue
        changed = True
        if change.get("pet") == 0:
            flexible = max(0, flexible - 1)
        if change.get("reserved"):
            animal, n = change["reserved"]
            reserved[animal] = reserved.get(animal, 0) + n
    if not changed:
        return home
    return Housing(home.pastures, flexible, tuple(reserved.items()))
