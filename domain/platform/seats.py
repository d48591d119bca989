"""Bots in stored games: which seats they play, and one bot move (a service of ``Games``).

A worker job calls :meth:`BotSeats.play_bot` with the version after which it was enqueued; if
the game has moved on meanwhile the job does nothing (another job was enqueued for the newer
version). The bot's only input is ``title.view(state, seat)``; its move goes through
``Games.play`` like any client's, with ``If-Match`` on that version, and is recorded with the
bot and level in the move's command. A move the rules refuse is logged and replaced once by a
random listed move (never retried forever).
"""

from __future__ import annotations

import logging
import uuid
from typing import TYPE_CHECKING, Any

from domain.common.errors import ConflictError, DomainError, RuleViolation

from ..bots import BotSpec, bot_move, bot_rng
from ..bots.players import choose_random
from .game import is_over

log = logging.getLogger(__name__)


def bot_spec(game: Any, seat: int) -> BotSpec | None:
    entry = game.bots.get(str(seat))
    return None if entry is None else BotSpec(entry["bot"], int(entry["level"]))


if TYPE_CHECKING:  # the services are handed the repository; they never build one
    from .moves import Moves
    from .repository import GameRepository


class BotSeats:
    """Bot seats of stored games."""

    def __init__(self, repo: GameRepository, moves: Moves) -> None:
        self.repo, self.moves = repo, moves

    def bots_to_act(self, game: Any) -> list[int]:
        """The bot seats the game waits for now (none while an undo waits or once it is over)."""
        if not game.bots or game.pending_undo or is_over(game):
            return []
        return [s for s in sorted(game.rules.status(game.state).to_act) if str(s) in game.bots]

    def waits_for_bot(self, game_id: uuid.UUID, version: int) -> bool:
        """Whether the game, at ``version``, waits for a bot. After-save hooks ask after every
        move of every game, so a cached game without bots and without a clock (only a clock's
        expiry seats a bot later) is answered at once, whatever version the cache holds;
        the others are read from the store."""
        game = self.repo.cached(game_id)
        if game is not None and not game.bots and not game.clock:
            return False
        if game is None and not self.is_game_stream(game_id):
            return False
        game = self.repo.get_game(game_id)
        return game.version == version and bool(self.bots_to_act(game))

    def is_game_stream(self, stream_id: uuid.UUID) -> bool:
        """Whether ``stream_id`` is a game's stream: the after-save hooks hear every stream
        saved, and a solo series (and its key) is a stream of its own, no game to fold."""
        first = list(self.repo.guard(self.repo.events.get, stream_id, lte=1))
        return bool(first) and getattr(first[0], "type", None) == "GameCreated"

    def play_bot(
        self, game_id: uuid.UUID, version: int, budget: float | None = None, chooser: Any = None
    ) -> Any:
        """One bot move if the game is still at ``version`` and waits for a bot; returns the
        ``MoveResult`` or None (stale job, nothing to do, or another write won)."""

        def look(game: Any) -> Any:
            if game.version != version:
                return None
            seats = self.bots_to_act(game)
            if not seats:
                return None
            seat = seats[0]
            return (
                seat,
                bot_spec(game, seat),
                game.rules,
                game.rules.view(game.state, seat),
                game.seed_for(version),
            )

        if self.repo.cached(game_id) is None and not self.is_game_stream(game_id):
            return None  # a series' stream, not a game's (see ``is_game_stream``)
        found = self.repo.read(game_id, look)
        if found is None:
            return None
        seat, spec, rules, view, seed = found
        rng = bot_rng(seed, version, seat)
        choose = chooser or bot_move
        try:
            move = choose(rules, view, seat, spec, rng, budget)
        except Exception:  # a bot that fails must not stall the game: random plays instead
            log.exception(
                "bot %s level %s for seat %s of game %s failed to choose a move; "
                "playing a random listed move instead",
                spec.bot,
                spec.level,
                seat,
                game_id,
            )
        else:
            if move is None:
                return None
            try:
                return self.moves.play(
                    game_id, seat, move, expected_version=version, bot=spec.as_dict()
                )
            except ConflictError:
                return None  # the game moved on: a newer job has the turn
            except RuleViolation as err:
                log.warning(
                    "bot %s level %s for seat %s of game %s made a move the rules "
                    "refuse (%s: %s); playing a random listed move instead",
                    spec.bot,
                    spec.level,
                    seat,
                    game_id,
                    err.code,
                    err.message,
                )
        return self._fallback(game_id, version, seat, spec, rules, view, rng)

    def _fallback(
        self,
        game_id: uuid.UUID,
        version: int,
        seat: int,
        spec: BotSpec,
        rules: Any,
        view: dict,
        rng: Any,
    ) -> Any:
        """A random listed move in place of the bot's (which failed or was refused)."""
        moves = rules.legal_moves(view, seat)
        if not moves:
            return None
        fallback = choose_random(rules, view, seat, moves, rng, 1)
        try:
            return self.moves.play(
                game_id,
                seat,
                fallback,
                expected_version=version,
                bot={"bot": "random", "level": 1, "fallback_from": spec.as_dict()},
            )
        except ConflictError:
            return None
        except DomainError as err:
            log.error(
                "the random fallback of seat %s in game %s was refused too (%s); the "
                "bot gives up this turn",
                seat,
                game_id,
                err.code,
            )
            return None
