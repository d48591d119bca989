"""The cards of the full game as the game page shows them (issue 23 item 6, issue 21).

:func:`panels` reads only the state *as one viewer sees it* (``Agricola.view``: other seats'
hands are already gone from it) and returns, for every seat, the cards the page draws beside
its farm:

* the viewer's own hand (occupations, minor improvements, a draft packet to choose from), each
  card with its catalogue text, cost, prerequisite and points (``cards/catalogue.py``: the
  catalogue's summaries, ``shared/data/agricola-cards/catalogue.md``); for every other seat
  only how many cards it holds (``view["hand_sizes"]``: the count is public, digest §10.4);
* the occupations and minor improvements each seat has played (digest §10.1, §10.2), with the
  goods lying on them: goods held on a card (Brush Maker E156, ``farm["held"]``) and the crop
  on a card field (``farm["card_fields"]``);
* what will come to the seat in later rounds: goods cards placed on future round spaces
  (``farm["schedule"]``, e.g. the cards that promise 1 good in each of the next rounds) and
  the Well's food (digest §7, ``state["round_food"]``).

Pure: no I/O, nothing about the page's markup (``service/web/templates/boards/agricola*.html``
draws it).
"""

from __future__ import annotations

from typing import Any

from ..statetypes import Farm
from ..text import goods_text
from .catalogue import CARDS
from .listing import entry

#: the printed words of the improvements a card asks to return (catalogue §1 "Prerequisite")
_RETURNED = {
    "oven": "an oven",
    "cooking_hearth": "a Cooking Hearth",
    "fireplace": "a Fireplace",
    "joinery": "the Joinery",
    "well": "the Well",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def prerequisite_text(requires: dict) -> str | None:
    """A minor improvement's prerequisite in words, from the catalogue's parsed form
    (``catalogue.parse_prerequisite``); None when it has none."""
    if not requires:
        return None
    if requires.get("no_occupation"):
        return "no occupation played"
    if "own" in requires:
        return "own an oven"
    if "return" in requires:
        return "return " + _RETURNED.get(requires["return"], str(requires["return"]))
    if "discard_improvements" in requires:
        return f"discard {requires['discard_improvements']} of your improvements"
    parts = []
    if "improvements" in requires:
        parts.append(_plural(requires["improvements"], "improvement"))
    if "occupations" in requires:
        parts.append(_plural(requires["occupations"], "occupation"))
    for animal, n in requires.get("animals", {}).items():
        parts.append(f"{n} {animal}")
    if "animals_any" in requires:
        parts.append(_plural(requires["animals_any"], "animal"))
    if "fields" in requires:
        crop = requires.get("crop")
        parts.append(_plural(requires["fields"], f"{crop or 'sown'} field"))
    return " and ".join(parts) or None


def card_entry(card_id: str) -> dict:
    """One card as the page shows it: the catalogue listing's entry (``listing.entry``: name,
    kind, deck, number, text, cost, points, player-count symbol) and its prerequisite."""
    card = CARDS.get(card_id)
    if card is None:  # not in the catalogue: shown by its id, with no text
        return {"id": card_id, "name": card_id, "kind": "card", "text": ""}
    out = entry(card)
    requires = prerequisite_text(card["requires"])
    if requires:
        out["prerequisite"] = requires
    return out


def _goods_text(goods: dict) -> str | None:
    shown = {g: n for g, n in goods.items() if n}
    return goods_text(shown) if shown else None


def _on_card(farm: Farm | dict, card_id: str) -> str | None:
    """The goods lying on a played card: goods held on it and the crop on a card field."""
    parts = []
    held = _goods_text(farm.get("held", {}).get(card_id, {}))
    if held:
        parts.append(held)
    for field in farm.get("card_fields", []):
        if field.get("card") == card_id:
            if field.get("crop") and field.get("count"):
                parts.append(_goods_text({field["crop"]: field["count"]}) or "")
            else:
                parts.append("an empty field")
    return ", ".join(p for p in parts if p) or None


def _played(farm: dict, kind: str) -> list[dict]:
    return [dict(card_entry(c), on=_on_card(farm, c)) for c in farm.get(kind, [])]


def _promised(view: dict, seat: int, farm: Farm) -> list[dict]:
    """``[{"round", "goods", "source"}]``: what later rounds bring the seat, round by round."""
    now = int(view.get("round") or 0)
    out = []
    for key, goods in farm.get("schedule", {}).items():
        text = _goods_text(goods)
        if text and str(key).isdigit() and int(key) > now:
            out.append({"round": int(key), "goods": text, "source": "cards"})
    for round_no, food in enumerate(view.get("round_food") or []):
        n = food[seat] if seat < len(food) else 0
        if n and round_no > now:
            out.append({"round": round_no, "goods": _goods_text({"food": n}), "source": "Well"})
    return sorted(out, key=lambda p: (p["round"], p["source"]))


def _hand(view: dict, viewer: int | None) -> dict | None:
    """The viewer's own hand from its view (None for the public, or when nothing is dealt)."""
    if viewer is None:
        return None
    held = view.get("hands", {}).get("_private", {}).get(str(viewer))
    if held is None:
        return None
    marked = set(held.get("marked", []))
    packets = held.get("packets", {})

    def cards(ids: list[str]) -> list[dict]:
        return [dict(card_entry(c), marked=c in marked) for c in ids]

    return {
        "occupations": cards(held.get("occupations", [])),
        "minors": cards(held.get("minors", [])),
        "packets": [
            {"kind": kind, "cards": cards(ids)} for kind, ids in sorted(packets.items()) if ids
        ],
    }


def panels(view: dict, viewer: int | None) -> dict:
    """``{"cards": {"seats": [...]}}`` for a full game (empty for the family game): for each
    seat its ``hand`` (the viewer's own, else None), ``hand_size`` (how many occupations and
    minor improvements it holds), its played ``occupations`` and ``minors`` (each with
    ``on``: the goods lying on it) and ``promised`` (later rounds). ``view`` must be
    ``Agricola.view(state, viewer)``."""
    if view.get("variant") != "full":
        return {}
    sizes = view.get("hand_sizes") or []
    seats: list[dict[str, Any]] = []
    for seat, farm in enumerate(view.get("farms", [])):
        size = sizes[seat] if seat < len(sizes) else {}
        seats.append(
            {
                "seat": seat,
                "hand": _hand(view, viewer) if seat == viewer else None,
                "hand_size": {
                    "occupations": int(size.get("occupations", 0)),
                    "minors": int(size.get("minors", 0)),
                },
                "occupations": _played(farm, "occupations"),
                "minors": _played(farm, "minors"),
                "promised": _promised(view, seat, farm),
            }
        )
    return {"cards": {"seats": seats}}


def hand_sizes(state: dict) -> list[dict]:
    """How many occupations and minor improvements each seat holds: public, like the backs
    of the cards in a player's hand (digest §10.4). Read from the whole state by
    ``Agricola.view`` before it hides the hands."""
    hands = state.get("hands", {}).get("_private", {})
    out = []
    for seat in range(len(state.get("farms", []))):
        held = hands.get(str(seat), {})
        out.append(
            {"occupations": len(held.get("occupations", [])), "minors": len(held.get("minors", []))}
        )
    return out
