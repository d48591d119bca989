"""Glicko-2 ratings per title and variant (tracking name ``chronicle.ratings``).

A rated table's game updates its players' ratings once, when it ends. This projection follows
the tables' events (which games are rated, which account holds which seat, which seats are
bots) and, for those games only, their game events: it folds each rated game as the games'
projector does and, at the end of the move that ends it (by the rules, or ended by the platform
when a clock ran out), rates it. Everything is derived from the log in its order, so a rebuild
gives exactly the live ratings (tested).

**How a game is rated.** A game of *n* seats is *n - 1* results for each player: against every
other seat, a win, a draw or a loss by the final ranking (``domain.platform.dropping.ranking``; a
dropped seat loses to every seat that was not dropped; equal totals among non-winners, or two
winners, are draws). Each rated account is updated by Glicko-2 (Glickman, "Example of the
Glicko-2 system", 2012) with the game as one rating period, its opponents at their ratings from
*before* the game; a bot opponent plays at its fixed published rating
(``domain.bots.ratings``) and its rating never moves. A seat without an account (its link
reissued to a guest) is not an opponent. Ratings start at 1500, deviation 350, volatility 0.06
(the paper's defaults, system constant τ = 0.5) and are **provisional** while the deviation is
above :data:`PROVISIONAL_RD` (lichess's threshold).

**Rating periods without games.** Glicko-2 widens a player's deviation for every rating period
in which they played no game (the paper's step 6 alone: φ* = √(φ² + σ²)). A period here is
:data:`RATING_PERIOD_DAYS` days (one week: our choice; Glickman asks for periods in which
players play several games, which a play-by-turn game of weeks never gives). Each rating row
keeps ``rated_at``, the timestamp of the event that ended the account's last rated game: before
the next game's update the deviation grows by one step 6 for each whole period between the two
games' ending events (the game's own period is the update's own step 6), so the projection
depends on event timestamps only and a rebuild gives the same numbers. Read models show the
deviation grown up to now the same way (:func:`idle_rd`), so an account that stopped playing
becomes **provisional** again once it passes the threshold; the deviation never exceeds the
starting 350.

The ``glicko2`` package (PyPI) does the arithmetic; its step 5 uses the player's rating where
the paper has the deviation φ² (``f(x)``), which :class:`Glicko2Player` corrects. The paper's
worked example is in the tests.

=======================  ==============================================================
``rm_rated_games``       each rated game: title, variant, seats' accounts and bots, ended
``rm_ratings``           per account, title and variant: rating, deviation, volatility, games
``rm_rating_changes``    per rated game and account: the rating before and after
=======================  ==============================================================
"""

from __future__ import annotations

import json
import math
import uuid
from collections import OrderedDict
from collections.abc import Sequence
from functools import partial
from typing import Any

import glicko2

from domain.bots.ratings import bot_rating
from domain.platform import dropping
from domain.platform.game import fold, is_over
from domain.tables.model import TABLE_TOPIC

from .projector import GAME_TOPICS
from .tracked import TrackedProjection, Write

START = (1500.0, 350.0, 0.06)
PROVISIONAL_RD = 110.0
#: the length of a rating period (see the module docstring)
RATING_PERIOD_DAYS = 7
#: the Glicko-2 scale factor (the paper's 173.7178)
SCALE = 173.7178

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS {p}rm_rated_games (
        game_id TEXT PRIMARY KEY,
        table_id TEXT NOT NULL,
        title TEXT NOT NULL,
        variant TEXT NOT NULL,
        accounts TEXT NOT NULL,
        bots TEXT NOT NULL,
        ended INTEGER NOT NULL,
        created_seq BIGINT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS rm_rated_games_open ON {p}rm_rated_games (ended)",
    """CREATE TABLE IF NOT EXISTS {p}rm_ratings (
        account_id TEXT NOT NULL,
        title TEXT NOT NULL,
        variant TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        rd DOUBLE PRECISION NOT NULL,
        vol DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        updated_seq BIGINT NOT NULL,
        rated_at DOUBLE PRECISION,
        PRIMARY KEY (account_id, title, variant))""",
    ("CREATE INDEX IF NOT EXISTS rm_ratings_board ON {p}rm_ratings (title, variant, rating)"),
    """CREATE TABLE IF NOT EXISTS {p}rm_rating_changes (
        game_id TEXT NOT NULL,
        account_id TEXT NOT NULL,
        title TEXT NOT NULL,
        variant TEXT NOT NULL,
        before DOUBLE PRECISION NOT NULL,
        after DOUBLE PRECISION NOT NULL,
        rd DOUBLE PRECISION NOT NULL,
        score DOUBLE PRECISION NOT NULL,
        seq BIGINT NOT NULL,
        PRIMARY KEY (game_id, account_id))""",
)
INSERT_RATED = (
    "INSERT INTO {p}rm_rated_games (game_id, table_id, title, variant, accounts, bots, ended, "
    "created_seq) VALUES (?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT (game_id) DO NOTHING"
)
ENDED = "UPDATE {p}rm_rated_games SET ended = 1 WHERE game_id = ?"
UPSERT_RATING = (
    "INSERT INTO {p}rm_ratings (account_id, title, variant, rating, rd, vol, games, wins, "
    "updated_seq, rated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (account_id, title, variant) "
    "DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol, "
    "games = excluded.games, wins = excluded.wins, updated_seq = excluded.updated_seq, "
    "rated_at = excluded.rated_at"
)
INSERT_CHANGE = (
    "INSERT INTO {p}rm_rating_changes (game_id, account_id, title, variant, before, after, rd, "
    "score, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (game_id, account_id) DO NOTHING"
)


class Glicko2Player(glicko2.Player):
    """``glicko2.Player`` with step 5's ``f(x)`` as the paper has it (φ², not the rating²)."""

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        ex = math.exp(x)
        phi2 = self._Player__rd**2  # the package's own (name-mangled) deviation
        num = ex * (delta**2 - phi2 - v - ex)
        return num / (2 * (phi2 + v + ex) ** 2) - (x - a) / (self._tau**2)


def update(
    rating: tuple[float, float, float], results: list[tuple[float, float, float]]
) -> tuple[float, float, float]:
    """``(rating, rd, vol)`` after one period of ``results`` ``(opponent rating, rd, score)``."""
    player = Glicko2Player(*rating)
    if results:
        player.update_player(
            [r[0] for r in results], [r[1] for r in results], [r[2] for r in results]
        )
    else:
        player.did_not_compete()
    return float(player.rating), float(player.rd), float(player.vol)


def idle_periods(since: float | None, until: float) -> int:
    """The whole rating periods between two instants (epoch seconds; 0 without ``since``)."""
    if since is None or until <= since:
        return 0
    return int((until - since) // (RATING_PERIOD_DAYS * 86400))


def idle_rd(rd: float, vol: float, periods: int) -> float:
    """The deviation after ``periods`` rating periods without games (the paper's step 6 for
    each: φ² grows by σ²), at most the starting deviation."""
    if periods <= 0:
        return rd
    phi = rd / SCALE
    return min(START[1], math.sqrt(phi * phi + periods * vol * vol) * SCALE)


def pair_scores(game: Any, sheet: dict) -> dict[tuple[int, int], float]:
    """``{(i, j): score of i against j}`` from the final ranking: 1 a win, 0.5 a draw."""
    gone = dropping.dropped(game)
    ended = getattr(game, "adjudicated", None)
    winners = set(ended["winners"] if ended else dropping.winners(game, sheet))
    totals = {
        int(row["seat"]): float(row.get("total") or 0)
        for row in sheet.get("seats", [])
        if isinstance(row, dict) and "seat" in row
    }
    order = dropping.ranking(game, sheet)

    def key(seat: int) -> tuple:
        if seat in gone:  # dropped: last, the first dropped last of all
            return (0, 0, -order.index(seat))
        return (1, int(seat in winners), totals.get(seat, 0.0))

    n = len(game.players)
    out = {}
    for i in range(n):
        for j in range(n):
            if i != j:
                a, b = key(i), key(j)
                out[(i, j)] = 1.0 if a > b else 0.0 if a < b else 0.5
    return out


class RatingsProjection(TrackedProjection):
    """Rates every rated table's game when it ends."""

    name = "chronicle.ratings"
    topics = (TABLE_TOPIC,)
    schema = SCHEMA
    tables = ("rm_rated_games", "rm_ratings", "rm_rating_changes")

    def __init__(self, games: Any, store: Any, batch_size: int = 2000, cache_size: int = 256):
        super().__init__(games, store, batch_size)
        self._games: OrderedDict[uuid.UUID, Any] = OrderedDict()
        self._cache_size = cache_size
        self._open: dict[uuid.UUID, dict] | None = None
        #: the last version of the move each followed game is in
        self._ends: dict[uuid.UUID, int] = {}

    def ensure_tables(self) -> None:
        """The tables, and ``rated_at`` added to a ratings table made before rating periods
        (its rows grow from their next game on; a rebuild fills it)."""
        if self._made:
            return
        super().ensure_tables()
        try:
            self.store.query("SELECT rated_at FROM {p}rm_ratings WHERE 1 = 0")
        except Exception:
            try:
                self.store.execute("ALTER TABLE {p}rm_ratings ADD COLUMN rated_at DOUBLE PRECISION")
            except Exception as err:  # another process added it meanwhile
                if "duplicate" not in str(err) and "already exists" not in str(err):
                    raise

    def forget(self) -> None:
        self._games.clear()
        self._ends.clear()
        self._open = None

    def _rated_open(self) -> dict[uuid.UUID, dict]:
        """The rated games not yet ended (few), read once per process and kept current."""
        if self._open is None:
            self._open = {
                uuid.UUID(r["game_id"]): {
                    "title": r["title"],
                    "variant": r["variant"],
                    "accounts": json.loads(r["accounts"]),
                    "bots": json.loads(r["bots"]),
                }
                for r in self.store.query(
                    "SELECT game_id, title, variant, accounts, bots FROM {p}rm_rated_games "
                    "WHERE ended = 0"
                )
            }
        return self._open

    def fetch(self, start: int, head: int) -> tuple[list[Any], int]:
        """The tables' notifications after ``start``, merged in log order with the events of
        the rated games still being played (read by game, through the store's primary key:
        a pass never reads the other games' events, however large the store)."""
        tables, end = super().fetch(start, head)
        followed = set(self._rated_open())
        for note in tables:
            event = self.event(note)
            if event.kind == "TableStarted":
                followed.add(uuid.UUID(event.data["game"]))
        if not followed:
            return tables, end
        games = self.store.game_notes(
            self.games.recorder.events_table_name, sorted(followed), start, end, GAME_TOPICS
        )
        return sorted([*tables, *games], key=lambda n: n.id), end

    def process(self, notes: Sequence[Any]) -> list[Write]:
        rated: list[Sequence[Any]] = []
        ended: list[Sequence[Any]] = []
        ratings: dict[tuple[str, str, str], Sequence[Any]] = {}
        changes: list[Sequence[Any]] = []
        known: dict[tuple[str, str, str], tuple[float, float, float, int, int]] = {}
        pending = self._rated_open()
        for note in notes:
            if note.topic == TABLE_TOPIC:
                event = self.event(note)
                if event.kind == "TableStarted":
                    self._started(event, note.id, pending, rated)
                continue
            game_id = note.originator_id
            if game_id not in pending:
                continue
            event = self.event(note)
            game = self._fold(game_id, event)
            version = event.originator_version
            if event.command is not None:
                self._ends[game_id] = version + max(1, int(event.command.get("count", 1))) - 1
            elif game_id not in self._ends:
                self._ends[game_id] = self._batch_end(game_id, version)
            if version < self._ends[game_id]:
                continue
            if is_over(game):
                info = pending.pop(game_id)
                self._games.pop(game_id, None)
                self._ends.pop(game_id, None)
                ended.append((str(game_id),))
                at = event.timestamp.timestamp()
                self._rate(game, info, (note.id, at), known, ratings, changes)
        return [
            (INSERT_RATED, rated),
            (ENDED, ended),
            (UPSERT_RATING, list(ratings.values())),
            (INSERT_CHANGE, changes),
        ]

    # -- parts -------------------------------------------------------------------------------------
    def _started(self, event: Any, note_id: int, pending: dict, rated: list) -> None:
        """Remember a rated table's game (its seats' accounts and bots) when it starts."""
        from domain.tables.model import fold as fold_table

        table = fold_table(
            event.originator_id,
            list(self.games.events.get(event.originator_id, lte=event.originator_version)),
        )
        if table is None or not table.rated:
            return
        bots = {
            str(i): {"bot": s["bot"], "level": int(s["level"])}
            for i, s in enumerate(table.seats)
            if s["kind"] == "bot"
        }
        accounts = dict(event.data["accounts"])
        game_id = uuid.UUID(event.data["game"])
        pending[game_id] = {
            "title": table.title,
            "variant": table.variant,
            "accounts": accounts,
            "bots": bots,
        }
        rated.append(
            (
                str(game_id),
                str(table.id),
                table.title,
                table.variant,
                json.dumps(accounts),
                json.dumps(bots),
                note_id,
            )
        )

    def _fold(self, game_id: uuid.UUID, event: Any) -> Any:
        game = self._games.get(game_id)
        version = event.originator_version
        if game is not None and game.version == version - 1:
            fold(game, [event], partial(self.games.state_at, game_id))
        elif version == 1:
            game = fold(None, [event], partial(self.games.state_at, game_id))
        else:
            game = self.games.rebuild(game_id, version, use_snapshots=True)
        self._games[game_id] = game
        self._games.move_to_end(game_id)
        while len(self._games) > self._cache_size:
            dropped_id, _ = self._games.popitem(last=False)
            self._ends.pop(dropped_id, None)
        return game

    def _batch_end(self, game_id: uuid.UUID, version: int) -> int:
        """The last version of the move event ``version`` belongs to (read from the store when
        this process did not see the move's first event)."""
        events = self.games.stored_events(game_id, after=max(0, version - 200), limit=400)
        end = version
        for e in events:
            if e.command is not None and e.originator_version <= version:
                end = e.originator_version + max(1, int(e.command.get("count", 1))) - 1
        return end

    def _current(self, account: str, title: str, variant: str, known: dict) -> tuple:
        """``(rating, rd, vol, games, wins, rated_at)`` of the account before this game."""
        key = (account, title, variant)
        if key not in known:
            rows = self.store.query(
                "SELECT rating, rd, vol, games, wins, rated_at FROM {p}rm_ratings "
                "WHERE account_id = ? AND title = ? AND variant = ?",
                [account, title, variant],
            )
            r = rows[0] if rows else None
            known[key] = (
                (r["rating"], r["rd"], r["vol"], r["games"], r["wins"], r["rated_at"])
                if r
                else (*START, 0, 0, None)
            )
        return known[key]

    def _rate(
        self,
        game: Any,
        info: dict,
        when: tuple[int, float],
        known: dict,
        ratings: dict,
        changes: list,
    ) -> None:
        """Rate an ended game (``when``: the ending event's notification id and timestamp),
        each account's deviation first grown for the periods it played no game."""
        note_id, at = when
        title, variant = info["title"], info["variant"]
        sheet = game.rules.score_sheet(game.state)
        scores = pair_scores(game, sheet)
        accounts = {int(s): a for s, a in info["accounts"].items()}
        before: dict[int, tuple[float, float, float]] = {}
        for seat, account in accounts.items():
            r = self._current(account, title, variant, known)
            before[seat] = (r[0], idle_rd(r[1], r[2], idle_periods(r[5], at)), r[2])
        for seat, spec in info["bots"].items():
            found = bot_rating(title, variant, spec["bot"], spec["level"])
            if found is not None:
                before[int(seat)] = (found.rating, found.rd, START[2])
        for seat, account in accounts.items():
            results = [
                (before[o][0], before[o][1], scores[(seat, o)]) for o in sorted(before) if o != seat
            ]
            games, wins = self._current(account, title, variant, known)[3:5]
            new = update(before[seat], results)
            won = int(bool(results) and all(r[2] >= 0.5 for r in results))
            known[(account, title, variant)] = (*new, games + 1, wins + won, at)
            ratings[(account, title, variant)] = (
                account,
                title,
                variant,
                new[0],
                new[1],
                new[2],
                games + 1,
                wins + won,
                note_id,
                at,
            )
            score = sum(r[2] for r in results)
            changes.append(
                (
                    str(game.id),
                    account,
                    title,
                    variant,
                    before[seat][0],
                    new[0],
                    new[1],
                    score,
                    note_id,
                )
            )
