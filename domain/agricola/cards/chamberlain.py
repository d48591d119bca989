"""I238 Chamberlain (1+): "At the start of round 11 (or immediately, if you play this card after
the start of Round 11), turn over the round cards for the remaining rounds. You (and only you)
can use these actions immediately; the other players must wait until the appropriate round"
(S1; seed 000 L810: the owner decides in which order the stage 5 cards come, and may use any
round card in the current round or a later one; decision I-31).

* The remaining round cards are turned over at once: where two stage 5 cards remain, the owner
  first chooses which comes in round 12 (``{"type": "chamberlain_order", "card": "I238",
  "first": "plough_sow"}``, a step of its own; at the start of round 11 it is asked before
  anyone places).
* The event ``RoundCardsRevealed`` (``evolve_cards``) fixes the order of the rounds to come
  (``round_order``, as the solo player's fixed order) and puts the cards on the board for the
  owner only: another seat may not use them before their round (``place_problems``); the
  owner's place moves on them are listed by this module. At its round a card is revealed as
  usual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities import Bind, CardModule, Move
from ..action_spaces import ROUND_CARDS
from ..builder import seat_params
from ..errors import StepNotExpected
from ..flow import FAMILY_CARD
from ..placement import place_variants
from ..steps import settle
from ..tables import STAGE_OF_ROUND

if TYPE_CHECKING:
    from ..builder import Builder

CARD = "I238"
KIND = "chamberlain_order"
MOVE = "chamberlain_order"
FROM_ROUND = 11


def _remaining(state: dict) -> dict[int, list[str]]:
    """The round cards still to come, by stage (family ids)."""
    shown = [FAMILY_CARD.get(c, c) for c in state["round_cards"]]
    stages = {STAGE_OF_ROUND[r] for r in range(state["round"] + 1, 15)}
    return {s: [c for c in ROUND_CARDS[s] if c not in shown] for s in sorted(stages)}


def _reveal(b: Builder, seat: int, first: str | None) -> None:
    state = b.state
    order = []
    for cards in _remaining(state).values():
        if first in cards:
            cards = [first] + [c for c in cards if c != first]
        order += cards
    rounds = range(state["round"] + 1, 15)
    if not order or len(order) != len(rounds):
        return
    revealed = {str(r): c for r, c in zip(rounds, order)}
    b.emit("RoundCardsRevealed", {"card": CARD, "rounds": revealed}, seat)


def _ask_or_reveal(b: Builder, seat: int) -> None:
    stage_5 = _remaining(b.state).get(5, [])
    if len(stage_5) < 2:
        _reveal(b, seat, None)
        return
    previous = b.state["pending"][seat]
    pending = {"kind": KIND, "space": None, "done": [], "cards": stage_5, "resume": previous}
    b.emit("CardStep", {"card": CARD, "pending": pending}, seat)


def round_start(b: Builder, seat: int, round_no: int, card_id: str) -> None:
    if round_no == FROM_ROUND:
        _ask_or_reveal(b, seat)


def on_play(b: Builder, owner: int, event: Any, card_id: str) -> None:
    """``after_any`` with ``round_check``: played after the start of round 11, at once."""
    if event is None and b.state["round"] >= FROM_ROUND:
        _ask_or_reveal(b, owner)


def moves(state: dict, seat: int) -> list[dict]:
    pending = state["pending"][seat]
    if pending and pending.get("kind") == KIND:
        return [{"type": MOVE, "card": CARD, "first": c} for c in pending["cards"]]
    if (
        pending is None
        and state["phase"] == "work"
        and state.get("turn") == seat
        and CARD in state["farms"][seat].get("cards", ())
    ):
        return [
            m
            for s, space in state["spaces"].items()
            if space.get("early") is not None and s not in state["space_order"]
            for m in place_variants(state, s)
        ]
    return []


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what="order the round cards",
            reason="the Chamberlain's owner chooses which stage 5 card comes first when they "
            "are turned over",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    resume = b.state["pending"][seat].get("resume")
    b.emit("CardStep", {"card": CARD, "pending": resume}, seat)
    _reveal(b, seat, move["first"])
    if resume is not None:
        settle(b, seat)


def place_problem(state: dict, seat: int, space_id: str, move: dict) -> str | None:
    """``place_problems``: a card turned over early is the owner's alone until its round."""
    early = state["spaces"].get(space_id, {}).get("early")
    if early is not None and early != seat and space_id not in state["space_order"]:
        return "its round has not come yet (only the Chamberlain's owner may use it now)"
    return None


MODULE = CardModule(
    "chamberlain",
    cards=frozenset({CARD}),
    binds=(
        Bind("place_problems", place_problem),
        Bind("anytime_candidates", moves),
        Bind("work_kinds", (KIND,)),
    ),
    moves={MOVE: Move(check, apply, {"card": str, "first": str})},
    steps={KIND: (("order",), "it must choose the order of the stage 5 round cards")},
)
