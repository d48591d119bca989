"""The deal at set-up, by the chosen variant (digest §10.4, §9.2 item 7): the solo game's
chosen cards and cardless board start in :mod:`.choose`, every other variant shuffles and deals
in :mod:`.deal`. Kept apart so neither of the two imports the other."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .choose import apply_choice, check_choice, choose_moves, start
from .deal import SOLO_DEALINGS, apply_deal_move, check_deal_move, deal_moves, empty_hands
from .deal import deal as shuffle_and_deal

if TYPE_CHECKING:
    from ..builder import Builder


def deal(b: Builder, rng: Any, cards: dict) -> None:
    """Deal the hands of a new full game."""
    if cards.get("dealing", "normal") in SOLO_DEALINGS:
        start(b, empty_hands(len(b.state["players"])), cards)
        return
    shuffle_and_deal(b, rng, cards)


def moves(state: dict, seat: int) -> list[dict]:
    """The deal's moves for ``seat``: the solo game's card choices, or the dealt variants'."""
    pending = state["pending"][seat]
    if state["phase"] == "deal" and pending is not None and pending["kind"] == "choose":
        return choose_moves(state, seat)
    return deal_moves(state, seat)


def check(state: dict, seat: int, move: dict) -> None:
    """Refuse a deal move that is not listed, with the solo choice's own reason first."""
    if move["type"] == "choose_card" and state["phase"] == "deal":
        check_choice(state, seat, move)
    if move not in moves(state, seat):
        check_deal_move(state, seat, move)  # raises the deal's refusal


def apply(b: Builder, seat: int, move: dict) -> None:
    if move["type"] == "choose_card":
        apply_choice(b, seat, move)
        return
    apply_deal_move(b, seat, move)
