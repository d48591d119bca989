"""The 308 occupations and minor improvements of the 2007 decks E, I and K, as data.

Read once at import from ``data/occupations.csv`` and ``data/minor-improvements.csv`` (the
project's catalogue, ``shared/data/agricola-cards/catalogue.md``; its numbering: E minors 11-62,
I 63-104, K 105-146, E occupations 147-218, I 219-265, K 266-312, and 337-342). A card's id is
its deck letter and number, ``"E147"``; find one by id or by name with :func:`by_name`.

Each card is a dict: ``id``, ``deck``, ``number``, ``kind`` ("occupation" or "minor"),
``name``, ``costs`` (alternative payments, each a goods dict; ``[{}]`` when free), ``requires``
(a parsed prerequisite, see :func:`parse_prerequisite`), ``vp``, ``players`` (1, 3 or 4: the
occupation's player-count symbol 1+, 3+, 4+), ``passing``, ``flags``, ``extra_cost``,
``summary`` and ``seed_line`` (the line of seed 000 that clarifies it, if any).
"""

from __future__ import annotations

import csv
import pathlib
import re
from typing import Any

DATA = pathlib.Path(__file__).parent / "data"
_GOODS = ("wood", "clay", "reed", "stone", "grain", "vegetable", "food", "sheep", "boar", "cattle")
_AMOUNT = re.compile(r"^(\d+) (\w+)$")


def _goods(text: str) -> dict[str, int]:
    match = _AMOUNT.match(text.strip())
    if not match or match.group(2) not in _GOODS:
        raise ValueError(f"not an amount of goods: {text!r}")
    return {match.group(2): int(match.group(1))}


def _merge(*parts: dict) -> dict:
    out: dict[str, int] = {}
    for part in parts:
        for good, n in part.items():
            out[good] = out.get(good, 0) + n
    return out


def parse_cost(text: str) -> list[dict[str, int]]:
    """ "1 wood + 1 stone" -> [{"wood": 1, "stone": 1}]; "(2 wood or 2 clay) + 1 reed" -> two
    alternatives; "free" -> [{}] (catalogue §1 "Cost")."""
    text = text.strip()
    if text in ("free", "", "—"):
        return [{}]
    head = re.match(r"^\((.+)\)\s*\+\s*(.+)$", text)
    if head:
        rest = _merge(*(_goods(p) for p in head.group(2).split("+")))
        return [_merge(_goods(alt), rest) for alt in head.group(1).split(" or ")]
    if " or " in text:
        return [_merge(*(_goods(p) for p in alt.split("+"))) for alt in text.split(" or ")]
    return [_merge(*(_goods(p) for p in text.split("+")))]


def parse_prerequisite(text: str) -> dict:
    """What a player must have to play the card (catalogue §1 "Prerequisite"):
    ``{}``; ``{"occupations": n}``; ``{"improvements": n, "occupations": m}``;
    ``{"animals": {"sheep": 1}}`` or ``{"animals_any": n}``; ``{"fields": n, "crop": c}``
    (sown fields; ``crop`` None for any, "empty" never); ``{"no_occupation": True}``;
    ``{"own": "oven"}``; ``{"return": "oven" | "fireplace" | "cooking_hearth" | "joinery" |
    "well"}``; ``{"discard_improvements": 2}``."""
    text = text.strip()
    if text in ("—", ""):
        return {}
    if text == "no occupation played":
        return {"no_occupation": True}
    if text == "own an oven":
        return {"own": "oven"}
    if text.startswith("return "):
        thing = text.split(" ", 2)[-1].lower().replace(" ", "_")
        return {
            "return": {
                "oven": "oven",
                "cooking_hearth": "cooking_hearth",
                "fireplace": "fireplace",
                "joinery": "joinery",
                "well": "well",
            }[thing]
        }
    if text.startswith("discard 2"):
        return {"discard_improvements": 2}
    out: dict = {}
    for part in text.split("+"):
        count, what = part.strip().split(" ", 1)
        n = int(count)
        if what in ("occupation", "occupations"):
            out["occupations"] = n
        elif what in ("improvement", "improvements"):
            out["improvements"] = n
        elif what in ("sheep", "cattle"):
            out["animals"] = {what: n}
        elif what == "animals":
            out["animals_any"] = n
        elif what.endswith(("fields", "field")) or "sown fields" in what:
            crop = "grain" if "grain" in what else "vegetable" if "vegetable" in what else None
            out["fields"] = n
            out["crop"] = crop
        else:
            raise ValueError(f"unknown prerequisite: {text!r}")
    return out


def _number(value: str) -> int:
    return int(value) if value.strip().lstrip("-").isdigit() else 0


def _occupation(row: dict) -> dict:
    extra = parse_cost(row["extra_cost"]) if row["extra_cost"] else [{}]
    return {
        "id": f"{row['deck']}{row['number']}",
        "deck": row["deck"],
        "number": int(row["number"]),
        "kind": "occupation",
        "name": row["name"],
        "costs": [{}],
        "extra_cost": extra[0],
        "requires": {},
        "vp": 0,
        "players": int(row["players"].rstrip("+")),
        "passing": False,
        "flags": row["flags"],
        "summary": row["effect_summary"],
        "seed_line": row["seed000_line"] or None,
        "ru": row["ru_seed000"] or None,
    }


def _minor(row: dict) -> dict:
    return {
        "id": f"{row['deck']}{row['number']}",
        "deck": row["deck"],
        "number": int(row["number"]),
        "kind": "minor",
        "name": row["name"],
        "costs": parse_cost(row["cost"]),
        "extra_cost": {},
        "requires": parse_prerequisite(row["prerequisite"]),
        "vp": _number(row["vp"]),
        "players": 1,
        "passing": row["passing"] == "yes",
        "flags": row["flags"],
        "summary": row["effect_summary"],
        "seed_line": row["seed000_line"] or None,
        "ru": row["ru_seed000"] or None,
    }


def _load() -> dict[str, dict]:
    cards: dict[str, dict] = {}
    with open(DATA / "occupations.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            card = _occupation(row)
            cards[card["id"]] = card
    with open(DATA / "minor-improvements.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            card = _minor(row)
            cards[card["id"]] = card
    return cards


#: Every card of the three decks by id ("E147").
CARDS: dict[str, dict] = _load()
DECKS = ("E", "I", "K")


def by_name(name: str) -> dict:
    """The card called ``name`` (case-insensitive)."""
    for card in CARDS.values():
        if card["name"].lower() == name.lower():
            return card
    raise KeyError(name)


def deck_cards(decks: Any, kind: str, players: int) -> list[str]:
    """Card ids of ``kind`` in the chosen decks that are in a game of ``players`` (occupations
    by their 1+ / 3+ / 4+ symbol, digest §2.1 item 4), in catalogue order."""
    return [
        c["id"]
        for c in sorted(CARDS.values(), key=lambda c: c["number"])
        if c["deck"] in decks and c["kind"] == kind and c["players"] <= max(players, 1)
    ]


def occupation_cost(space_kind: str, played: int) -> int:
    """Food an occupation costs on each kind of occupation space, given how many the player
    has played before (digest §10.1 table, T-11): the printed space 0 then 1; the 3-player card
    always 2; the 4- and 5-player cards 1, 1, then 2."""
    if space_kind == "lessons":
        return 0 if played == 0 else 1
    if space_kind == "lessons_3":
        return 2
    return 1 if played < 2 else 2
