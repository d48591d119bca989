"""The move clocks' service: reminders and expiries written when due, vacations, and a player
taking back a seat the clock's bot played (issue 25). The clock's rules, and how a game folds
its clock events, are ``clocks.py``; this service only writes the events those rules allow.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, cast

from ..common.errors import RuleViolation
from .clocks import DAY, deadline, expiry, summary
from .game import is_over, meta_events
from .meta import check_open

if TYPE_CHECKING:  # the services are handed the repository; they never build one
    from .repository import GameRepository


class Clocks:
    """The clock's events, written only here (composed into :class:`~.application.Games`)."""

    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo

    def clock_due(self, game_id: uuid.UUID, now: float) -> list[str]:
        """Write the reminders and expiries due at ``now`` (epoch seconds, the worker's clock)
        for one game; returns the event types written. Idempotent: a deadline already reminded
        or expired in the folded state is skipped."""
        with self.repo.lock(game_id):
            game = self.repo.current(game_id)
            if not getattr(game, "clocks", None) or game.pending_undo or is_over(game):
                return []
            written = []
            for seat in sorted(int(s) for s in game.clocks["since"]):
                end = deadline(game, seat)
                key = str(seat)
                if end is None or game.pending_undo or is_over(game):
                    continue
                if now >= end and game.clocks["expired"].get(key) != end:
                    fact = ("ClockExpired", seat, expiry(game, seat, end))
                elif (
                    now >= end - game.clock["reminder"]
                    and now < end
                    and game.clocks["reminded"].get(key) != end
                ):
                    fact = ("ClockReminder", seat, {"seat": seat, "deadline": end})
                else:
                    continue
                # one batch per fact, each re-derivable from the game as it then stood
                self.repo.append(game, meta_events(game, [fact]))
                written.append(fact[0])
            return written

    def start_vacation(self, game_id: uuid.UUID, seat: int, days: int) -> dict:
        """Pause ``seat``'s clock for ``days`` days (of the days the game allows)."""
        with self.repo.lock(game_id):
            game = self.repo.current(game_id)
            clocks = getattr(game, "clocks", None)
            left = clocks["vacation_left"][str(seat)] / DAY if clocks else 0
            if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= left:
                raise RuleViolation(
                    "vacation_not_possible", seat_name=game.players[seat], days=days, left=int(left)
                )
            check_open(game)
            self.repo.append(
                game, meta_events(game, [("VacationStarted", seat, {"seat": seat, "days": days})])
            )
            return cast(dict, summary(game))

    def reclaim_seat(self, game_id: uuid.UUID, seat: int) -> bool:
        """The player takes ``seat`` back from the bot that played on after its clock ran out;
        False when no bot plays it for that reason."""
        with self.repo.lock(game_id):
            game = self.repo.current(game_id)
            if game.bots.get(str(seat), {}).get("why") != "clock":
                return False
            self.repo.append(game, meta_events(game, [("SeatReclaimed", seat, {"seat": seat})]))
            return True
