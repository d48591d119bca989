"""The end of the work phase (issue 23 item 3): the window ``work_end`` of the extension,
between the last placement and the return home (digest §3.2 phase 3 to 4, §10.1 claim markers).

The family game and the card sets without a claim card never open it (no hook answers). Where
a card answers (the Acrobat K269, the Countryman K289: ``cards/claim_moves.py``), the seats it
names take turns, one by one, clockwise from the seat after the last to place a person (seed
000 L770): ``WorkEndTurn`` gives a seat the turn, the seat makes the card's moves in any order
(``PersonMoved``: a person leaves its space and takes another's action), then passes with
``work_end_pass`` (``WorkEndPassed``); ``PeopleReturned`` follows when no seat is left. No
person moves twice (the state's ``work_end.moved``).
"""

from __future__ import annotations

from domain.common.i18n import NP_

from .builder import Builder, seat_params
from .errors import StepNotExpected
from .extension import of


def work_end_turn(b: Builder, seat: int) -> bool:
    """After the last placement, before the people return home: the seats whose cards let them
    move people (window ``work_end``: the Acrobat K269, the Countryman K289) take their turns
    one by one, clockwise from the seat after the last to place a person (seed 000 L770, digest
    §10.1 claim markers); each moves its people in any order it likes, then passes
    (``work_end_pass``). ``WorkEndTurn`` hands the turn to the next such seat; False when no
    seat is left (the people return home)."""
    hooks = of(b.state).work_end
    if not hooks:
        return False
    state = b.state
    window = state.get("work_end")
    n = len(state["players"])
    after = seat if window is None else window["after"]
    for k in range(0 if window is None else window["at"], n):
        candidate = (after + 1 + k) % n
        if any(hook(state, candidate) for hook in hooks):
            b.emit("WorkEndTurn", {"to": candidate, "after": after, "at": k}, seat)
            return True
    return False


def work_end_open(state: dict, seat: int) -> bool:
    """Whether ``seat`` is the one taking its turn at the end of the work phase."""
    return bool(
        state["phase"] == "work"
        and state.get("work_end")
        and state["turn"] == seat
        and state["pending"][seat] is None
    )


def check_work_end_pass(state: dict, seat: int, move: dict) -> None:
    if not work_end_open(state, seat):
        raise StepNotExpected(
            what=NP_("error part", "end its turn at the end of the work phase"),
            reason=NP_(
                "error part",
                "only a seat whose card lets it move people after the last placement, "
                "with no action in progress, passes then",
            ),
            **seat_params(state, seat),
        )


def apply_work_end_pass(b: Builder, seat: int, move: dict) -> None:
    """``work_end_pass``: the seat moves no more people; the next seat's turn, or phase 4."""
    b.emit("WorkEndPassed", {}, seat)
    if not work_end_turn(b, seat):
        b.emit("PeopleReturned", {"round": b.state["round"]})
