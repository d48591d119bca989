"""What a seat may do at any time it is asked (digest §7.6, §8.5; pack §1.3, §1.4): turn goods
and animals into food, spend rubies, use a furnishing tile's trade, give up a weapon at the
Peaceful cave, and let go animals that do not fit.

Moves: ``{"type": "convert", "good": "boar"}`` (also ``"donkey_pair"``, and ``"gold"`` with a
``count`` of food), ``{"type": "ruby", "buy": "wood"}``, ``{"type": "ruby_tile", "tile":
"tunnel", "at": 29}``, ``{"type": "use", "tile": "beer_parlor", "choice": 1}``,
``{"type": "peace", "dwarf": 2}``, ``{"type": "release", "animal": "sheep"}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .statetypes import Home

if TYPE_CHECKING:
    from .builder import Builder

from . import board, building
from .builder import has, seat_params, with_extras
from .errors import CavernaViolation
from .furnishings import TRADES, tile_name
from .state import animals_fit, owns
from .tables import DONKEY_PAIR_FOOD, FARM_ANIMALS, FOOD_VALUE, RUBY_BUYS, RUBY_TILES
from .words import goods_text

#: The most food one gold conversion lists (n food for n + 1 gold, digest §8.5, EX-7).
MAX_GOLD_FOOD = 20


def open_now(state: dict, seat: int) -> bool:
    """Any-time moves are offered whenever the seat is asked, except while choosing newborns
    (no conversions during births, digest §8.4)."""
    pending = state["pending"][seat]
    return not (pending is not None and pending["kind"] == "breed")


def conversions(home: Home) -> list[dict]:
    out: list[dict] = []
    for good in FOOD_VALUE:
        held = home["animals"][good] if good in FARM_ANIMALS else home["supply"][good]
        if held > 0:
            out.append({"type": "convert", "good": good})
    if home["animals"]["donkey"] >= 2:
        out.append({"type": "convert", "good": "donkey_pair"})
    gold = home["supply"]["gold"]
    out += [
        {"type": "convert", "good": "gold", "count": n}
        for n in range(1, min(gold - 1, MAX_GOLD_FOOD) + 1)
    ]
    return out


def ruby_moves(home: Home) -> list[dict]:
    rubies = home["supply"]["ruby"]
    if rubies < 1:
        return []
    out: list[dict] = [
        {"type": "ruby", "buy": g} for g, extra in RUBY_BUYS.items() if has(home, extra)
    ]
    for tile, cost in RUBY_TILES.items():
        if rubies >= cost:
            out += [
                {"type": "ruby_tile", "tile": tile, "at": s} for s in board.single_spots(home, tile)
            ]
    return out


def tile_moves(state: dict, seat: int) -> list[dict]:
    home = state["homes"][seat]
    out = []
    for tile, trades in TRADES.items():
        if not owns(home, tile):
            continue
        for i, (price, _) in enumerate(trades):
            if has(home, price):
                out.append(
                    {"type": "use", "tile": tile, **({"choice": i} if len(trades) > 1 else {})}
                )
    if owns(home, "peaceful_cave"):
        busy = _expedition_dwarf(state, seat)
        out += [
            {"type": "peace", "dwarf": i}
            for i, d in enumerate(home["dwarfs"])
            if d["weapon"] > 0 and i != busy
        ]
    return out


def _expedition_dwarf(state: dict, seat: int) -> int | None:
    pending = state["pending"][seat]
    if pending and pending["kind"] == "action":
        return pending["dwarf"]
    return None


def releases(home: Home) -> list[dict]:
    if animals_fit(home):
        return []
    return [{"type": "release", "animal": a} for a in FARM_ANIMALS if home["animals"][a] > 0]


def moves(state: dict, seat: int) -> list[dict]:
    """Every any-time move of the seat now."""
    if not open_now(state, seat):
        return []
    home = state["homes"][seat]
    return conversions(home) + ruby_moves(home) + tile_moves(state, seat) + releases(home)


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise CavernaViolation(
            "caverna_convert_invalid",
            what=_what(move),
            reason=_reason(state, seat, move),
            **seat_params(state, seat),
        )


def _what(move: dict) -> str:
    kind = move["type"]
    if kind == "convert":
        return f"turn {move['good'].replace('_', ' ')} into food"
    if kind == "ruby":
        return f"buy {move['buy']} with a ruby"
    if kind == "ruby_tile":
        return f"buy a single {move['tile']} with rubies"
    if kind == "use":
        return f"use the {tile_name(move['tile'])}"
    if kind == "peace":
        return "give up a weapon at the Peaceful cave"
    return f"let a {move['animal']} go"


def _reason(state: dict, seat: int, move: dict) -> str:
    if not open_now(state, seat):
        return "nothing may be turned into food while newborn animals are placed (digest §8.4)"
    kind = move["type"]
    if kind == "ruby_tile":
        at = move["at"]
        where = board.label(at) if isinstance(at, int) and 0 <= at < 48 else at
        return (
            f"a single {move['tile']} cannot go on {where}"
            " (it must continue the cave or touch an outdoor tile, digest §5.2, §5.3) or "
            "there are not enough rubies"
        )
    if kind == "release":
        return "only animals that do not fit the home board are let go"
    if kind == "use":
        return "the tile is not theirs or they cannot pay its trade"
    if kind == "peace":
        return "no such armed dwarf, or the tile is not theirs"
    return "they do not hold what it costs"


def apply(b: Builder, seat: int, move: dict) -> None:
    kind = move["type"]
    home = b.home(seat)
    if kind == "convert":
        pay, food = _conversion(home, move)
        if owns(home, "slaughtering_cave"):
            food += sum(n for g, n in pay.items() if g in FARM_ANIMALS)
        b.emit("Converted", {"pay": pay, "gain": {"food": food}}, seat)
    elif kind == "ruby":
        cost = {"ruby": 1, **RUBY_BUYS[move["buy"]]}
        b.emit(
            "RubySpent",
            {"pay": cost, "gain": with_extras(home, {move["buy"]: 1}), "buy": move["buy"]},
            seat,
        )
    elif kind == "ruby_tile":
        b.emit("RubySpent", {"pay": {"ruby": RUBY_TILES[move["tile"]]}, "buy": move["tile"]}, seat)
        building.place_tile(b, seat, [move["at"]], [move["tile"]], f"single_{move['tile']}")
    elif kind == "use":
        price, goods = TRADES[move["tile"]][move.get("choice", 0)]
        b.emit(
            "TileUsed", {"tile": move["tile"], "pay": price, "gain": with_extras(home, goods)}, seat
        )
    elif kind == "peace":
        strength = home["dwarfs"][move["dwarf"]]["weapon"]
        b.emit(
            "WeaponsChanged",
            {
                "weapons": {str(move["dwarf"]): 0},
                "gain": {"food": strength},
                "reason": "peaceful_cave",
            },
            seat,
        )
    else:
        b.emit("AnimalReleased", {"pay": {move["animal"]: 1}}, seat)


def _conversion(home: Home, move: dict) -> tuple[dict, int]:
    good = move["good"]
    if good == "donkey_pair":
        return {"donkey": 2}, DONKEY_PAIR_FOOD
    if good == "gold":
        return {"gold": move["count"] + 1}, move["count"]
    return {good: 1}, FOOD_VALUE[good]


__all__ = ["moves", "check", "apply", "goods_text"]
