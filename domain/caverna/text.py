"""Sentences for Caverna's events and moves, and the digest section each event applied."""

from __future__ import annotations

from .furnishings import tile_name
from .spaces import space_name
from .tables import LOOT
from .words import goods_text, label, spaces_text

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


def _with(d: dict) -> str:
    got = d.get("gain")
    return f", receiving {goods_text(got)}" if got else ""


def describe(event, names: list[str]) -> str:
    """One sentence for ``event``."""
    d, seat = event.data, event.seat
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "The game"
    kind = event.type
    if kind == "GameSetUp":
        return (
            f"A game of Caverna for {', '.join(d['players'])} is set up; "
            f"{d['players'][d['start_player']]} is the starting player."
        )
    if kind == "RoundStarted":
        card = f"; the new action is {space_name(d['card'])}" if d.get("card") else ""
        harvest = {
            "none": "no harvest",
            "normal": "a normal harvest",
            "one_food": "a feeding of 1 food per dwarf",
            "choice": "a harvest where each player skips the field or the breeding phase",
        }[d["harvest"]]
        return f"Round {d['round']} begins{card}; it ends with {harvest}."
    if kind == "DwarfPlaced":
        target = f" to imitate {space_name(d['target'])}" if d.get("target") else ""
        ruby = " paying a ruby to break the dwarf order" if d.get("pay", {}).get("ruby") else ""
        return f"{who} places a dwarf on {space_name(d['space'])}{target}{ruby}."
    if kind == "TilePlaced":
        return (
            f"{who} places {_TILES.get(d['tile'], d['tile'])} on "
            f"{spaces_text(d['spaces'])}{_with(d)}."
        )
    if kind == "FurnishingBuilt":
        return f"{who} furnishes {label(d['space'])} with the {tile_name(d['tile'])}{_with(d)}."
    if kind == "LootTaken":
        what = _LOOT.get(d["item"]) or goods_text(LOOT[d["item"]][1] or {})
        return f"{who} takes {what} as loot."
    if kind == "ExpeditionEnded":
        return (
            f"{who}'s expedition ends; weapons now "
            + ", ".join(str(w) for w in d["weapons"].values())
            + "."
        )
    if kind == "FieldSown":
        return f"{who} sows {d['crop']} on {label(d['space'])} ({d['count']} on the field)."
    if kind == "DwarfBorn":
        return f"A dwarf is born to {who}'s family."
    if kind == "FamilyFed":
        return f"{who} feeds the family ({d['need']} food needed), paying {goods_text(d['pay'])}."
    if kind == "Begged":
        return f"{who} takes {d['markers']} begging marker(s)."
    if kind == "GameEnded":
        best = " and ".join(names[s] for s in d["winners"])
        verb = "wins" if len(d["winners"]) == 1 else "share the win"
        return f"The game ends; {best} {verb} with {max(d['scores'])} points."
    return _simple(kind, who, d)


def _simple(kind: str, who: str, d: dict) -> str:
    line = _SIMPLE.get(kind)
    return line(who, d) if line else f"{kind}."


_FOR = {
    "furnish": lambda d: f" for the {tile_name(d['tile'])}",
    "stable": lambda d: " for a stable",
    "pasture": lambda d: " for fences",
    "forge": lambda d: " to forge a weapon",
}


def _extra(d: dict) -> str:
    more = {g: n - d["born"].get(g, 0) for g, n in d["gain"].items() if n - d["born"].get(g, 0)}
    return f", receiving {goods_text(more)}" if more else ""


_ASKED = {
    "feed": "feed the family",
    "breed": "choose which newborn animals to keep",
    "harvest_choice": "choose whether to skip the field or the breeding phase",
    "solo_clear": "choose which full action spaces to keep for a ruby",
    "final": "use their tiles' trades before scoring",
    "action": "carry out the action",
}
_REASON = {
    "delivery": " from a supplier tile",
    "miner": " from the Miner",
    "loot": " as loot",
    "space": " from the action space",
    "tiles": " from their tiles",
}


def _asked(who: str, d: dict) -> str:
    pending = d.get("pending")
    if not pending:
        return f"{who} has nothing more to decide for now."
    return f"{who} is asked to {_ASKED.get(pending['kind'], 'decide')}."


def _weapons(who: str, d: dict) -> str:
    new = ", ".join(str(w) for w in d.get("weapons", {}).values())
    if d.get("reason") == "peaceful_cave":
        return f"{who} gives up a weapon at the Peaceful cave{_with(d)}."
    return f"{who} forges a weapon of strength {new}."


_SIMPLE = {
    "SpacesReplenished": lambda who, d: "New goods are put on the accumulating spaces.",
    "SpaceCleared": lambda who, d: (
        f"The goods on {space_name(d['space'])} go back to the "
        "general supply (solo: 6 or more goods)."
    ),
    "GoodsTaken": lambda who, d: (
        f"{who} takes {goods_text(d['gain'])} from {space_name(d['from_space'])}."
    ),
    "GoodsGained": lambda who, d: (
        f"{who} receives {goods_text(d['gain'])}{_REASON.get(d.get('reason'), '')}."
    ),
    "GoodsPaid": lambda who, d: (
        f"{who} pays {goods_text(d['pay'])}{_FOR.get(d.get('reason'), lambda d: '')(d)}."
    ),
    "StableBuilt": lambda who, d: f"{who} builds a stable on {label(d['space'])}.",
    "WeaponsChanged": _weapons,
    "CropsHarvested": lambda who, d: (
        f"{who} harvests 1 crop from each of {len(d['spaces'])} sown field(s)."
    ),
    "HomeReturned": lambda who, d: "The dwarfs return home to their dwellings.",
    "AnimalsBorn": lambda who, d: (
        f"{who}'s animals breed: {goods_text(d['born'])} born" + _extra(d) + "."
    ),
    "Converted": lambda who, d: f"{who} turns {goods_text(d['pay'])} into {goods_text(d['gain'])}.",
    "RubySpent": lambda who, d: (
        f"{who} spends {goods_text(d['pay'])} on "
        + (f"a single {d['buy']} tile" if "gain" not in d else goods_text(d["gain"]))
        + "."
    ),
    "TileUsed": lambda who, d: (
        f"{who} uses the {tile_name(d['tile'])}: "
        f"{goods_text(d['pay'])} for {goods_text(d['gain'])}."
    ),
    "AnimalReleased": lambda who, d: f"{who} lets {goods_text(d['pay'])} go.",
    "OreTraded": lambda who, d: f"{who} trades 2 ore for 2 gold and 1 food.",
    "MarketBought": lambda who, d: (
        f"{who} buys {goods_text(d['gain'])} at the Weekly market for {goods_text(d['pay'])}."
    ),
    "GoodsKept": lambda who, d: f"{who} pays a ruby to keep the goods on {space_name(d['space'])}.",
    "HarvestSkipChosen": lambda who, d: f"{who} skips the {d['skip']} phase of this harvest.",
    "DeliveriesScheduled": lambda who, d: (
        f"{who} will receive 1 {d['good']} at the start of "
        f"rounds {', '.join(d['rounds']) or 'none left'}."
    ),
    "ExtensionBothUsed": lambda who, d: f"{who} uses the Guest room on Extension (once per game).",
    "Asked": _asked,
    "DwarfsRested": lambda who, d: (
        f"{who}'s {len(d['dwarfs'])} remaining dwarf(s) stay home: "
        "no action space has anything they could do."
    ),
    "PhaseChanged": lambda who, d: f"The game moves to the {d['phase'].replace('_', ' ')} phase.",
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
    section = RULES.get(event.type)
    return f"caverna {section}" if section else None
