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

from domain.common.i18n import N_, gettext, join_list, ngettext, pgettext

from ..nouns import count_text, goods_text
from ..statetypes import Farm
from .catalogue import CARDS
from .listing import entry
from .words import card_name, or_list

#: the printed words of the improvements a card asks to return (catalogue §1 "Prerequisite")
_RETURNED = {
    "oven": N_("return an oven"),
    "cooking_hearth": N_("return a Cooking Hearth"),
    "fireplace": N_("return a Fireplace"),
    "joinery": N_("return the Joinery"),
    "well": N_("return the Well"),
}


def _fields(n: int, crop: str | None) -> str:
    if crop == "grain":
        return ngettext("{n} grain field", "{n} grain fields", n).format(n=n)
    if crop == "vegetable":
        return ngettext("{n} vegetable field", "{n} vegetable fields", n).format(n=n)
    return ngettext("{n} sown field", "{n} sown fields", n).format(n=n)


def prerequisite_text(requires: dict) -> str | None:
    """A minor improvement's prerequisite in words (the reader's language), from the
    catalogue's parsed form (``catalogue.parse_prerequisite``); None when it has none."""
    if not requires:
        return None
    if requires.get("no_occupation"):
        return gettext("no occupation played")
    if "own" in requires:
        return gettext("own an oven")
    if "return" in requires:
        back = requires["return"]
        return gettext(_RETURNED[back]) if back in _RETURNED else f"return {back}"
    if "discard_improvements" in requires:
        n = requires["discard_improvements"]
        return ngettext(
            "discard {n} of your improvements", "discard {n} of your improvements", n
        ).format(n=n)
    parts = []
    if "improvements" in requires:
        n = requires["improvements"]
        parts.append(ngettext("{n} improvement", "{n} improvements", n).format(n=n))
    if "occupations" in requires:
        n = requires["occupations"]
        parts.append(ngettext("{n} occupation", "{n} occupations", n).format(n=n))
    for animal, n in requires.get("animals", {}).items():
        parts.append(count_text(n, animal))
    if "animals_any" in requires:
        n = requires["animals_any"]
        parts.append(ngettext("{n} animal", "{n} animals", n).format(n=n))
    if "fields" in requires:
        parts.append(_fields(requires["fields"], requires.get("crop")))
    return join_list(parts) or None


def _cost(costs: list[dict]) -> str:
    return or_list([goods_text(c) if c else gettext("free") for c in costs])


def card_entry(card_id: str) -> dict:
    """One card as the page shows it: the catalogue listing's entry (``listing.entry``: name,
    kind, deck, number, text, cost, points, player-count symbol) and its prerequisite."""
    card = CARDS.get(card_id)
    if card is None:  # not in the catalogue: shown by its id, with no text
        return {"id": card_id, "name": card_id, "kind": "card", "text": ""}
    out = entry(card)
    out["name"] = card_name(card_id)
    out["text"] = pgettext("agricola card text", card["summary"]) if card["summary"] else ""
    if card["kind"] == "occupation":
        if card["extra_cost"]:
            out["cost"] = _cost([card["extra_cost"]])
    else:
        out["cost"] = _cost(card["costs"])
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
                parts.append(gettext("an empty field"))
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
