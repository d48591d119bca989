"""Legal moves in words a player understands, for buttons and headings."""

from __future__ import annotations

from .furnishings import tile_name
from .spaces import space_name
from .words import label

_TWIN = {
    "meadow_field": "meadow/field",
    "cavern_tunnel": "cavern/tunnel",
    "cavern_cavern": "cavern/cavern",
}


def move_label(state: dict, move: dict) -> str:
    kind = move["type"]
    at = f" on {label(move['at'])}" if "at" in move else ""
    at2 = f" and {label(move['at2'])}" if "at2" in move else ""
    if kind == "place":
        text = f"Place a dwarf on {space_name(move['space'])}"
        if move.get("target"):
            text += f" imitating {space_name(move['target'])}"
        if move.get("option"):
            text += f" ({move['option']})"
        if "dwarf" in move:
            text += " (1 ruby: another dwarf first)"
        return text
    if kind == "twin":
        return f"Place a {_TWIN[move['side']]} tile{at}{at2}"
    if kind == "furnish":
        return f"Furnish {tile_name(move['tile'])}{at}" + (
            f" (ore for {move['swap']})" if move.get("swap") else ""
        )
    if kind == "loot":
        extra = f" {tile_name(move['tile'])}" if move.get("tile") else ""
        return f"Loot: {move['item'].replace('_', ' ')}{extra}{at}{at2}" + (
            f" ({move['animals']})" if move.get("animals") else ""
        )
    if kind == "forge":
        return f"Forge a weapon of strength {move['strength']}"
    if kind == "sow":
        return f"Sow {move['crop']}{at}"
    if kind == "convert":
        return f"Turn {move['good'].replace('_', ' ')} into food" + (
            f" ({move['count']} food)" if "count" in move else ""
        )
    if kind == "ruby":
        return f"Spend a ruby on {move['buy']}"
    if kind == "ruby_tile":
        return f"Spend rubies on a single {move['tile']}{at}"
    if kind == "use":
        return f"Use the {tile_name(move['tile'])}" + (
            f" (option {move['choice'] + 1})" if "choice" in move else ""
        )
    if kind == "keep_newborns":
        born = [a for a in ("sheep", "donkey", "boar", "cattle") if move[a]]
        return "Keep newborn " + (", ".join(born) or "none")
    rest = ", ".join(f"{k} {v}" for k, v in move.items() if k != "type")
    text = kind.replace("_", " ").capitalize() + at + at2
    return f"{text} ({rest})" if rest and not at else text


def move_group(state: dict, move: dict) -> str:
    kind = move["type"]
    if kind == "place":
        return space_name(move["space"])
    if kind in ("convert", "ruby", "ruby_tile", "use", "peace", "release"):
        return "At any time"
    pending = state["pending"]
    for p in pending:
        if p and p.get("kind") == "action":
            return space_name(p["target"] or p["space"])
    return "Moves"
