"""Renovating a clay hut to a stone house at any time, without an action (issue 23 item 3;
catalogue K303 Stone Breaker, effect ``renovate_stone_any_time``; seed 000 L812: the
renovation is paid as usual, and not together with the Conservator E200, whose way from a
wooden hut it does not offer). The move is the Builder's Trowel's ``card_renovate`` (E50,
``card_moves.renovate_moves``), naming this card; ``pay`` picks another way to pay the seat's cards
offer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..conversions import conversions_open
from ..farm import renovation_problem, renovations
from . import card_moves, engine

if TYPE_CHECKING:
    from ..builder import Builder


def moves(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    if farm["house"] != "clay" or conversions_open(state, seat):
        return []
    cards = [
        c for c in farm.get("cards", []) if engine.effect(c, farm).get("renovate_stone_any_time")
    ]
    if not cards:
        return []
    pays = [
        i
        for i, (target, _) in enumerate(renovations(farm))
        if target == "stone" and not renovation_problem(farm, i)
    ]
    return [
        {"type": "card_renovate", "card": c, **({"pay": i} if i else {})}
        for c in cards
        for i in pays
    ]


def check(state: dict, seat: int, move: dict) -> None:
    if move in moves(state, seat):
        return
    card_moves.check_card_renovate(state, seat, move)


def apply(b: Builder, seat: int, move: dict) -> None:
    card_moves.apply_card_renovate(b, seat, move)
