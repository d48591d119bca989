"""Cards that change where animals live by a rule of their own (issue 23 item 3; catalogue K286
Smallholder, K306 Animal Tamer): read from the effect keys ``small_pasture`` (a pasture that
holds 2 animals holds this many) and ``home_per_room`` (each room holds this many animals of
any type, instead of the one house pet). A ``housing`` hook of the game's extension, run before
the E-deck's (``hooks.housing``), so that per-pasture bonuses (Drinking Trough) add to the new
capacity and the Stablemaster's stable (E208) is not a pasture (seed 000 L928)."""

from __future__ import annotations

from domain.common.housing import Housing

from ..statetypes import Farm
from . import engine

#: K120 House Goat: "no other animal may live in your home" (seed 000 L804: no Animal Tamer).
HOUSE_GOAT = "K120"


def housing(farm: Farm, home: Housing) -> Housing:
    cards = farm.get("cards", [])
    if not cards:
        return home
    pastures, flexible = list(home.pastures), home.flexible
    for card_id in cards:
        eff = engine.effect(card_id, farm)
        small = eff.get("small_pasture")
        if small:
            pastures = [small if p == 2 else p for p in pastures]
        per_room = eff.get("home_per_room")
        if per_room and HOUSE_GOAT not in cards:
            flexible += per_room * len(farm["rooms"]) - 1
    if (pastures, flexible) == (list(home.pastures), home.flexible):
        return home
    return Housing(tuple(pastures), flexible, home.reserved)
