"""Sentences for Caverna's events and moves, and the digest section each event applied."""

from __future__ import annotations

from domain.common.i18n import gettext, join_list, ngettext, pgettext, rulebook_citation

from .furnishings import tile_name
from .seed_lines import LINES, RULEBOOKS
from .spaces import space_name
from .tables import LOOT
from .words import count_text, goods_text, label, spaces_text

#: a placed tile in a sentence ("places a meadow/field tile on ..."): context "caverna tile placed"
_TILES = {
    "meadow_field": "a meadow/field tile",
    "cavern_tunnel": "a cavern/tunnel tile",
    "cavern_cavern": "a cavern/cavern tile",
    "ore_mine": "an ore mine with its deep tunnel",
    "ruby_mine": "a ruby mine",
    "pasture": "fences for a pasture",
    "single_meadow": "a single meadow",
    "single_field": "a single field",
    "single_tunnel": "a single tunnel",
    "single_cavern": "a single cavern",
}

#: loot in a sentence (the glossary's "caverna loot")
_LOOT = {
    "weapons": "+1 to all weapons",
    "furnish": "furnishing a cavern",
    "stable": "a free stable",
    "tunnel": "a single tunnel",
    "small_pasture": "a small pasture for 1 wood",
    "large_pasture": "a large pasture for 2 wood",
    "meadow": "a single meadow",
    "dwelling": "a Dwelling for 2 wood and 2 stone",
    "field": "a single field",
    "sow": "sowing",
    "cavern": "a single cavern",
    "breed": "breeding up to 2 types",
}

#: the harvest a round ends with (the glossary's "caverna harvests")
_HARVESTS = {
    "none": "no harvest",
    "normal": "a normal harvest",
    "one_food": "a feeding of 1 food per dwarf",
    "choice": "a harvest where each player skips the field or the breeding phase",
}


def _with(d: dict) -> str:
    got = d.get("gain")
    return gettext(", receiving {goods}").format(goods=goods_text(got)) if got else ""


def _phase(phase: str) -> str:
    """A phase named in a sentence ("harvest feeding"), context "caverna phase" (the
    glossary's phases)."""
    return pgettext("caverna phase", phase.replace("_", " "))


def describe(event, names: list[str]) -> str:
    """One sentence for ``event``, in the reader's language (``domain.common.i18n``)."""
    d, seat = event.data, event.seat
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else gettext("The game")
    kind = event.type
    if kind == "GameSetUp":
        return gettext(
            "A game of Caverna for {players} is set up; {start} is the starting player."
        ).format(players=", ".join(d["players"]), start=d["players"][d["start_player"]])
    if kind == "RoundStarted":
        harvest = pgettext("caverna harvests", _HARVESTS[d["harvest"]])
        if d.get("card"):
            return gettext(
                "Round {round} begins; the new action is {space}; it ends with {harvest}."
            ).format(round=d["round"], space=space_name(d["card"]), harvest=harvest)
        return gettext("Round {round} begins; it ends with {harvest}.").format(
            round=d["round"], harvest=harvest
        )
    if kind == "DwarfPlaced":
        return _dwarf_placed(who, d)
    if kind == "TilePlaced":
        tile = d["tile"]
        return gettext("{who} places {tile} on {spaces}{gain}.").format(
            who=who,
            tile=pgettext("caverna tile placed", _TILES[tile]) if tile in _TILES else tile,
            spaces=spaces_text(d["spaces"]),
            gain=_with(d),
        )
    if kind == "FurnishingBuilt":
        return gettext("{who} furnishes {space} with the {tile}{gain}.").format(
            who=who, space=label(d["space"]), tile=tile_name(d["tile"]), gain=_with(d)
        )
    if kind == "LootTaken":
        item = d["item"]
        what = (
            pgettext("caverna loot", _LOOT[item])
            if item in _LOOT
            else goods_text(LOOT[item][1] or {})
        )
        return gettext("{who} takes {what} as loot.").format(who=who, what=what)
    if kind == "ExpeditionEnded":
        return gettext("{who}'s expedition ends; weapons now {weapons}.").format(
            who=who, weapons=", ".join(str(w) for w in d["weapons"].values())
        )
    if kind == "FieldSown":
        return gettext("{who} sows {crop} on {space} ({count} on the field).").format(
            who=who,
            crop=pgettext("caverna goods", d["crop"]),
            space=label(d["space"]),
            count=count_text(d["count"], d["crop"]),
        )
    if kind == "DwarfBorn":
        return gettext("A dwarf is born to {who}'s family.").format(who=who)
    if kind == "FamilyFed":
        return gettext("{who} feeds the family ({need} needed), paying {goods}.").format(
            who=who, need=count_text(d["need"], "food"), goods=goods_text(d["pay"])
        )
    if kind == "Begged":
        n = d["markers"]
        return ngettext(
            "{who} takes {n} begging marker.", "{who} takes {n} begging markers.", n
        ).format(who=who, n=n)
    if kind == "GameEnded":
        return _game_ended(d, names)
    return _simple(kind, who, d)


def _dwarf_placed(who: str, d: dict) -> str:
    target = (
        gettext(" to imitate {space}").format(space=space_name(d["target"]))
        if d.get("target")
        else ""
    )
    ruby = (
        gettext(" paying a ruby to break the dwarf order") if d.get("pay", {}).get("ruby") else ""
    )
    return gettext("{who} places a dwarf on {space}{target}{ruby}.").format(
        who=who, space=space_name(d["space"]), target=target, ruby=ruby
    )


def _game_ended(d: dict, names: list[str]) -> str:
    best = join_list([names[s] for s in d["winners"]])
    top = max(d["scores"])
    if len(d["winners"]) == 1:
        return ngettext(
            "The game ends; {best} wins with {n} point.",
            "The game ends; {best} wins with {n} points.",
            top,
        ).format(best=best, n=top)
    return ngettext(
        "The game ends; {best} share the win with {n} point.",
        "The game ends; {best} share the win with {n} points.",
        top,
    ).format(best=best, n=top)


def _simple(kind: str, who: str, d: dict) -> str:
    line = _SIMPLE.get(kind)
    return line(who, d) if line else f"{kind}."


def _paid_for(d: dict) -> str:
    reason = d.get("reason")
    if reason == "furnish":
        return gettext(" for the {tile}").format(tile=tile_name(d["tile"]))
    if reason == "stable":
        return gettext(" for a stable")
    if reason == "pasture":
        return gettext(" for fences")
    if reason == "forge":
        return gettext(" to forge a weapon")
    return ""


def _extra(d: dict) -> str:
    more = {g: n - d["born"].get(g, 0) for g, n in d["gain"].items() if n - d["born"].get(g, 0)}
    return gettext(", receiving {goods}").format(goods=goods_text(more)) if more else ""


#: what a player is asked to do (``Asked``)
_ASKED = {
    "feed": "{who} is asked to feed the family.",
    "breed": "{who} is asked to choose which newborn animals to keep.",
    "harvest_choice": "{who} is asked to choose whether to skip the field or the breeding phase.",
    "solo_clear": "{who} is asked to choose which full action spaces to keep for a ruby.",
    "final": "{who} is asked to use their tiles' trades before scoring.",
    "action": "{who} is asked to carry out the action.",
    "other": "{who} is asked to decide.",
}
#: where received goods come from (``GoodsGained``)
_RECEIVED = {
    "delivery": "{who} receives {goods} from a supplier tile.",
    "miner": "{who} receives {goods} from the Miner.",
    "loot": "{who} receives {goods} as loot.",
    "space": "{who} receives {goods} from the action space.",
    "tiles": "{who} receives {goods} from their tiles.",
    "other": "{who} receives {goods}.",
}


def _asked(who: str, d: dict) -> str:
    pending = d.get("pending")
    if not pending:
        return gettext("{who} has nothing more to decide for now.").format(who=who)
    line = _ASKED.get(pending["kind"], _ASKED["other"])
    return gettext(line).format(who=who)


def _weapons(who: str, d: dict) -> str:
    new = ", ".join(str(w) for w in d.get("weapons", {}).values())
    if d.get("reason") == "peaceful_cave":
        return gettext("{who} gives up a weapon at the Peaceful cave{gain}.").format(
            who=who, gain=_with(d)
        )
    return gettext("{who} forges a weapon of strength {strength}.").format(who=who, strength=new)


def _received(who: str, d: dict) -> str:
    line = _RECEIVED.get(str(d.get("reason")), _RECEIVED["other"])
    return gettext(line).format(who=who, goods=goods_text(d["gain"]))


def _ruby_spent(who: str, d: dict) -> str:
    if "gain" not in d:
        return gettext("{who} spends {goods} on a single {tile} tile.").format(
            who=who, goods=goods_text(d["pay"]), tile=pgettext("caverna tiles", d["buy"])
        )
    return gettext("{who} spends {goods} on {gain}.").format(
        who=who, goods=goods_text(d["pay"]), gain=goods_text(d["gain"])
    )


def _deliveries(who: str, d: dict) -> str:
    return gettext("{who} will receive {good} at the start of rounds {rounds}.").format(
        who=who,
        good=count_text(1, d["good"]),
        rounds=", ".join(d["rounds"]) or gettext("none left"),
    )


def _rested(who: str, d: dict) -> str:
    n = len(d["dwarfs"])
    return ngettext(
        "{who}'s {n} remaining dwarf stays home: no action space has anything it could do.",
        "{who}'s {n} remaining dwarfs stay home: no action space has anything they could do.",
        n,
    ).format(who=who, n=n)


def _harvested(who: str, d: dict) -> str:
    n = len(d["spaces"])
    return ngettext(
        "{who} harvests 1 crop from each of {n} sown field.",
        "{who} harvests 1 crop from each of {n} sown fields.",
        n,
    ).format(who=who, n=n)


_SIMPLE = {
    "SpacesReplenished": lambda who, d: gettext("New goods are put on the accumulating spaces."),
    "SpaceCleared": lambda who, d: gettext(
        "The goods on {space} go back to the general supply (solo: 6 or more goods)."
    ).format(space=space_name(d["space"])),
    "GoodsTaken": lambda who, d: gettext("{who} takes {goods} from {space}.").format(
        who=who, goods=goods_text(d["gain"]), space=space_name(d["from_space"])
    ),
    "GoodsGained": _received,
    "GoodsPaid": lambda who, d: gettext("{who} pays {goods}{reason}.").format(
        who=who, goods=goods_text(d["pay"]), reason=_paid_for(d)
    ),
    "StableBuilt": lambda who, d: gettext("{who} builds a stable on {space}.").format(
        who=who, space=label(d["space"])
    ),
    "WeaponsChanged": _weapons,
    "CropsHarvested": _harvested,
    "HomeReturned": lambda who, d: gettext("The dwarfs return home to their dwellings."),
    "AnimalsBorn": lambda who, d: gettext("{who}'s animals breed: {born} born{extra}.").format(
        who=who, born=goods_text(d["born"]), extra=_extra(d)
    ),
    "Converted": lambda who, d: gettext("{who} turns {pay} into {gain}.").format(
        who=who, pay=goods_text(d["pay"]), gain=goods_text(d["gain"])
    ),
    "RubySpent": _ruby_spent,
    "TileUsed": lambda who, d: gettext("{who} uses the {tile}: {pay} for {gain}.").format(
        who=who, tile=tile_name(d["tile"]), pay=goods_text(d["pay"]), gain=goods_text(d["gain"])
    ),
    "AnimalReleased": lambda who, d: gettext("{who} lets {goods} go.").format(
        who=who, goods=goods_text(d["pay"])
    ),
    "OreTraded": lambda who, d: gettext("{who} trades 2 ore for 2 gold and 1 food.").format(
        who=who
    ),
    "MarketBought": lambda who, d: gettext(
        "{who} buys {gain} at the Weekly market for {pay}."
    ).format(who=who, gain=goods_text(d["gain"]), pay=goods_text(d["pay"])),
    "GoodsKept": lambda who, d: gettext("{who} pays a ruby to keep the goods on {space}.").format(
        who=who, space=space_name(d["space"])
    ),
    "HarvestSkipChosen": lambda who, d: gettext(
        "{who} skips the {phase} phase of this harvest."
    ).format(who=who, phase=_phase(d["skip"])),
    "DeliveriesScheduled": _deliveries,
    "ExtensionBothUsed": lambda who, d: gettext(
        "{who} uses the Guest room on Extension (once per game)."
    ).format(who=who),
    "Asked": _asked,
    "DwarfsRested": _rested,
    "PhaseChanged": lambda who, d: gettext("The game moves to the {phase} phase.").format(
        phase=_phase(d["phase"])
    ),
}


#: event type -> digest section.
RULES = {
    "GameSetUp": "§2",
    "RoundStarted": "§3.1, §2.7",
    "SpacesReplenished": "§3.2",
    "SpaceCleared": "§11.1",
    "GoodsKept": "§11.1",
    "DwarfPlaced": "§3.3, §7.5",
    "GoodsTaken": "§3.3",
    "GoodsGained": "§4",
    "TilePlaced": "§5.2, §5.3, §8.2",
    "FurnishingBuilt": "§6.2, §6.3",
    "StableBuilt": "§8.3",
    "FieldSown": "§4.4",
    "DwarfBorn": "§7.1",
    "WeaponsChanged": "§7.2",
    "LootTaken": "§7.3",
    "ExpeditionEnded": "§7.3",
    "OreTraded": "§4.2",
    "MarketBought": "§4.1",
    "CropsHarvested": "§9.1",
    "FamilyFed": "§9.1",
    "Begged": "§9.1",
    "AnimalsBorn": "§8.4",
    "Converted": "§8.5",
    "RubySpent": "§7.6",
    "TileUsed": "§6.4",
    "AnimalReleased": "§3.3",
    "HomeReturned": "§3.4",
    "HarvestSkipChosen": "§9.2",
    "GameEnded": "§10",
    "GoodsPaid": "§6.2, §8.2",
    "DeliveriesScheduled": "§6.1; data pack §1.3 (suppliers)",
    "DwarfsRested": "§3.3; decision C-18",
    "ExtensionBothUsed": "§4.1; data pack §1.3 (Guest room)",
}


def rule_of(event) -> str | None:
    """The digest section the event applied, pointed into the reader's rulebook where one
    exists (seed 001 in Russian: ``seed_lines``)."""
    section = RULES.get(event.type)
    return rulebook_citation(f"caverna {section}" if section else None, RULEBOOKS, LINES)
