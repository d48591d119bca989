"""``Tables``: open tables stored in the games' event store, and the games they start.

When a join fills the last seat, or the creator starts at once, the game is created by
``Games.create_game`` and the table's events (the last ``SeatTaken`` and ``TableStarted``) are
saved *in the same transaction* (its ``also``): a table is never started without its game, nor
a game left without its table. Two players racing for the last seat: the store's unique
(stream, version) key lets one win; the other decides again on the new state (and is told the
table is full, or started).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from eventsourcing.persistence import IntegrityError

from domain.accounts.errors import AccountNotFound, conflict, refused
from domain.bots import check_bot
from domain.common.errors import ConcurrentWrite, DomainError
from domain.common.title import GameConfig
from domain.platform import registry
from domain.platform.application import Games
from domain.platform.clocks import check_clock

from . import model
from .model import Table, TableEvent

MAX_ATTEMPTS = 4


class Tables:
    """Open tables and the games they start."""

    def __init__(self, games: Games) -> None:
        self.games = games

    # -- reading ---------------------------------------------------------------------------------
    def get(self, table_id: uuid.UUID) -> Table:
        events = list(self.games.repo.guard(self.games.events.get, table_id))
        table = model.fold(table_id, events)
        if table is None or getattr(events[0], "kind", None) != "TableOpened":
            raise AccountNotFound("table_not_found")
        return table

    def title_name(self, table: Table) -> str:
        rules = registry.current(table.title)
        variant = table.variant.replace("_", " ")
        return f"{rules.display_name or rules.name} ({variant})"

    # -- opening ---------------------------------------------------------------------------------
    def check_spec(self, spec: dict) -> dict:
        """``spec`` (the ``TableOpened`` data) checked against the title's rules: the seats
        for the variant, its options and clock, the access rule, rated only with two seats or
        more. Returns it with the options' defaults filled in."""
        try:
            rules = registry.current(spec["title"])
            info = rules.variant(spec["variant"])
        except (DomainError, KeyError) as err:
            raise refused(
                "table_seats_invalid", low=1, high=1, variant=spec.get("variant")
            ) from err
        seats = model.check_seats(
            list(spec["seats"]), info.min_players, info.max_players, spec["variant"]
        )
        access = spec.get("access", "anyone")
        if access not in model.ACCESS:
            access = "anyone"
        low, high = (spec.get("range") or [None, None])[:2]
        rng = model.check_range(access, low, high)
        options = dict(spec.get("options") or {})
        clock = check_clock(options.pop("clock", None), self.games.clock_min_seconds)
        names = [f"Seat {i + 1}" for i in range(len(seats))]
        filled = rules.check_config(GameConfig(spec["variant"], tuple(names), options))
        if clock:
            filled["clock"] = clock
        rated = bool(spec.get("rated"))
        if rated and len(seats) < 2:
            raise refused("table_rated_solo")
        fill = spec.get("fill")
        if fill is not None:
            fill = check_bot(fill, "fill").as_dict()
        for i, seat in enumerate(seats):
            if seat["kind"] == "bot":
                seats[i] = {"kind": "bot", **check_bot_seat(seat, i)}
        return {
            **spec,
            "seats": seats,
            "access": access,
            "range": rng,
            "options": filled,
            "rated": rated,
            "fill": fill,
        }

    def open(self, spec: dict, *, now: bool = False) -> Table:
        """Open a table (``spec`` as :meth:`check_spec` takes it, with ``creator`` and
        ``creator_name``); with ``now`` the game starts at once, bots in the open seats."""
        spec = self.check_spec(spec)
        table_id = uuid.uuid4()
        events = model.decide_open(table_id, spec)
        table = Table(table_id)
        for e in events:
            model.evolve(table, e)
        if now or table.full:
            self._start(table, events, now=now)
        else:
            self.games.repo.store(events)
        return self.get(table_id)

    # -- joining, leaving, starting --------------------------------------------------------------
    def join(
        self,
        table_id: uuid.UUID,
        account: str,
        name: str,
        rating: Callable[[str, str], int],
        *,
        invited_by_link: bool = False,
        seat: int | None = None,
    ) -> Table:
        """Take a seat (``rating(title, variant)`` is the player's rating there); the game
        starts when the last seat is taken."""

        def decide(table: Table) -> list[TableEvent]:
            return model.decide_join(
                table,
                account,
                name,
                rating(table.title, table.variant),
                self.title_name(table),
                invited_by_link=invited_by_link,
                seat=seat,
            )

        return self._decide(table_id, decide, start_when_full=True)

    def leave(self, table_id: uuid.UUID, account: str) -> Table:
        return self._decide(table_id, lambda t: model.decide_leave(t, account))

    def close(self, table_id: uuid.UUID, account: str) -> Table:
        return self._decide(table_id, lambda t: model.decide_close(t, account))

    def start_now(self, table_id: uuid.UUID, account: str) -> Table:
        """The creator starts the game at once, bots in the seats still open."""
        for _ in range(MAX_ATTEMPTS):
            table = self.get(table_id)
            model.check_open(table)
            if account != table.creator:
                raise conflict("table_not_creator")
            try:
                self._start(table, [], now=True)
            except IntegrityError:
                continue
            return self.get(table_id)
        raise ConcurrentWrite(current=0)

    def _decide(
        self,
        table_id: uuid.UUID,
        decide: Callable[[Table], list[TableEvent]],
        start_when_full: bool = False,
    ) -> Table:
        for _ in range(MAX_ATTEMPTS):
            table = self.get(table_id)
            events = decide(table)
            if not events:
                return table
            after = self.get(table_id)
            for e in events:
                model.evolve(after, e)
            try:
                if start_when_full and after.status == "open" and after.full:
                    self._start(after, events)
                else:
                    self.games.repo.store(events)
            except IntegrityError:
                continue  # another player wrote first: decide again
            return self.get(table_id)
        raise ConcurrentWrite(current=0)

    def _start(self, table: Table, before: list[TableEvent], *, now: bool = False) -> None:
        """Create the game of ``table`` (as it is after ``before``, events not yet saved) and
        save ``before`` and ``TableStarted`` in the game's transaction."""
        bots = model.start_bots(table, now)
        players = model.players(table, bots)

        def also(game_id: uuid.UUID) -> list[Any]:
            return [*before, model.decide_start(table, str(game_id), now=now)]

        self.games.create_game(table.title, table.variant, players, dict(table.options), also=also)

    # -- after the start ---------------------------------------------------------------------------
    def reissue(
        self, table_id: uuid.UUID, seat: int, by: str, by_seats: list[int]
    ) -> tuple[Table, str | None]:
        """Reissue ``seat``'s link (see ``model.decide_reissue``): ``(table, new token)``, the
        token None while the request waits for the other players' consent."""
        table = self.get(table_id)
        game_id = uuid.UUID(str(table.game)) if table.game else None
        moved = game_id is not None and self.seat_moved(game_id, seat)
        events = model.decide_reissue(table, seat, by, moved, by_seats)
        if not events:
            return table, None
        if events[-1].kind != "SeatReissued":
            self.games.repo.store(events)
            return self.get(table_id), None
        assert game_id is not None
        token = self.games.replace_seat_token(game_id, seat)
        self.games.repo.store(events)
        return self.get(table_id), token

    def agree(self, table_id: uuid.UUID, seats: list[int]) -> Table:
        return self._decide(table_id, lambda t: model.decide_agree(t, seats))

    def seat_moved(self, game_id: uuid.UUID, seat: int) -> bool:
        """Has ``seat`` of the game made a move of its own (not a bot's)?"""
        for e in self.games.stored_events(game_id):
            command = e.command or {}
            if command.get("seat") == seat and not command.get("bot"):
                return True
        return False

    def rematch(self, table_id: uuid.UUID, by: str, by_name: str) -> Table:
        """A new table with the same seats (see ``model.rematch_spec``), offered on the old
        one; the game must be over and ``by`` one of its players."""
        table = self.get(table_id)
        model.check_started(table)
        game = self.games.get_game(uuid.UUID(str(table.game)))
        if not self.games.is_over(game):
            raise conflict("rematch_not_finished")
        by_seat = table.seat_of(by)
        if by_seat is None:
            raise conflict("rematch_not_player")
        if table.rematch:
            return self.get(uuid.UUID(table.rematch))
        new = self.open(model.rematch_spec(table, by, by_name, by_seat))
        try:
            self.games.repo.store([model.event(table, "RematchOffered", {"table": str(new.id)})])
        except IntegrityError:  # another player offered one first: that one stands
            current = self.get(table_id)
            if current.rematch:
                self.close(new.id, by)
                return self.get(uuid.UUID(current.rematch))
        return new


def check_bot_seat(seat: dict, index: int) -> dict:
    """A bot seat of a new table, checked as a game's bot seat is."""
    return check_bot(
        {"bot": seat.get("bot"), "level": seat.get("level", 2)}, f"seats[{index}]"
    ).as_dict()
