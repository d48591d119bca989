"""What the accounts' pages and routes run on, one per process: the ``Accounts`` and ``Tables``
applications, the personal-data tables, the accounts' read models and their questions.

:meth:`AccountsSide.fresh` gives read-your-writes as the games' ``ReadSide.fresh`` does: when
the accounts' read models are behind the store, they are caught up in this process first.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections import OrderedDict
from typing import Any

from domain.accounts.app import Accounts
from domain.accounts.errors import refused
from domain.tables.app import Tables
from projections.queries import waiting_first
from projections.ratings import PROVISIONAL_RD, START, RatingsProjection, idle_periods, idle_rd
from projections.tables import TablesProjection

from .people import People

OPEN_PAGE = 50
LISTED_CACHE = 20_000


class AccountsSide:
    """The accounts' applications, personal data and read models on one ``Games``."""

    def __init__(self, services: Any) -> None:
        side = services.read_side()
        self.games = side.games
        self.games_side = side
        self.store = side.store
        self.accounts = Accounts(self.games)
        self.tables = Tables(self.games)
        self.people = People(self.store)
        self.projections = [
            TablesProjection(self.games, self.store),
            RatingsProjection(self.games, self.store),
        ]
        for projection in self.projections:
            projection.ensure_tables()
        self._lock = threading.Lock()
        #: each listed game's version and its "my games" item (read again when it moves on)
        self._listed: OrderedDict[str, tuple[int, dict]] = OrderedDict()

    def fresh(self) -> AccountsSide:
        """Catch the accounts' read models up with the store (read-your-writes)."""
        head = self.games.recorder.max_notification_id() or 0
        for projection in self.projections:
            if projection.position() < head:
                with self._lock:
                    projection.catch_up()
        return self

    def query(self, text: str, params: list | None = None) -> list[dict]:
        return self.store.query(text, params or [])

    # -- tables ----------------------------------------------------------------------------------
    def open_tables(
        self, title: str | None = None, variant: str | None = None, limit: int = OPEN_PAGE
    ) -> list[dict]:
        """Open tables, newest first, optionally of one title (and variant)."""
        where, params = ["status = ?"], ["open"]
        if title:
            where.append("title = ?")
            params.append(title)
        if variant:
            where.append("variant = ?")
            params.append(variant)
        rows = self.query(
            f"SELECT summary FROM {{p}}rm_tables WHERE {' AND '.join(where)} "
            f"ORDER BY created_seq DESC LIMIT ?",
            [*params, limit],
        )
        return [json.loads(r["summary"]) for r in rows]

    def table_row(self, table_id: str) -> dict | None:
        rows = self.query("SELECT summary FROM {p}rm_tables WHERE table_id = ?", [table_id])
        return json.loads(rows[0]["summary"]) if rows else None

    def table_of_game(self, game_id: str) -> str | None:
        rows = self.query("SELECT table_id FROM {p}rm_game_tables WHERE game_id = ?", [game_id])
        return rows[0]["table_id"] if rows else None

    def account_tables(self, account_id: str) -> list[dict]:
        """Open tables the account sits at or is invited to (``kind`` says which)."""
        rows = self.query(
            "SELECT t.summary, a.kind FROM {p}rm_account_tables a JOIN {p}rm_tables t "
            "ON t.table_id = a.table_id WHERE a.account_id = ? ORDER BY a.created_seq DESC",
            [account_id],
        )
        return [{**json.loads(r["summary"]), "kind": r["kind"]} for r in rows]

    def invited_seat(self, name: str, creator: uuid.UUID) -> dict:
        """A new table's seat for the player named ``name``, invited by ``creator``:
        ``table_invited_unknown`` for no such (live) player, ``table_invited_self`` for the
        creator's own name."""
        found = self.accounts.by_name(name)
        if found is None or found.deleted:
            raise refused("table_invited_unknown", name=name)
        if found.id == creator:
            raise refused("table_invited_self")
        return {"kind": "invited", "invited": str(found.id), "name": found.name}

    # -- seats and games -------------------------------------------------------------------------
    def account_seats(self, account_id: str) -> list[dict]:
        """``[{"game", "seat", "key"}]``: every game seat the account holds now."""
        return [
            {"game": r["game_id"], "seat": r["seat"], "key": r["key_hash"]}
            for r in self.query(
                "SELECT game_id, seat, key_hash FROM {p}rm_account_seats "
                "WHERE account_id = ? AND current = 1",
                [account_id],
            )
        ]

    def my_games(self, account_id: str, status: str | None = None) -> list[dict]:
        """The account's games on every device: waiting for it first (longest waiting
        first), then the rest (most recently changed first). Each: the game's ``id``,
        ``title``, ``variant``, ``status``, ``round``, ``players`` (names), ``updated_at``,
        and for the account's seat ``seat``, ``my_turn``, ``waiting_since``, ``deadline``
        (the clock's, epoch seconds, or None).

        One query gives the seats' rows (the account's seats joined to the games' "my games"
        rows by key); a game's listing is read from the lobby's summary only when its version
        changed since this process last read it."""
        self.games_side.fresh()
        rows = self.query(
            "SELECT s.game_id, s.seat, s.to_act, s.waiting_since, s.status, s.version, "
            "s.updated_at FROM {p}rm_account_seats a JOIN {p}rm_seats s "
            "ON s.game_id = a.game_id AND s.seat = a.seat "
            "WHERE a.account_id = ? AND a.current = 1",
            [account_id],
        )
        if status is not None:
            rows = [r for r in rows if r["status"] == status]
        stale = sorted(
            {r["game_id"] for r in rows if self._listed.get(r["game_id"], (-1,))[0] != r["version"]}
        )
        for start in range(0, len(stale), 200):
            chunk = stale[start : start + 200]
            marks = ", ".join("?" for _ in chunk)
            for r in self.query(
                f"SELECT game_id, version, summary FROM {{p}}rm_games WHERE game_id IN ({marks})",
                chunk,
            ):
                self._list_item(r["game_id"], r["version"], json.loads(r["summary"]))
        out = []
        for r in rows:
            listed = self._listed.get(r["game_id"])
            if listed is None:
                continue
            item = dict(listed[1])
            item.update(
                seat=r["seat"],
                my_turn=bool(r["to_act"]),
                waiting_since=r["waiting_since"],
                deadline=item.pop("deadlines", {}).get(str(r["seat"])),
            )
            out.append(item)
        return waiting_first(out)

    def _list_item(self, game_id: str, version: int, summary: dict) -> None:
        clock = summary.get("clock") or {}
        deadlines = {
            str(e.get("seat")): e.get("deadline_epoch")
            for e in clock.get("seats") or []
            if isinstance(e, dict)
        }
        item = {
            "id": summary["id"],
            "title": summary["title"],
            "variant": summary.get("variant"),
            "status": summary["status"],
            "round": summary.get("round"),
            "players": [p.get("name") if isinstance(p, dict) else p for p in summary["players"]],
            "updated_at": summary.get("updated_at"),
            "deadlines": deadlines,
            "parent": summary.get("parent"),  # a kept branch is marked as one (issue 32)
        }
        with self._lock:
            self._listed[game_id] = (version, item)
            while len(self._listed) > LISTED_CACHE:
                self._listed.popitem(last=False)

    # -- names and ratings -----------------------------------------------------------------------
    def names(self, account_ids: list[str]) -> dict[str, str]:
        if not account_ids:
            return {}
        marks = ", ".join("?" for _ in account_ids)
        return {
            r["account_id"]: r["name"]
            for r in self.query(
                f"SELECT account_id, name FROM {{p}}rm_accounts WHERE account_id IN ({marks})",
                list(account_ids),
            )
        }

    def rating(self, account_id: str, title: str, variant: str) -> dict:
        rows = self.query(
            "SELECT rating, rd, vol, games, rated_at FROM {p}rm_ratings WHERE account_id = ? "
            "AND title = ? AND variant = ?",
            [account_id, title, variant],
        )
        r = rows[0] if rows else {"rating": START[0], "rd": START[1], "games": 0}
        rd = current_rd(r)
        return {
            "rating": round(r["rating"]),
            "rd": round(rd),
            "games": r["games"],
            "provisional": rd > PROVISIONAL_RD,
        }

    def ratings_of(self, account_id: str) -> list[dict]:
        rows = self.query(
            "SELECT title, variant, rating, rd, vol, games, wins, rated_at FROM {p}rm_ratings "
            "WHERE account_id = ? ORDER BY title, variant",
            [account_id],
        )
        out = []
        for r in rows:
            rd = current_rd(r)
            out.append(
                {
                    **{k: r[k] for k in ("title", "variant", "games", "wins")},
                    "rating": round(r["rating"]),
                    "rd": round(rd),
                    "provisional": rd > PROVISIONAL_RD,
                }
            )
        return out

    def leaderboard(self, title: str, variant: str, limit: int = 50) -> list[dict]:
        """The best ratings of ``title``/``variant``, established ones first (a deviation
        grown by idle rating periods makes a rating provisional again)."""
        rows = self.query(
            "SELECT r.account_id, r.rating, r.rd, r.vol, r.games, r.wins, r.rated_at, a.name, "
            "a.deleted FROM {p}rm_ratings r JOIN {p}rm_accounts a "
            "ON a.account_id = r.account_id "
            "WHERE r.title = ? AND r.variant = ? ORDER BY r.rating DESC LIMIT ?",
            [title, variant, limit * 2],
        )
        board = []
        for r in rows:
            rd = current_rd(r)
            board.append(
                {
                    "name": r["name"],
                    "rating": round(r["rating"]),
                    "rd": round(rd),
                    "games": r["games"],
                    "wins": r["wins"],
                    "provisional": rd > PROVISIONAL_RD,
                }
            )
        board.sort(key=lambda r: (r["provisional"], -r["rating"]))
        return board[:limit]

    def rating_changes(self, game_id: str) -> list[dict]:
        return self.query(
            "SELECT account_id, before, after, rd, score FROM {p}rm_rating_changes "
            "WHERE game_id = ?",
            [game_id],
        )


def _now() -> float:
    return time.time()


def current_rd(row: dict, now: float | None = None) -> float:
    """A rating row's deviation grown by the rating periods since its last game, up to now."""
    periods = idle_periods(row.get("rated_at"), _now() if now is None else now)
    return idle_rd(float(row["rd"]), float(row.get("vol") or START[2]), periods)


_lock = threading.Lock()
EXTENSION = "chronicle.accounts"


def accounts_side(app: Any, services: Any) -> AccountsSide:
    """The process's :class:`AccountsSide` (built on first use, rebuilt if the ``Games``
    application was rebuilt after a store outage)."""
    with _lock:
        side = app.extensions.get(EXTENSION)
        if side is None or side.games is not services.games():
            side = app.extensions[EXTENSION] = AccountsSide(services)
        return side


def as_uuid(text: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(text))
    except ValueError:
        return None
