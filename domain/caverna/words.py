"""Caverna's nouns in sentences: goods, animals and spaces as players say them."""

from __future__ import annotations

from collections.abc import Iterable

from domain.common.i18n import gettext, join_list, npgettext

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


#: the catalogues' context of counted goods and animals ("{n} rubies")
COUNT_CONTEXT = "caverna count"


def good_word(good: str, n: int) -> str:
    return _SINGULAR.get(good, good) if n == 1 else _PLURAL.get(good, good)


def count_messages() -> dict[str, tuple[str, str]]:
    """good -> the (singular, plural) message ids of "{n} <good>" (``COUNT_CONTEXT``)."""
    return {g: ("{n} " + good_word(g, 1), "{n} " + good_word(g, 2)) for g in _PLURAL}


def count_text(n: int, good: str) -> str:
    """ "2 rubies" in the reader's language, with its plural forms."""
    if good not in _PLURAL:
        return f"{n} {good}"
    one, many = count_messages()[good]
    return npgettext(COUNT_CONTEXT, one, many, n).format(n=n)


def goods_text(goods: dict) -> str:
    """``{"wood": 2, "ruby": 1}`` -> "2 wood and 1 ruby"; empty -> "nothing"."""
    parts = [count_text(n, g) for g, n in goods.items() if n]
    return join_list(parts, gettext("nothing"))


def spaces_text(spaces: Iterable[int]) -> str:
    return join_list([label(s) for s in spaces])


__all__ = ["goods_text", "good_word", "label", "spaces_text", "space_name", "tile_name"]
