"""``Games``: the platform's one composition root, the object every entry point (HTTP, CLI,
workers) drives.

It builds the repository (``repository.py``: load, cache, lock and store game streams) and the
services that use it, each handed only what it needs: moves (``moves.py``), seat tokens
(``seat_keys.py``), clocks (``clocks.py``), bot seats (``seats.py``), undo and forks
(``rewind.py``), series (``series_app.py``), audits and records (``archive.py``) and readable
summaries and events (``presentation.py``). Its public API is those services' methods, bound
here by name; nothing else is wired anywhere.
"""

from __future__ import annotations

from typing import Any

from .archive import Archive
from .clock_service import Clocks
from .game import GAME_CREATED_TOPIC, GameCreated, is_over
from .moves import Moves
from .presentation import Presentation
from .repository import SNAPSHOT_INTERVAL, GameRepository
from .rewind import Rewinding
from .seat_keys import SeatKeys
from .seats import BotSeats
from .series_app import Series
from .tokens import SeatKeysIssued

__all__ = ["GAME_CREATED_TOPIC", "SNAPSHOT_INTERVAL", "GameCreated", "Games", "SeatKeysIssued"]


class Games:
    """The game service's application object (one per process)."""

    def __init__(self, env: dict | None = None, cache_size: int = 256) -> None:
        repo = self.repo = GameRepository(env, cache_size)
        self.clocks = Clocks(repo)
        self.moves = Moves(repo, self.clocks)
        self.keys = SeatKeys(repo)
        self.presentation = Presentation(repo)
        self.rewinding = Rewinding(repo)
        self.archive = Archive(repo, self.presentation)
        self.series = Series(repo, self.moves)
        self.bot_seats = BotSeats(repo, self.moves)
        self._bind_store()
        self._bind_play()
        self._bind_records()
        self._bind_series()

    is_over = staticmethod(is_over)

    @property
    def signer(self) -> Any:
        """What signs exported records (``service/signing.py``), or None."""
        return self.archive.signer

    @signer.setter
    def signer(self, signer: Any) -> None:
        self.archive.signer = signer

    @property
    def clock_min_seconds(self) -> int:
        """The shortest move clock a game may choose (tests and demonstrations set a few s)."""
        return self.moves.clock_min_seconds

    @clock_min_seconds.setter
    def clock_min_seconds(self, seconds: int) -> None:
        self.moves.clock_min_seconds = seconds

    def _bind_store(self) -> None:
        repo = self.repo
        self.name, self.env, self.factory = repo.name, repo.env, repo.factory
        self.mapper, self.save = repo.mapper, repo.save
        self.events, self.recorder, self.snapshots = repo.events, repo.recorder, repo.snapshots
        self.after_save = repo.after_save
        self.close = repo.close
        self.get_game, self.read, self.game_at = repo.get_game, repo.read, repo.game_at
        self.rebuild, self.state_at, self.exists = repo.rebuild, repo.state_at, repo.exists
        self.stored_events, self.game_ids = repo.stored_events, repo.game_ids
        self.store_recorded = repo.store_recorded

    def _bind_play(self) -> None:
        moves, keys, clocks, bots = self.moves, self.keys, self.clocks, self.bot_seats
        self.create_game, self.legal_moves, self.play = (
            moves.create_game,
            moves.legal_moves,
            moves.play,
        )
        self.seat_keys, self.seat_for_token = keys.seat_keys, keys.seat_for_token
        self.locate_token, self.replace_seat_token = keys.locate_token, keys.replace_seat_token
        self.clock_due, self.start_vacation = clocks.clock_due, clocks.start_vacation
        self.reclaim_seat = clocks.reclaim_seat
        self.bots_to_act, self.waits_for_bot = bots.bots_to_act, bots.waits_for_bot
        self.play_bot, self.is_game_stream = bots.play_bot, bots.is_game_stream

    def _bind_records(self) -> None:
        rewinding, archive, shown = self.rewinding, self.archive, self.presentation
        self.request_undo, self.answer_undo = rewinding.request_undo, rewinding.answer_undo
        self.check_move_boundary = rewinding.check_move_boundary
        self.fork, self.seat_fork = rewinding.fork, rewinding.seat_fork
        self.log_entries, self.audit, self.export = (
            archive.log_entries,
            archive.audit,
            archive.export,
        )
        self.import_record = archive.import_record
        self.summary, self.revealed_seeds = shown.summary, shown.revealed_seeds
        self.event_data, self.event_view = shown.event_data, shown.event_view

    def _bind_series(self) -> None:
        series = self.series
        self.series_events, self.series_state = series.series_events, series.series_state
        self.series_current, self.start_series = series.series_current, series.start_series
        self.series_move, self.series_legal_moves = series.series_move, series.series_legal_moves
        self.series_moves_labelled = series.series_moves_labelled
        self.series_key, self.series_token_valid = series.series_key, series.series_token_valid
        self.series_summary, self.series_log = series.series_summary, series.series_log
        self.series_export, self.series_audit = series.series_export, series.series_audit
