"""Counted nouns and names in the reader's language (digest §0.3 nouns): "3 wood", "1 sheep",
"Ann and Bob" (``domain.common.i18n``); the event sentences (:mod:`.text`), the move labels and
the step prompts build on them."""

from __future__ import annotations

from typing import Any

from domain.common.i18n import gettext, join_list, ngettext, npgettext

from .tables import PLURAL, SINGULAR

#: the catalogues' context of counted goods and animals ("{n} wood", "{n} vegetables")
COUNT_CONTEXT = "agricola count"


def count_messages() -> dict[str, tuple[str, str]]:
    """The counted nouns' messages: good -> (singular, plural) ids (``COUNT_CONTEXT``)."""
    return {g: ("{n} " + SINGULAR[g], "{n} " + PLURAL[g]) for g in SINGULAR}


def count_text(n: int, good: str) -> str:
    """ "3 wood", "1 vegetable", "2 vegetables", "1 wild boar" (digest §0.3 nouns), in the
    reader's language with its plural forms (1 дерево, 2 дерева, 5 деревьев)."""
    if good not in SINGULAR:
        return f"{n} {good}"
    one, many = "{n} " + SINGULAR[good], "{n} " + PLURAL[good]
    return npgettext(COUNT_CONTEXT, one, many, n).format(n=n)


def goods_text(goods: dict) -> str:
    """ "2 wood and 1 clay" ("nothing" for none)."""
    parts = [count_text(n, g) for g, n in goods.items() if n]
    return join_list(parts, gettext("nothing"))


def names_text(names: list[str]) -> str:
    """ "Ann and Bob" ("nobody" for none)."""
    return join_list(list(names), gettext("nobody"))


def animal_count(n: int) -> str:
    """ "3 animals" (of any type)."""
    return ngettext("{n} animal", "{n} animals", n).format(n=n)


def seat_name(names: list[str], seat: Any) -> str:
    """The name of ``seat`` ("nobody" for none)."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return gettext("nobody")
