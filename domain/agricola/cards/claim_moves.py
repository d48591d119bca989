"""Claim cards that move a person at the end of the work phase (issue 23 item 3; decisions
K-OCC-20 to K-OCC-22 in docs/rules/cards-k-occupations.md):

* K269 Acrobat (4+): "Whenever you use the 'Traveling players' action on an action space, after
  all of the players have finished their turns you may move that person to one of the 'Take 1
  Grain', 'Plow 1 Field' and 'Plow Field and Sow' action spaces, if it's free, and take the
  action" (S1);
* K289 Countryman (4+): "After all players have placed their people, you may move one of your
  people from a 'Take 1 Grain' or 'Take 1 Vegetable' action space to a free action space with a
  'sow' action" (S1).

Seed 000 L770 and L926: the claim (a public marker, ``card_state``) is laid when the seat takes
Traveling Players (Acrobat); the moves are made after the last placement, clockwise from the
seat after the last to place, each seat moving its people in any order; no person moves twice.
The base rules open that moment as the window ``work_end`` (``work_end.py``); here are
the cards' move ``{"type": "card_move_person", "card": "K269", "from": "traveling_players",
"to": "grain"}`` (the person leaves its space and takes the new space's action, as a placement
there would: ``PersonMoved`` then the placement's own events) and the hook that says whether a
seat has such a move left. A target space must be free and its action possible for the seat
(the placement check of that space), as a placement would need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.common.errors import RuleViolation

from ..abilities import Bind, CardModule, Move
from ..builder import seat_params
from ..errors import StepNotExpected
from ..placement import check_place
from ..state import space_name
from ..statetypes import Farm
from ..steps import place_and_settle
from ..work_end import work_end_open
from .catalogue import CARDS
from .common import card_name

if TYPE_CHECKING:
    from ..builder import Builder

ACROBAT = "K269"
COUNTRYMAN = "K289"
MOVE = "card_move_person"
TRAVELING_PLAYERS = ("traveling_players", "room_or_traveling_players")
#: "Take 1 Grain", "Plow 1 Field", "Plow Field and Sow" (S1; seed 000 L770)
ACROBAT_TO = ("grain", "plough", "plough_sow")
#: from "Take 1 Grain" or "Take 1 Vegetable" to "Sow and/or Bake Bread" or "Plough 1 Field
#: and/or Sow" (S1; seed 000 L926)
COUNTRYMAN_FROM = ("grain", "vegetable")
COUNTRYMAN_TO = ("sow_bake", "plough_sow")


def acrobat_claim(b: Builder, seat: int, move: dict, before: dict) -> None:
    """``after_place``: the seat's person takes Traveling Players (not the 5-player space's
    room); the claim names that space for this round's end of the work phase. Laid at the
    placement, before the turn passes, so the last placement of a round opens the window."""
    farm = b.state["farms"][seat]
    if (
        ACROBAT not in farm.get("cards", ())
        or move.get("space") not in TRAVELING_PLAYERS
        or move.get("option") == "room"
    ):
        return
    state = b.state
    claim = farm["card_state"].get(ACROBAT)
    spaces = list(claim["from"]) if _this_round(state, claim) else []
    value = {"round": state["round"], "from": spaces + [move["space"]]}
    targets = " or ".join(space_name(s) for s in ACROBAT_TO)
    note = f"may move that person to {targets}, if free, at the end of the work phase"
    b.emit("CardStateSet", {"card": ACROBAT, "value": value, "note": note}, seat)


def _this_round(state: dict, claim: Any) -> bool:
    return isinstance(claim, dict) and claim.get("round") == state["round"]


def _offers(state: dict, farm: Farm) -> list[tuple[str, tuple, tuple]]:
    """(card, spaces a person may leave, spaces it may go to) of the seat's claim cards."""
    out: list[tuple[str, tuple, tuple]] = []
    cards = farm.get("cards", ())
    if ACROBAT in cards:
        claim: Any = farm["card_state"].get(ACROBAT)
        if _this_round(state, claim):
            out.append((ACROBAT, tuple(claim["from"]), ACROBAT_TO))
    if COUNTRYMAN in cards and farm["card_state"].get(COUNTRYMAN) != state["round"]:
        out.append((COUNTRYMAN, COUNTRYMAN_FROM, COUNTRYMAN_TO))
    return out


def _can_use(state: dict, seat: int, source: str, target: str) -> bool:
    """Whether the person on ``source`` could take ``target``'s action: the placement check,
    with that person at home and its space left."""
    farm = state["farms"][seat]
    farms = list(state["farms"])
    farms[seat] = {**farm, "home": farm["home"] + 1}
    spaces = {**state["spaces"], source: {**state["spaces"][source], "occupant": None}}
    probe = {
        **state,
        "farms": farms,
        "spaces": spaces,
        "turn": seat,
        "pending": [None] * len(state["players"]),
    }
    try:
        check_place(probe, seat, {"type": "place", "space": target})
    except RuleViolation:
        return False
    return True


def _moves(state: dict, seat: int) -> list[dict]:
    if state["phase"] != "work":
        return []
    farm = state["farms"][seat]
    moved = (state.get("work_end") or {}).get("moved", [])
    spaces = state["spaces"]
    out = []
    for card, sources, targets in _offers(state, farm):
        for source in sources:
            if source not in spaces or spaces[source]["occupant"] != seat or source in moved:
                continue
            out += [
                {"type": MOVE, "card": card, "from": source, "to": target}
                for target in targets
                if target in spaces
                and spaces[target]["occupant"] is None
                and _can_use(state, seat, source, target)
            ]
    return out


def has_move(state: dict, seat: int) -> bool:
    """The window ``work_end``: whether the seat's claim cards still offer a move."""
    return bool(_moves(state, seat))


def moves(state: dict, seat: int) -> list[dict]:
    """The moves of the seat whose turn it is at the end of the work phase."""
    return _moves(state, seat) if work_end_open(state, seat) else []


def check(state: dict, seat: int, move: dict) -> None:
    if move not in moves(state, seat):
        raise StepNotExpected(
            what=f"move a person with {card_name(move['card'])}",
            reason="the Acrobat moves a person that took Traveling Players this round to a "
            "free Take 1 Grain, Plough 1 Field or Plough 1 Field and/or Sow; the Countryman "
            "one person a round from Take 1 Grain or Take 1 Vegetable to a free sowing space; "
            "both after the last placement, in the seat's turn, and no person moves twice",
            **seat_params(state, seat),
        )


def apply(b: Builder, seat: int, move: dict) -> None:
    """The person leaves its space and takes the action of the new one."""
    if move["card"] == COUNTRYMAN:
        b.emit("CardStateSet", {"card": COUNTRYMAN, "value": b.state["round"]}, seat)
    b.emit("PersonMoved", {"from": move["from"], "to": move["to"], "card": move["card"]}, seat)
    place_and_settle(b, seat, {"type": "place", "space": move["to"]})


def label(state: dict, move: dict) -> str:
    """ "Acrobat (K269): move the person on Traveling Players to Take 1 Grain and take that
    action"."""
    card = move.get("card")
    named = f"{CARDS[card]['name']} ({card})" if card in CARDS else str(card)
    return (
        f"{named}: move your person from {space_name(str(move.get('from')))} "
        f"to {space_name(str(move.get('to')))} and take that action"
    )


#: The claim cards' move and their answer to the window ``work_end`` (the move's label is in
#: ``cards/labels.py``).
MODULE = CardModule(
    "claim_moves",
    cards=frozenset({ACROBAT, COUNTRYMAN}),
    binds=(
        Bind("after_place", acrobat_claim),
        Bind("work_end", has_move),
        Bind("anytime_candidates", moves),
    ),
    moves={MOVE: Move(check, apply, {"card": str, "from": str, "to": str})},
)
