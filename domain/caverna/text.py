"""Sentences for Caverna's events and moves, and the digest section each event applied."""
from __future__ import annotations

from .furnishings import tile_name
from .spaces import space_name
from .tables import LOOT
from .words import goods_text, label, spaces_text

_TILES = {"meadow_field": "a meadow/field tile", "cavern_tunnel": "a cavern/tunnel tile",
          "cavern_cavern": "a cavern/cavern tile", "ore_mine": "an ore mine with its deep "
          "tunnel", "ruby_mine": "a ruby mine", "pasture": "fences for a pasture",
          "single_meadow": "a single meadow", "single_field": "a single field",
          "single_tunnel": "a single tunnel", "single_cavern": "a single cavern"}

_LOOT = {"weapons": "+1 to all weapons", "furnish": "furnishing a cavern", "stable": "a free "
         "stable", "tunnel": "a single tunnel", "small_pasture": "a small pasture for 1 wood",
         "large_pasture": "a large pasture for 2 wood", "meadow": "a single meadow",
         "dwelling": "a Dwelling for 2 wood and 2 stone", "field": "a single field",
         "sow": "sowing", "cavern": "a single cavern", "breed": "breeding up to 2 types"}


def _with(d: dict) -> str:
    got = d.get("gain")
    return f", receiving {goods_text(got)}" if got else ""


def describe(event, names: list[str]) -> str:
    """One sentence for ``event``."""
    d, seat = event.data, event.seat
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "The game"
    kind = event.type
    if kind == "GameSetUp":
        return f"A game of Caverna for {', '.join(d['players'])} is set up; " \
               f"{d['players'][d['start_player']]} is the starting player."
    if kind == "RoundStarted":
        card = f"; the new action is {space_name(d['card'])}" if d.get("card") else ""
        harvest = {"none": "no harvest", "normal": "a normal harvest", "one_food":
                   "a feeding of 1 food per dwarf", "choice": "a harvest where each player "
                   "skips the field or the breeding phase"}[d["harvest"]]
        return f"Round {d['round']} begins{card}; it ends with {harvest}."
    if kind == "DwarfPlaced":
        target = f" to imitate {space_name(d['target'])}" if d.get("target") else ""
        ruby = " paying a ruby to break the dwarf order" if d.get("pay", {}).get("ruby") else ""
        return f"{who} places a dwarf on {space_name(d['space'])}{target}{ruby}."
    if kind == "TilePlaced":
        return f"{who} places {_TILES.get(d['tile'], d['tile'])} on " \
               f"{spaces_text(d['spaces'])}{_with(d)}."
    if kind == "FurnishingBuilt":
        return f"{who} furnishes {label(d['space'])} with the {tile_name(d['tile'])}{_with(d)}."
    if kind == "LootTaken":
        what = _LOOT.get(d["item"]) or goods_text(LOOT[d["item"]][1])
        return f"{who} takes {what} as loot."
    if kind == "ExpeditionEnded":
        return f"{who}'s expedition ends; weapons now " + \
               ", ".join(str(w) for w in d["weapons"].values()) + "."
    if kind == "FieldSown":
        return f"{who} sows {d['crop']} on {label(d['space'])} ({d['count']} on the field)."
    if kind == "DwarfBorn":
        return f"A dwarf is born to {who}'s family."
    if kind == "FamilyFed":
        return f"{who} feeds the family ({d['need']} food needed), paying " \
               f"{goods_text(d['pay'])}."
    if kind == "Begged":
        return f"{who} takes {d['markers']} begging marker(s)."
    if kind == "GameEnded":
        best = " and ".join(names[s] for s in d["winners"])
        return f"The game ends; {best} win(s) with {max(d['scores'])} points."
    return _simple(kind, who, d)


def _simple(kind: str, who: str, d: dict) -> str:
    simple = {
        "SpacesReplenished": "New goods are put on the accumulating spaces.",
        "SpaceCleared": f"The goods on {space_name(d.get('space', ''))} go back to the supply.",
        "GoodsTaken": f"{who} takes {goods_text(d.get('gain', {}))}.",
        "GoodsGained": f"{who} receives {goods_text(d.get('gain', {}))}.",
        "GoodsPaid": f"{who} pays {goods_text(d.get('pay', {}))}.",
        "StableBuilt": f"{who} builds a stable on {label(d.get('space', 0))}.",
        "WeaponsChanged": f"{who}'s weapons change to " +
                          ", ".join(str(w) for w in d.get("weapons", {}).values()) + ".",
        "CropsHarvested": f"{who} harvests {len(d.get('spaces', []))} field(s).",
        "HomeReturned": "The dwarfs return home.",
        "AnimalsBorn": f"{who}'s animals breed: {goods_text(d.get('born', {}))}.",
        "Converted": f"{who} turns {goods_text(d.get('pay', {}))} into "
                     f"{goods_text(d.get('gain', {}))}.",
        "RubySpent": f"{who} spends {goods_text(d.get('pay', {}))} on {d.get('buy')}.",
        "TileUsed": f"{who} uses the {tile_name(d.get('tile', ''))}: "
                    f"{goods_text(d.get('pay', {}))} for {goods_text(d.get('gain', {}))}.",
        "AnimalReleased": f"{who} lets {goods_text(d.get('pay', {}))} go.",
        "OreTraded": f"{who} trades 2 ore for 2 gold and 1 food.",
        "MarketBought": f"{who} buys {d.get('good')} at the Weekly market.",
        "GoodsKept": f"{who} pays a ruby to keep the goods on {space_name(d.get('space', ''))}.",
        "HarvestSkipChosen": f"{who} skips the {d.get('skip')} phase of this harvest.",
        "DeliveriesScheduled": f"{who} will receive 1 {d.get('good')} at the start of rounds "
                               f"{', '.join(d.get('rounds', []))}.",
        "ExtensionBothUsed": f"{who} uses the Guest room on Extension (once per game).",
        "Asked": f"{who} is asked to decide.",
        "PhaseChanged": f"The game moves to the {d.get('phase', '').replace('_', ' ')} phase.",
    }
    return simple.get(kind, f"{kind}.")


#: event type -> digest section.
RULES = {"GameSetUp": "§2", "RoundStarted": "§3.1, §2.7", "SpacesReplenished": "§3.2",
         "SpaceCleared": "§11.1", "GoodsKept": "§11.1", "DwarfPlaced": "§3.3, §7.5",
         "GoodsTaken": "§3.3", "GoodsGained": "§4", "TilePlaced": "§5.2, §5.3, §8.2",
         "FurnishingBuilt": "§6.2, §6.3", "StableBuilt": "§8.3", "FieldSown": "§4.4",
         "DwarfBorn": "§7.1", "WeaponsChanged": "§7.2", "LootTaken": "§7.3",
         "ExpeditionEnded": "§7.3", "OreTraded": "§4.2", "MarketBought": "§4.1",
         "CropsHarvested": "§9.1", "FamilyFed": "§9.1", "Begged": "§9.1",
         "AnimalsBorn": "§8.4", "Converted": "§8.5", "RubySpent": "§7.6",
         "TileUsed": "§6.4", "AnimalReleased": "§3.3", "HomeReturned": "§3.4",
         "HarvestSkipChosen": "§9.2", "GameEnded": "§10", "GoodsPaid": "§6.2, §8.2"}


def rule_of(event) -> str | None:
    section = RULES.get(event.type)
    return f"caverna {section}" if section else None
