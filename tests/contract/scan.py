"""The hidden-data scan: what only seat *k* may see, and a search for it in an output.

What a seat may see alone is read off the stored game itself (never off a response):

* every string inside a ``_private`` part of seat *k*, in the state and in every event so far
  (its hand, the cards it drafted, discarded, gave back or set aside, what it drew);
* every string inside a ``_secret`` part (nobody's while the game runs);
* every string of an event that reveals something (``Title.reveals``) *later* than now (the
  next round card, the next draw: nobody may know them yet);
* the seed of an unseeded game while it runs.

Strings that are public anyway (they stand outside every private part of the state or of an
event so far, e.g. a card passed on face up) are taken out first. Each hidden string is
searched for as a word, and so is its printed name (``Title.printed_name``, e.g. a card's
name) unless that name is a word the title shows anyway (the game's own vocabulary, read off
the public outputs of the first version). Independently, any ``_private`` part of another seat
inside a JSON output is a leak by its structure alone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from domain.common.visibility import PRIVATE, SECRET

#: hidden strings shorter than this are not searched for as text (a "1" is everywhere)
MIN_LENGTH = 3


def strings(value: Any) -> Iterable[str]:
    """Every string leaf of a JSON value (keys are structure, not secrets)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def parts(value: Any) -> Iterable[tuple[str | None, Any]]:
    """``(seat key, part)`` of every ``_private`` part, and ``(None, part)`` of every
    ``_secret`` part, anywhere inside ``value``."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == PRIVATE and isinstance(item, dict):
                yield from item.items()
            elif key == SECRET:
                yield None, item
            else:
                yield from parts(item)
    elif isinstance(value, list):
        for item in value:
            yield from parts(item)


def public_strings(value: Any) -> Iterable[str]:
    """String leaves outside every private or secret part."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in (PRIVATE, SECRET):
                yield from public_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from public_strings(item)


@dataclass
class Knowledge:
    """What is hidden from whom at one version of a game."""

    players: int
    public: set[str] = field(default_factory=set)
    own: dict[int, set[str]] = field(default_factory=dict)  # seat -> its private strings
    secret: set[str] = field(default_factory=set)  # nobody's
    future: set[str] = field(default_factory=set)  # revealed later

    def add(self, value: Any) -> None:
        """Take in an event's data or a state."""
        self.public.update(public_strings(value))
        for seat, part in parts(value):
            target = self.secret if seat is None else self.own.setdefault(int(seat), set())
            target.update(strings(part))

    def hidden_from(self, viewer: int | None) -> set[str]:
        """The strings ``viewer`` (a seat, or None: the public) may not see now."""
        mine = self.own.get(viewer, set()) if viewer is not None else set()
        out = set(self.secret) | set(self.future)
        for seat, items in self.own.items():
            if seat != viewer:
                out |= items
        return {s for s in out - self.public - mine if searchable(s)}

    @property
    def any_hidden(self) -> bool:
        """Has the game hidden anything from anyone so far (besides future draws)?"""
        return bool(self.secret or any(self.own.values()))


def searchable(value: str) -> bool:
    """A string a text search can look for: long enough and with a letter in it ("E217",
    "sheep_market"; not "1" or "3.3", which every page shows as numbers)."""
    return len(value) >= MIN_LENGTH and any(c.isalpha() for c in value)


class Scanner:
    """Searches outputs for hidden strings and their printed names."""

    def __init__(self, rules: Any, vocabulary: str) -> None:
        self.rules = rules
        self.vocabulary = vocabulary.lower()
        self._words: dict[str, list[str]] = {}
        self._everyday: dict[str, bool] = {}
        self._patterns: dict[str, re.Pattern] = {}

    def everyday(self, value: str) -> bool:
        """True when ``value`` is a word the game shows anyway (``sheep``): a text search
        cannot tell it apart, so it is not searched for."""
        if value not in self._everyday:
            self._everyday[value] = bool(
                re.search(rf"(?<!\w){re.escape(value.lower())}(?!\w)", self.vocabulary)
            )
        return self._everyday[value]

    def words(self, value: str) -> list[str]:
        """``value`` and its printed name, unless the name is an everyday word of the game."""
        if value not in self._words:
            found = [value]
            name = self.rules.printed_name(value)
            if name and not re.search(rf"(?<!\w){re.escape(name.lower())}(?!\w)", self.vocabulary):
                found.append(name)
            self._words[value] = found
        return self._words[value]

    def leaks(self, text: str, hidden: set[str], visible: set[str] = frozenset()) -> list[str]:
        """The hidden strings (or their names) found in ``text``, as words. ``visible`` are
        values the viewer may see: their names are blanked before a name is searched for (a
        hidden "Chief" must not be found in a visible "Chief's Daughter")."""
        found = [
            w
            for value in hidden
            for w in self.words(value)
            if w in text and self._pattern(w).search(text)
        ]
        if not found:
            return []
        for name in sorted(self.names(visible), key=len, reverse=True):
            text = text.replace(name, " ")
        return [w for w in found if self._pattern(w).search(text)]

    def _pattern(self, word: str) -> re.Pattern:
        if word not in self._patterns:
            self._patterns[word] = re.compile(_word(word))
        return self._patterns[word]

    def names(self, values: set[str]) -> list[str]:
        return [n for n in (self.rules.printed_name(v) for v in values) if n]


def _word(word: str) -> str:
    """``word`` as a whole word, not as a JSON object's key (``"one_food": false`` names a
    field, it does not tell a draw)."""
    return rf"(?<![\w.]){re.escape(word)}(?!\w)(?!\":)"


def foreign_private(
    body: Any, viewer: int | None, path: tuple = (), text: str | None = None
) -> list[tuple]:
    """Paths of ``_private`` parts of other seats (or any ``_secret``) inside ``body``
    (``text``, its JSON, lets a body without either key be passed over at once)."""
    if text is not None and PRIVATE not in text and SECRET not in text:
        return []
    out = []
    if isinstance(body, dict):
        for key, item in body.items():
            if key == SECRET:
                out.append(path + (key,))
            elif key == PRIVATE and isinstance(item, dict):
                out += [path + (key, s) for s in item if viewer is None or s != str(viewer)]
            else:
                out += foreign_private(item, viewer, path + (key,))
    elif isinstance(body, list):
        for i, item in enumerate(body):
            out += foreign_private(item, viewer, path + (i,))
    return out


def text_of(body: Any) -> str:
    return body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
