"""Starting games and playing moves: the platform's command side for one game.

A move is decided by the title's pure rules against the current state and saved with the
game's lock held, in one transaction with optimistic concurrency (``repository.py``). The
command is stored on the first event it produced, so an audit can re-run it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING

from eventsourcing.persistence import IntegrityError

from ..bots import seat_players
from ..common.errors import (
    ConcurrentWrite,
    IdempotencyKeyReused,
    InvalidMove,
    NotYourTurn,
    RuleViolation,
    StaleVersion,
)
from ..common.events import Event
from ..common.rng import Rng, new_seed, seed_hash
from ..common.title import GameConfig
from . import dropping, registry
from .clocks import DEFAULT_MIN_SECONDS, check_clock
from .game import Created, Game, GameEvent, MoveResult, fact_dict, idem_key, is_over, request_hash
from .meta import check_open
from .records import jsonclean

if TYPE_CHECKING:  # the services are handed what they use; they never build it
    from .clock_service import Clocks
    from .repository import GameRepository

MAX_MOVE_ATTEMPTS = 4


def move_events(game: Game, facts: list[Event], command: dict | None) -> list[GameEvent]:
    """The stored events of one move: its facts after the game's version, the command on the
    first."""
    return [
        GameEvent(
            originator_id=game.id,
            originator_version=game.version + 1 + i,
            timestamp=GameEvent.create_timestamp(),
            type=fact.type,
            seat=fact.seat,
            data=jsonclean(fact.data),
            command=command if i == 0 else None,
        )
        for i, fact in enumerate(facts)
    ]


class Moves:
    """New games, legal moves and moves (api.md "Games" and "Moves")."""

    def __init__(self, repo: GameRepository, clocks: Clocks) -> None:
        self.repo, self.clocks = repo, clocks
        #: the shortest move clock a game may choose (tests and demonstrations set a few s)
        self.clock_min_seconds = int(
            repo.env.get("CHRONICLE_CLOCK_MIN_SECONDS") or DEFAULT_MIN_SECONDS
        )

    def create_game(
        self,
        title: str,
        variant: str,
        players: list,
        options: dict | None = None,
        seed: int | None = None,
        series: dict | None = None,
        also: Callable[[uuid.UUID], list] | list | None = None,
    ) -> Created:
        """Set up a new game. Without ``seed`` a private 128-bit seed is drawn. A player is a
        name or a bot seat (``{"bot": "search", "level": 2}``, see ``domain/bots``);
        ``options["clock"]`` is the platform's move clock (``clocks.py``), the other options
        are the title's. A game of a series (``series_app.py``) names it in ``series``
        (``{"id", "number", "carry"}``, recorded in ``GameCreated``) and passes the series'
        own events in ``also``, saved in the same transaction."""
        rules = registry.current(title)
        options = dict(options or {})
        clock = check_clock(options.pop("clock", None), self.clock_min_seconds)
        players, bots = seat_players(list(players))
        config = GameConfig(variant, tuple(players), options)
        filled = rules.check_config(config)
        config = GameConfig(variant, tuple(players), filled, series=series)
        seeded = seed is not None
        seed = int(seed) if seed is not None else new_seed()
        game_id = uuid.uuid4()
        setup = [fact_dict(f) for f in rules.setup(config, Rng(seed))]
        data = {
            "title": rules.name,
            "rules_version": rules.rules_version,
            "variant": variant,
            "players": list(players),
            "options": filled,
            "seeded": seeded,
            "seeds": [{"from": 0, "seed": seed, "hash": seed_hash(seed), "origin": str(game_id)}],
            "parent": None,
            "setup": jsonclean(setup),
        }
        if series is not None:
            data["series"] = jsonclean(series)
        if bots:
            data["bots"] = bots
        if clock:
            data["clock"] = clock
        return self.repo.start(game_id, data, [], also=also)

    def legal_moves(self, game_id: uuid.UUID, seat: int) -> tuple[int, list[dict]]:
        """The moves ``seat`` may post now (none while an undo waits, once the game is over,
        or for a dropped seat: only its zombie moves for it)."""

        def moves(game: Game) -> tuple[int, list[dict]]:
            if game.pending_undo or is_over(game) or dropping.is_dropped(game, seat):
                return game.version, []
            return game.version, game.rules.legal_moves(game.state, seat)

        return self.repo.read(game_id, moves)

    def play(
        self,
        game_id: uuid.UUID,
        seat: int,
        move: dict,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        bot: dict | None = None,
    ) -> MoveResult:
        """Decide and save one move for ``seat``.

        With ``expected_version`` (If-Match) the move is refused with ``StaleVersion`` unless the
        game is still at that version; if another write wins the race meanwhile the caller gets
        ``ConcurrentWrite``. Without it, a lost race is retried: the rules decide again against
        the new state. A repeated ``idempotency_key`` with the same move returns the first
        result and records nothing. ``bot`` (``{"bot", "level"}``) marks a move a bot chose;
        a player moving for a seat a bot took over when its clock ran out takes it back.
        """
        move_hash = request_hash(seat, move)
        for _attempt in range(MAX_MOVE_ATTEMPTS):
            with self.repo.lock(game_id):
                game = self.repo.current(game_id)
                if idempotency_key is not None:
                    earlier = self._replayed(game, seat, idempotency_key, move_hash)
                    if earlier is not None:
                        return earlier
                if expected_version is not None and expected_version != game.version:
                    raise StaleVersion(expected=expected_version, current=game.version)
                game = self._seat_check(game, seat, bot)
                facts = game.rules.decide(game.state, seat, move, Rng(game.seed_for(game.version)))
                if not facts:
                    raise InvalidMove(reason="the move changes nothing")
                command = self._command(game, seat, move, len(facts), bot)
                if idempotency_key is not None:
                    command["key"] = idempotency_key
                    command["hash"] = move_hash
                events = move_events(game, facts, command)
                try:
                    self.repo.store(events)
                except IntegrityError:
                    self.repo.forget(game_id)
                    if expected_version is not None and idempotency_key is None:
                        raise ConcurrentWrite(current=self.repo.get_game(game_id).version) from None
                    continue
                self.repo.after_append(game, events)
                return MoveResult(events[-1].originator_version, events)
        raise ConcurrentWrite(current=self.repo.get_game(game_id).version)

    def _replayed(self, game: Game, seat: int, key: str, move_hash: str) -> MoveResult | None:
        """The first result of a repeated ``Idempotency-Key`` (None for a new key)."""
        earlier = game.idem.get(idem_key(seat, key))
        if earlier is None:
            return None
        if earlier["hash"] != move_hash:
            raise IdempotencyKeyReused(key=key)
        events = self.repo.stored_events(
            game.id, after=earlier["first"] - 1, limit=earlier["last"] - earlier["first"] + 1
        )
        return MoveResult(earlier["last"], events, replayed=True)

    def _seat_check(self, game: Game, seat: int, bot: dict | None) -> Game:
        """The game ``seat`` may move in now (a player back from the clock's bot takes the
        seat back first), or the refusal."""
        if bot is None and game.bots.get(str(seat), {}).get("why") == "clock":
            self.clocks.reclaim_seat(game.id, seat)  # the player is back
            game = self.repo.current(game.id)
        if bot is None and dropping.is_dropped(game, seat):  # only its zombie moves
            raise RuleViolation("seat_dropped", seat_name=game.players[seat])
        if not 0 <= seat < len(game.players):
            raise NotYourTurn(seat_name=f"seat {seat}", waiting="its players")
        check_open(game)
        return game

    @staticmethod
    def _command(game: Game, seat: int, move: dict, count: int, bot: dict | None) -> dict:
        command = {
            "seat": seat,
            "move": game.rules.seal_move(jsonclean(move), seat),
            "count": count,
        }
        if bot is not None:
            command["bot"] = dict(bot)
        return command
