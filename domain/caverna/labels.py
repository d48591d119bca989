"""Legal moves in words a player understands, for buttons and headings, in the reader's
language (``domain.common.i18n``; the glossary's terms, digest §3-§4)."""

from __future__ import annotations

from domain.common.i18n import N_, gettext, join_list, pgettext

from .furnishings import tile_name
from .spaces import space_name
from .text import _LOOT
from .words import count_text, label

_TWIN = {
    "meadow_field": N_("Place a meadow/field tile"),
    "cavern_tunnel": N_("Place a cavern/tunnel tile"),
    "cavern_cavern": N_("Place a cavern/cavern tile"),
}

_SOW = {"grain": N_("Sow grain"), "vegetable": N_("Sow vegetables")}

#: the moves named by their kind alone (the rest of the move, if any, follows in brackets)
KIND_WORDS = {
    "done": N_("Done"),
    "pass": N_("Pass"),
    "skip": N_("Skip"),
    "peace": N_("Keep the peace"),
    "release": N_("Release"),
    "feed": N_("Feed the family"),
    "grow": N_("Family growth"),
    "take_dog": N_("Take a dog"),
    "stable": N_("Build a stable"),
    "pasture": N_("Fence a pasture"),
    "ore_mine": N_("Build an ore mine"),
    "ruby_mine": N_("Build a ruby mine"),
    "trade": N_("Trade ore"),
    "buy": N_("Buy"),
    "keep_goods": N_("Keep goods"),
}


def _where(move: dict) -> str:
    if "at2" in move:
        return gettext(" on {space} and {space2}").format(
            space=label(move["at"]), space2=label(move["at2"])
        )
    return gettext(" on {space}").format(space=label(move["at"])) if "at" in move else ""


def _place(move: dict) -> str:
    text = gettext("Place a dwarf on {space}").format(space=space_name(move["space"]))
    if move.get("target"):
        text += gettext(" imitating {space}").format(space=space_name(move["target"]))
    if move.get("option"):
        text += f" ({move['option']})"
    if "dwarf" in move:
        text += gettext(" (1 ruby: another dwarf first)")
    return text


def _loot(move: dict) -> str:
    item = move["item"]
    what = pgettext("caverna loot", _LOOT[item]) if item in _LOOT else count_text(1, item)
    extra = f" {tile_name(move['tile'])}" if move.get("tile") else ""
    text = gettext("Loot: {what}").format(what=what) + extra + _where(move)
    return text + (f" ({move['animals']})" if move.get("animals") else "")


#: the phase a player skips in a harvest that skips one (``skip`` ``phase``)
_SKIP = {"field": N_("Skip the field phase"), "breeding": N_("Skip the breeding phase")}


def _other(kind: str, move: dict) -> str:
    if kind == "skip" and move.get("phase") in _SKIP:
        return gettext(_SKIP[move["phase"]])
    at = _where(move)
    rest = ", ".join(f"{k} {v}" for k, v in move.items() if k not in ("type", "at", "at2"))
    text = (gettext(KIND_WORDS[kind]) if kind in KIND_WORDS else kind.replace("_", " ")) + at
    return f"{text} ({rest})" if rest and not at else text


def _convert(move: dict) -> str:
    """ "Turn 1 sheep into food", "Turn 2 donkeys into food", "Turn gold into 3 food"."""
    good = move["good"]
    if good == "gold" and "count" in move:
        return gettext("Turn gold into {food}").format(food=count_text(move["count"], "food"))
    goods = count_text(2, "donkey") if good == "donkey_pair" else count_text(1, good)
    return gettext("Turn {goods} into food").format(goods=goods)


def move_label(state: dict, move: dict) -> str:
    kind = move["type"]
    if kind == "place":
        return _place(move)
    if kind == "twin":
        return gettext(_TWIN[move["side"]]) + _where(move)
    if kind == "furnish":
        text = gettext("Furnish {tile}").format(tile=tile_name(move["tile"])) + _where(move)
        if move.get("swap"):
            text += gettext(" (ore for {good})").format(good=count_text(1, move["swap"]))
        return text
    if kind == "loot":
        return _loot(move)
    if kind == "forge":
        return gettext("Forge a weapon of strength {n}").format(n=move["strength"])
    if kind == "sow":
        crop = move["crop"]
        text = gettext(_SOW[crop]) if crop in _SOW else gettext("Sow {crop}").format(crop=crop)
        return text + _where(move)
    if kind == "convert":
        return _convert(move)
    if kind == "ruby":
        return gettext("Spend a ruby on {thing}").format(thing=count_text(1, move["buy"]))
    if kind == "ruby_tile":
        tile = pgettext("caverna tiles", move["tile"])
        return gettext("Spend rubies on a single {tile}").format(tile=tile) + _where(move)
    if kind == "use":
        text = gettext("Use the {tile}").format(tile=tile_name(move["tile"]))
        if "choice" in move:
            text += gettext(" (option {n})").format(n=move["choice"] + 1)
        return text
    if kind == "keep_newborns":
        born = [count_text(1, a) for a in ("sheep", "donkey", "boar", "cattle") if move[a]]
        return gettext("Keep newborn: {animals}").format(animals=join_list(born, gettext("none")))
    return _other(kind, move)


def move_group(state: dict, move: dict) -> str:
    kind = move["type"]
    if kind == "place":
        return space_name(move["space"])
    if kind in ("convert", "ruby", "ruby_tile", "use", "peace", "release"):
        return gettext("At any time")
    pending = state["pending"]
    for p in pending:
        if p and p.get("kind") == "action":
            return space_name(p["target"] or p["space"])
    return gettext("Moves")
