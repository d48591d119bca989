"""Why a move of an action in progress is refused, in the game's nouns (the moves themselves
are checked by membership in ``parts.part_moves``; this only finds the sentence)."""

from __future__ import annotations

from domain.common.i18n import NP_

from . import board
from .builder import seat_params
from .building import growth_problem
from .errors import CavernaViolation
from .furnishings import FURNISHINGS, tile_name
from .part_kinds import MOVE_PARTS, WHAT
from .state import is_mountain
from .tables import GRID, INNER, LOOT

_INNER = frozenset(INNER)


def _where(move: dict) -> dict:
    """The ``where`` of a refusal and the labels it names ("F3-R1 and F3-R2")."""
    spaces = [board.label(move[k]) for k in ("at", "at2") if k in move]
    if len(spaces) == 2:
        return {"where": BOTH, "first_spot": spaces[0], "second_spot": spaces[1]}
    return {"where": spaces[0] if spaces else NP_("error part", "the home board")}


#: the two spaces a twin tile covers
BOTH = NP_("error part", "{first_spot} and {second_spot}")


def _spot_reason(state: dict, seat: int, move: dict) -> tuple[str, dict]:
    """Why the tile cannot go where the move puts it, and the params of that sentence."""
    home = state["homes"][seat]
    spaces = [move[k] for k in ("at", "at2") if k in move]
    for s in spaces:
        if s not in _INNER and s in GRID.spaces() and "office_room" not in home["furn"].values():
            return NP_(
                "error part",
                "{spot} is off the home board (only the Office room allows an overhang, pack §1.3)",
            ), {"spot": board.label(s)}
        if home["board"][s] is not None and move["type"] in ("twin", "ruby_tile", "loot"):
            held = home["board"][s].replace("_", " ")
            return NP_("error part", "{spot} already holds a {held}"), {
                "spot": board.label(s),
                "held": held,
            }
    if len(spaces) == 2 and spaces[1] not in board.neighbours(spaces[0]):
        return NP_(
            "error part", "the two halves must lie on orthogonally adjacent spaces of the same side"
        ), {}
    side = move.get("side", "")
    if side:
        mountain = side != "meadow_field"
        if any(is_mountain(s) != mountain for s in spaces):
            goes = ON_MOUNTAIN if mountain else ON_FOREST
            return goes, {"tile": side.replace("_", "/")}
        if mountain:
            return NP_("error part", "the tile must be next to your cave (digest §5.2)"), {}
        if not board.has_outdoor(home):
            return NP_(
                "error part",
                "the first outdoor tile must cover the space at the cave entrance, F3-R4 "
                "(digest §5.3)",
            ), {}
        return NP_(
            "error part",
            "the tile must touch a meadow, field or pasture, and a field cannot lie under "
            "a stable (digest §5.3)",
        ), {}
    return NP_("error part", "that space does not allow it now (digest §5, §8)"), {}


#: what a move lays, as a refusal of its spot names it (``WHAT`` without its verb)
SPOT_WHAT = {
    "sow": NP_("error part", "sow"),
    "furnish": NP_("error part", "a cavern"),
    "grow": NP_("error part", "the family"),
    "take_dog": NP_("error part", "a dog"),
    "forge": NP_("error part", "a weapon"),
    "ore_mine": NP_("error part", "an ore mine"),
    "ruby_mine": NP_("error part", "a ruby mine"),
    "pasture": NP_("error part", "a pasture"),
    "stable": NP_("error part", "a stable"),
    "trade": NP_("error part", "ore"),
    "buy": NP_("error part", "at the market"),
    "loot": NP_("error part", "loot"),
    "done": NP_("error part", "the action"),
}

#: the sides of a twin tile, as the refusals name them (``tile``: said in the reader's words)
TWIN_SIDES = (NP_("error part", "cavern/tunnel"), NP_("error part", "meadow/field"))

#: where a twin tile's side goes (``_spot_reason``)
ON_MOUNTAIN = NP_("error part", "a {tile} tile goes on the mountain (digest §5.1)")
ON_FOREST = NP_("error part", "a {tile} tile goes on the forest (digest §5.1)")


def _why_not_furnish(state: dict, seat: int, move: dict, params: dict) -> CavernaViolation:
    """Why a furnishing (or a looted dwelling) cannot be placed: taken, no spot, or its cost."""
    tile = move.get("tile", "dwelling")
    if tile not in FURNISHINGS or tile not in state["tiles"]:
        return CavernaViolation(
            "caverna_furnishing_unavailable",
            tile_name=tile_name(tile),
            reason=NP_("error part", "another player has it, or it is not in this game"),
        )
    if move.get("at") not in board.furnish_spots(state["homes"][seat], tile):
        return CavernaViolation(
            "caverna_spot_illegal",
            what=NP_("error part", "the {tile}"),
            tile=tile_name(tile),
            **_where(move),
            reason=NP_("error part", "furnishing tiles go on an empty cavern (digest §6.2)"),
            **params,
        )
    return CavernaViolation(
        "caverna_not_enough",
        cost=NP_("error part", "its cost"),
        have=NP_("error part", "less"),
        what=NP_("error part", "the {tile}"),
        tile=tile_name(tile),
        **params,
    )


def why_not(state: dict, seat: int, move: dict, open_parts: list[str]) -> CavernaViolation:
    """The violation for a move that no open part lists."""
    params = seat_params(state, seat)
    kind = move["type"]
    wanted = set(MOVE_PARTS.get(kind, ()))
    if kind == "twin":
        wanted = {
            "meadow_field": {"forest_twin"},
            "cavern_tunnel": {"cave_twin", "cave_twin_any"},
        }.get(move["side"], {"cave_twin_any"})
    if not wanted.intersection(open_parts):
        return CavernaViolation(
            "caverna_part_unavailable",
            what=WHAT.get(kind, kind),
            reason=NP_(
                "error part",
                "this action space does not offer it, or it was "
                "already done or passed in this action (digest §3.3)",
            ),
            **params,
        )
    if kind == "furnish" or (kind == "loot" and move.get("item") in ("furnish", "dwelling")):
        return _why_not_furnish(state, seat, move, params)
    if kind == "grow":
        return CavernaViolation(
            "caverna_growth_impossible",
            reason=growth_problem(state["homes"][seat]) or NP_("error part", "not now"),
            **params,
        )
    if kind == "forge":
        return CavernaViolation(
            "caverna_forge_impossible",
            strength=move["strength"],
            reason=NP_("error part", "only an unarmed dwarf forges, paying 1 to 8 ore"),
            **params,
        )
    if kind == "loot" and move["item"] not in LOOT:
        return CavernaViolation(
            "caverna_loot_invalid",
            item=move["item"],
            reason=NP_("error part", "there is no such loot item"),
            **params,
        )
    if kind == "loot" and "at" not in move and "animals" not in move:
        return CavernaViolation(
            "caverna_loot_invalid",
            item=move["item"],
            reason=(
                NP_(
                    "error part",
                    "the dwarf's weapon is too weak for it, it was already taken on this "
                    "expedition, or the expedition's items are used up",
                )
            ),
            **params,
        )
    if kind == "buy":
        return CavernaViolation(
            "caverna_market_invalid",
            good=move["good"],
            reason=(
                NP_("error part", "each good once per visit, for gold the seat has (digest §4.1)")
            ),
            **params,
        )
    if kind in ("trade", "take_dog", "sow") and "at" not in move:
        return CavernaViolation(
            "caverna_part_unavailable",
            what=WHAT.get(kind, kind),
            reason=NP_("error part", "it is used up or cannot be paid"),
            **params,
        )
    return _spot_illegal(state, seat, move, params)


def _spot_illegal(state: dict, seat: int, move: dict, params: dict) -> CavernaViolation:
    """The tile (or what the move lays) cannot go where the move puts it."""
    reason, said = _spot_reason(state, seat, move)
    if move["type"] == "twin":
        what = NP_("error part", "a {tile} tile")
        said = {**said, "tile": move["side"].replace("_", "/")}
    else:
        what = SPOT_WHAT.get(move["type"], move["type"])
    return CavernaViolation(
        "caverna_spot_illegal", what=what, **_where(move), reason=reason, **said, **params
    )
