"""Caverna's nouns in sentences: goods, animals and spaces as players say them."""

from __future__ import annotations

from .board import label
from .furnishings import tile_name
from .spaces import space_name

_PLURAL = {
    "wood": "wood",
    "stone": "stone",
    "ore": "ore",
    "ruby": "rubies",
    "grain": "grain",
    "vegetable": "vegetables",
    "food": "food",
    "gold": "gold",
    "sheep": "sheep",
    "donkey": "donkeys",
    "boar": "wild boars",
    "cattle": "cattle",
    "dog": "dogs",
}
_SINGULAR = {
    "ruby": "ruby",
    "vegetable": "vegetable",
    "donkey": "donkey",
    "boar": "wild boar",
    "dog": "dog",
}


def good_word(good: str, n: int) -> str:
    return _SINGULAR.get(good, good) if n == 1 else _PLURAL.get(good, good)


def goods_text(goods: dict) -> str:
    """``{"wood": 2, "ruby": 1}`` -> "2 wood and 1 ruby"; empty -> "nothing"."""
    parts = [f"{n} {good_word(g, n)}" for g, n in goods.items() if n]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def spaces_text(spaces) -> str:
    return " and ".join(label(s) for s in spaces)


__all__ = ["goods_text", "good_word", "label", "spaces_text", "space_name", "tile_name"]
