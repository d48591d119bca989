"""The state of a Caverna game: its JSON-clean shape and small readers over it.

Shape (digest section in brackets)::

    {"title": "caverna", "variant": "standard"|"introductory", "players": [names],
     "solo": bool, "round": 0..12, "phase": "setup"|"work"|"solo_clear"|"harvest_choice"|
              "harvest_feeding"|"harvest_breeding"|"final"|"finished",
     "start_player": seat, "turn": seat|None,            # [§3.3, §7.7]
     "order": [space ids], "spaces": {id: {"goods", "occupant", "dwarf", "target"}},
     "round_cards": {round: card}, "urgent": bool,       # [§2.6]
     "harvests": {round: "green"|"red"}, "reds": n,      # revealed markers [§2.7]
     "harvest": "none"|"normal"|"one_food"|"choice"|None,   # this round's [§9.2]
     "tiles": [furnishing ids still on the supply boards], # [§6.1]
     "homes": [home per seat], "pending": [decision|None per seat],
     "bank": {good: n},                                  # general supply ledger [§1.2]
     "final": None | {"scores": [...], "winners": [...]}}

A home (the board is a 6 x 8 grid with the Office room's ring, see ``tables``)::

    {"board": [terrain|None] * 48, "furn": {space: tile}, "large": [[a, b]],
     "stables": [spaces], "crops": {space: [crop, n]}, "animals": {animal: n},
     "supply": {good: n}, "dwarfs": [{"weapon": 0..14, "at": None|space id|"newborn"}],
     "begging": n, "skip": None|"field"|"breeding", "deliveries": {round: {good: n}},
     "covered": [tiles], "extension_both": bool}
"""

from __future__ import annotations

from operator import itemgetter

from domain.common.housing import Housing, can_house

from .furnishings import ENTRY, FURNISHINGS
from .statetypes import Home
from .tables import (
    ANIMALS,
    ENTRY_DWELLING,
    ENTRY_DWELLING_ANIMALS,
    FARM_ANIMALS,
    GOODS,
    GRID,
    INNER,
    MAX_DWARFS,
    MINE_DONKEYS,
    MOUNTAIN_COLS,
    PASTURE_PER_SPACE,
    START_CAVERN,
)


def new_home(food: int) -> Home:
    """A home board with its two caverns and 2 dwarfs in the Entry-level dwelling (digest §2.1,
    §2.3)."""
    board: list[str | None] = [None] * len(GRID.spaces())
    board[ENTRY_DWELLING] = "cavern"
    board[START_CAVERN] = "cavern"
    return {
        "board": board,
        "furn": {str(ENTRY_DWELLING): ENTRY},
        "large": [],
        "stables": [],
        "crops": {},
        "animals": dict.fromkeys(ANIMALS, 0),
        "supply": {g: (food if g == "food" else 0) for g in GOODS},
        "dwarfs": [{"weapon": 0, "at": None}, {"weapon": 0, "at": None}],
        "begging": 0,
        "skip": None,
        "deliveries": {},
        "covered": [],
        "extension_both": False,
    }


# -- readers ---------------------------------------------------------------------------------------


def name(state: dict, seat: object) -> str:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state["players"]):
        return "nobody"
    return state["players"][seat]


def is_mountain(space: int) -> bool:
    return space % 8 in MOUNTAIN_COLS


def owns(home: Home, tile: str) -> bool:
    """True if the seat has ``tile`` furnished and not covered (pack §1.3 Trader)."""
    return tile in home["furn"].values() and tile not in home["covered"]


def tiles_owned(home: Home) -> list[str]:
    return [t for t in home["furn"].values() if t not in home["covered"]]


def count_kind(home: Home, kind: str) -> int:
    return sum(1 for k in home["board"] if k == kind)


def dwarf_count(home: Home) -> int:
    return len(home["dwarfs"])


def armed(home: Home) -> int:
    return sum(1 for d in home["dwarfs"] if d["weapon"] > 0)


def room(home: Home) -> int:
    """How many dwarfs the cave houses: 2 in the Entry-level dwelling plus each dwelling's room,
    at most 5, and a 6th with the Additional dwelling (digest §7.1; pack §1.2)."""
    base = 2 + sum(FURNISHINGS[t].get("room", 0) for t in tiles_owned(home) if t != ENTRY)
    extra = 1 if owns(home, "additional_dwelling") and base >= MAX_DWARFS else 0
    return min(base, MAX_DWARFS) + extra


def waiting_dwarfs(home: Home) -> list[int]:
    """Indexes of the dwarfs still in the cave this work phase (newborns never act)."""
    return [i for i, d in enumerate(home["dwarfs"]) if d["at"] is None]


def next_dwarf(home: Home) -> int | None:
    """The dwarf the order says goes next: unarmed first, then the weakest (digest §7.5)."""
    waiting = waiting_dwarfs(home)
    if not waiting:
        return None
    return min(waiting, key=lambda i: (home["dwarfs"][i]["weapon"], i))


def empty_fields(home: Home) -> int:
    return sum(
        1 for s, k in enumerate(home["board"]) if k == "field" and str(s) not in home["crops"]
    )


def crop_total(home: Home, crop: str) -> int:
    planted = sum(n for c, n in home["crops"].values() if c == crop)
    return home["supply"][crop] + planted


# -- animals (digest §8.1) -------------------------------------------------------------------------


def _places(home: Home) -> tuple[list[int], int, dict, list[int], list[int]]:
    """Pastures (one type each), flexible places, reserved places, and the unfenced meadows
    without and with a stable (where dogs may guard sheep)."""
    board, stables = home["board"], set(home["stables"])
    pastures, flexible = [], 0
    reserved = dict.fromkeys(FARM_ANIMALS, 0)
    bare: list[int] = []
    stabled: list[int] = []
    in_large = {s for pair in home["large"] for s in pair}
    for pair in home["large"]:
        pastures.append(2 * PASTURE_PER_SPACE * 2 ** len(stables.intersection(pair)))
    for s, kind in enumerate(board):
        if kind == "small_pasture" and s not in in_large:
            pastures.append(PASTURE_PER_SPACE * (2 if s in stables else 1))
        elif kind == "meadow":
            (stabled if s in stables else bare).append(s)
        elif kind in ("ore_mine", "ruby_mine"):
            reserved["donkey"] += MINE_DONKEYS
        elif kind is None and not is_mountain(s) and s in stables:
            reserved["boar"] += 1
    pastures.append(ENTRY_DWELLING_ANIMALS)
    for tile in tiles_owned(home):
        pastures.extend(
            [FURNISHINGS[tile]["animals"]] if "animals" in FURNISHINGS.get(tile, {}) else []
        )
    if owns(home, "breakfast_room"):
        reserved["cattle"] += 3
    if owns(home, "cuddle_room"):
        reserved["sheep"] += dwarf_count(home)
    if owns(home, "stubble_room"):
        flexible += empty_fields(home)
    flexible += len(stabled)
    return pastures, flexible, reserved, bare, stabled


#: housings by :func:`_housing_key`, and animals_fit by (that key, animals): both are pure
#: functions of those parts of a home, asked for every seat several times a move (``to_act``)
_HOUSINGS: dict[tuple, tuple[Housing, ...]] = {}
_FITS: dict[tuple, bool] = {}
_CACHE_SIZE = 4096


def _housing_key(home: Home) -> tuple:
    """Everything :func:`housings` reads of a home (board, stables, large pastures, tiles,
    covered tiles, dogs, dwarfs for the Cuddle room, planted fields for the Stubble room)."""
    return (
        tuple(home["board"]),
        tuple(home["stables"]),
        tuple(map(tuple, home["large"])),
        tuple(home["furn"].values()),
        tuple(home["covered"]),
        home["animals"]["dog"],
        len(home["dwarfs"]),
        tuple(home["crops"]),
    )


def housings(home: Home) -> tuple[Housing, ...]:
    """The ways the home can keep animals (see :func:`_housings`), remembered by the parts of
    the home they depend on."""
    key = _housing_key(home)
    found = _HOUSINGS.get(key)
    if found is None:
        if len(_HOUSINGS) >= _CACHE_SIZE:
            _HOUSINGS.clear()
        found = _HOUSINGS[key] = _housings(home)
    return found


def _housings(home: Home) -> tuple[Housing, ...]:
    """The ways the home can keep animals, one per placement of its dogs: each dog guards an
    unfenced meadow (k dogs there keep k + 1 sheep; a stable there has no effect); extra dogs
    join a guarded meadow (digest §8.1, EX-22; decision C-05)."""
    pastures, flexible, reserved, bare, stabled = _places(home)
    dogs = home["animals"]["dog"]
    if not dogs or not (bare or stabled):
        return (Housing(tuple(pastures), flexible, tuple(reserved.items())),)
    out = []
    used_bare = min(dogs, len(bare))
    for j in range(min(len(stabled), dogs - used_bare) + 1):
        guarded = used_bare + j
        if not guarded:
            continue
        res = dict(reserved, sheep=reserved["sheep"] + dogs + guarded)
        out.append(Housing(tuple(pastures), flexible - j, tuple(res.items())))
    return tuple(out) or (Housing(tuple(pastures), flexible, tuple(reserved.items())),)


def farm_animals(home: Home) -> dict[str, int]:
    return {a: home["animals"][a] for a in FARM_ANIMALS}


def animals_fit(home: Home, animals: dict | None = None) -> bool:
    """True if the farm animals fit the home (dogs roam freely, digest §8.1)."""
    key: tuple
    if animals is None:  # the home's own farm animals: keyed by their counts alone
        key = (_housing_key(home), None, _farm_counts(home["animals"]))
    else:
        key = (_housing_key(home), tuple(animals.items()))
    fits = _FITS.get(key)
    if fits is None:
        if len(_FITS) >= _CACHE_SIZE:
            _FITS.clear()
        fits = _FITS[key] = can_house(
            housings(home), farm_animals(home) if animals is None else animals
        )
    return fits


_farm_counts = itemgetter(*FARM_ANIMALS)


def unused_spaces(home: Home) -> int:
    """Printed spaces with no tile and no stable (digest §5.4, §10.1 item 7)."""
    stables = set(home["stables"])
    return sum(1 for s in INNER if home["board"][s] is None and s not in stables)
