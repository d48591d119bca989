"""Hidden information, removed per viewer by one function.

Titles keep hidden information in two reserved keys, anywhere inside a state or an event's data:

* ``"_secret"``: seen by nobody while the game runs (the order of a shuffled deck, a bag's draw
  order). Titles that draw lazily from :mod:`domain.common.rng` need none.
* ``"_private"``: a dict from seat number (as a string) to what only that seat may see (its hand).

A stored move keeps its private fields the same way (:func:`seal`: the card a seat drafts or
discards sits under ``_private`` of the seat that made the move), so the one filter serves moves
too; :func:`unseal` puts them back where the rules read them (audits, imports).

:func:`redact` is the single per-viewer filter: every output path (state, events, moves, scores,
exports, notices, streams) passes its title data through it. Once the game is finished everything
is public (the rulebook's end: all cards are turned face up).
"""

from __future__ import annotations

from typing import Any

SECRET = "_secret"
PRIVATE = "_private"


def redact(value: Any, viewer: int | None, finished: bool = False) -> Any:
    """A copy of ``value`` as ``viewer`` (a seat number, or None for the public) may see it."""
    if finished:
        return value
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == SECRET:
                continue
            if key == PRIVATE:
                if viewer is not None and isinstance(item, dict) and str(viewer) in item:
                    out[PRIVATE] = {str(viewer): redact(item[str(viewer)], viewer, finished)}
                continue
            out[key] = redact(item, viewer, finished)
        return out
    if isinstance(value, list):
        return [redact(item, viewer, finished) for item in value]
    return value


def has_hidden(value: Any) -> bool:
    """True when ``value`` holds any ``_secret`` or ``_private`` part (titles use it to skip
    work)."""
    if isinstance(value, dict):
        return SECRET in value or PRIVATE in value or any(has_hidden(v) for v in value.values())
    if isinstance(value, list):
        return any(has_hidden(v) for v in value)
    return False


def seal(move: dict, seat: int | None, fields: tuple[str, ...]) -> dict:
    """``move`` with ``fields`` moved under ``_private`` of ``seat`` (what only the mover may
    see, e.g. the card it drafts); a move with none of them, or no seat, comes back as is."""
    hidden = {k: move[k] for k in fields if k in move}
    if not hidden or seat is None:
        return move
    out = {k: v for k, v in move.items() if k not in hidden}
    mine = dict(out.get(PRIVATE, {}).get(str(seat), {}), **hidden)
    out[PRIVATE] = {**out.get(PRIVATE, {}), str(seat): mine}
    return out


def unseal(move: Any, seat: int | None) -> Any:
    """A sealed move as the rules read it: ``seat``'s private fields back in place (a move
    that was never sealed comes back as is). Other seats' parts are dropped."""
    if not isinstance(move, dict) or PRIVATE not in move:
        return move
    out = {k: v for k, v in move.items() if k != PRIVATE}
    part = move[PRIVATE].get(str(seat)) if isinstance(move[PRIVATE], dict) else None
    if isinstance(part, dict):
        out.update(part)
    return out
