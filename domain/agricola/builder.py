"""Emitting events while a move is decided: the :class:`Builder` keeps a private copy of the
state and evolves it with every event it emits, so later checks of the same move see the effect
of earlier ones (placements in ``placement.py``, the steps of an action in ``steps.py``)."""

from __future__ import annotations

from domain.common.builder import EventBuilder, clone

from .evolve import evolve
from .state import name


class Builder(EventBuilder):
    """Collects events and evolves a private copy of the state as they are emitted."""

    def __init__(self, state: dict) -> None:
        super().__init__(state, clone, evolve)


def seat_params(state: dict, seat: int) -> dict:
    """The ``seat_name`` every message about ``seat`` uses."""
    return {"seat_name": name(state, seat)}
