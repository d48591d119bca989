"""Reading the read models: what the API serves without replaying games.

:class:`ReadModels` wraps a :class:`~.store.ReadModelStore` with the questions the service asks.
Every answer says how far the read models have got (``version`` of a game, or the tracked
position), so a caller that needs read-your-writes can tell "not projected yet" (``None``) from
"nothing there" and fall back to replaying through ``Games``.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable
from typing import Any

from . import sheets
from .store import ReadModelStore

MAX_PAGE_SIZE = 100
#: the lobby counts matching games up to this many; beyond, ``total`` says this and
#: ``total_exact`` is false (an exact count would read every match on every page)
TOTAL_CAP = 10_000
GAME_STATUSES = ("active", "finished")


class ReadModels:
    """Queries on the projected tables."""

    def __init__(self, store: ReadModelStore, application_name: str = "chronicle") -> None:
        self.store = store
        self.application_name = application_name

    # -- progress -------------------------------------------------------------------------------
    def position(self) -> int:
        """The last notification id the read models include."""
        return self.store.position(self.application_name)

    def game_version(self, game_id: uuid.UUID | str) -> int | None:
        """The version of ``game_id`` the read models have reached (None: not seen yet)."""
        rows = self.store.query("SELECT version FROM {p}rm_games WHERE game_id = ?", [str(game_id)])
        return rows[0]["version"] if rows else None

    # -- lobby ----------------------------------------------------------------------------------
    def list_games(
        self,
        *,
        title: str | None = None,
        status: str | None = None,
        page: int = 1,
        page_size: int = 20,
    ) -> dict:
        """Game summaries, newest first, filtered, one page:
        ``{"games": [...], "page", "page_size", "total", "total_exact"}`` (the shape
        ``service.lobby`` uses; ``total`` stops at :data:`TOTAL_CAP`)."""
        page = max(1, int(page))
        page_size = max(1, min(MAX_PAGE_SIZE, int(page_size)))
        where, params = [], []
        if title is not None:
            where.append("title = ?")
            params.append(title)
        if status is not None:
            where.append("status = ?")
            params.append(status)
        clause = (" WHERE " + " AND ".join(where)) if where else ""
        # the count and the page's ids come from an index alone (see schema.SCHEMA); only the
        # page's own summaries are read from the table
        total = self.store.query(
            f"SELECT COUNT(*) AS n FROM (SELECT 1 FROM {{p}}rm_games{clause} LIMIT ?) counted",
            params + [TOTAL_CAP + 1],
        )[0]["n"]
        rows = self.store.query(
            f"SELECT g.summary FROM {{p}}rm_games g JOIN (SELECT game_id, created_seq "
            f"FROM {{p}}rm_games{clause} ORDER BY created_seq DESC LIMIT ? OFFSET ?) page "
            f"ON page.game_id = g.game_id ORDER BY page.created_seq DESC",
            params + [page_size, (page - 1) * page_size],
        )
        return {
            "games": [json.loads(r["summary"]) for r in rows],
            "page": page,
            "page_size": page_size,
            "total": min(total, TOTAL_CAP),
            "total_exact": total <= TOTAL_CAP,
        }

    def summary(self, game_id: uuid.UUID | str) -> dict | None:
        rows = self.store.query("SELECT summary FROM {p}rm_games WHERE game_id = ?", [str(game_id)])
        return json.loads(rows[0]["summary"]) if rows else None

    # -- forks ----------------------------------------------------------------------------------
    def forks_of(self, game_id: uuid.UUID | str) -> list[dict]:
        """The games branched from ``game_id``, oldest first: ``{"id", "version"}`` (the
        version of ``game_id`` they start from)."""
        return [
            {"id": r["game_id"], "version": r["parent_version"]}
            for r in self.store.query(
                "SELECT game_id, parent_version FROM {p}rm_forks "
                "WHERE parent_id = ? ORDER BY created_seq",
                [str(game_id)],
            )
        ]

    def fork_tree(self, root: uuid.UUID | str, limit: int = 200) -> dict:
        """``{"id", "version", "forks": [...]}``: ``root`` and every game branched from it,
        breadth first, at most ``limit`` games."""
        tree: dict[str, Any] = {"id": str(root), "version": None, "forks": []}
        queue, seen = [tree], 1
        while queue and seen < limit:
            node = queue.pop(0)
            for child in self.forks_of(node["id"])[: limit - seen]:
                item = {**child, "forks": []}
                node["forks"].append(item)
                queue.append(item)
                seen += 1
        return tree

    # -- my games -------------------------------------------------------------------------------
    def my_games(
        self, seats: Iterable[tuple[uuid.UUID | str, int]], *, status: str | None = None
    ) -> list[dict]:
        """The games of the given ``(game, seat)`` pairs (a player's seat tokens name them):
        games waiting for that seat first (longest waiting first), then the rest, most
        recently changed first. Each item: the summary plus ``seat``, ``my_turn`` and
        ``waiting_since`` / ``waiting_version``."""
        wanted: dict[str, set[int]] = {}
        for game_id, seat in seats:
            wanted.setdefault(str(game_id), set()).add(int(seat))
        if not wanted:
            return []
        out = []
        ids = list(wanted)
        for start in range(0, len(ids), 200):
            chunk = ids[start : start + 200]
            marks = ", ".join("?" for _ in chunk)
            # two lookups by key rather than a join: with a join the planner misjudged how
            # many seats the ids match and hashed the whole games table
            summaries = {
                r["game_id"]: r["summary"]
                for r in self.store.query(
                    f"SELECT game_id, summary FROM {{p}}rm_games WHERE game_id IN ({marks})", chunk
                )
            }
            rows = self.store.query(
                f"SELECT game_id, seat, to_act, waiting_since, waiting_version, status, "
                f"updated_at FROM {{p}}rm_seats WHERE game_id IN ({marks})",
                chunk,
            )
            for row in rows:
                if row["seat"] not in wanted[row["game_id"]] or row["game_id"] not in summaries:
                    continue
                if status is not None and row["status"] != status:
                    continue
                item = json.loads(summaries[row["game_id"]])
                item.update(
                    seat=row["seat"],
                    my_turn=bool(row["to_act"]),
                    waiting_since=row["waiting_since"],
                    waiting_version=row["waiting_version"],
                )
                out.append(item)
        return waiting_first(out)

    # -- score sheets ---------------------------------------------------------------------------
    def score_sheet(
        self, game_id: uuid.UUID | str, version: int | None = None
    ) -> tuple[int, dict] | None:
        """``(version, sheet)``: the title's score sheet after event ``version`` (default: the
        latest projected). None when the read models have not reached ``version`` yet (or do
        not know the game): replay instead."""
        key = str(game_id)
        heads = self.store.query(
            "SELECT version, sheet FROM {p}rm_score_heads WHERE game_id = ?", [key]
        )
        if not heads:
            return None
        head = heads[0]
        if version is None or version == head["version"]:
            return head["version"], json.loads(head["sheet"])
        if version > head["version"] or version < 1:
            return None
        rows = self.store.query(
            "SELECT cell, ord, value FROM {p}rm_score_cells WHERE game_id = ? AND version <= ? "
            "ORDER BY version",
            [key, version],
        )
        cells = sheets.fold_rows((r["cell"], r["ord"], sheets.loaded(r["value"])) for r in rows)
        return version, sheets.rebuild(cells)

    def score_changes(self, game_id: uuid.UUID | str, version: int) -> list[dict] | None:
        """What event ``version`` changed on the sheet, per seat and category:
        ``[{"seat", "key", "label", "count", "points", "d_count", "d_points", "removed"}]``
        (None when not projected yet)."""
        known = self.game_version(game_id)
        if known is None or version > known:
            return None
        rows = self.store.query(
            "SELECT cell, ord, value, d_count, d_points FROM {p}rm_score_cells "
            "WHERE game_id = ? AND version = ? ORDER BY cell",
            [str(game_id), version],
        )
        return _category_changes(rows)

    def score_history(
        self, game_id: uuid.UUID | str, seat: int | None = None, key: str | None = None
    ) -> list[dict]:
        """Every category change of a game, oldest first, optionally for one seat/category."""
        rows = self.store.query(
            "SELECT version, cell, ord, value, d_count, d_points FROM {p}rm_score_cells "
            "WHERE game_id = ? AND cell LIKE ? ORDER BY version, cell",
            [str(game_id), "c:%"],
        )
        out = []
        for row in rows:
            for change in _category_changes([row]):
                if (seat is None or change["seat"] == seat) and (
                    key is None or change["key"] == key
                ):
                    out.append({**change, "version": row["version"]})
        return out

    # -- subscriptions and notices ----------------------------------------------------------------
    def subscriptions(self, game_id: uuid.UUID | str) -> dict[int, dict[str, str]]:
        out: dict[int, dict[str, str]] = {}
        for row in self.store.subscription_rows(str(game_id)):
            out.setdefault(row["seat"], {})[row["channel"]] = row["hint"]
        return out

    def notices(
        self, game_id: uuid.UUID | str | None = None, *, state: str | None = None, limit: int = 100
    ) -> list[dict]:
        where, params = [], []
        if game_id is not None:
            where.append("game_id = ?")
            params.append(str(game_id))
        if state is not None:
            where.append("state = ?")
            params.append(state)
        clause = (" WHERE " + " AND ".join(where)) if where else ""
        return self.store.query(
            f"SELECT * FROM {{p}}rm_outbox{clause} ORDER BY notification_id, notice_id LIMIT ?",
            params + [limit],
        )

    def table_counts(self) -> dict[str, Any]:
        out = {}
        for table in (
            "rm_games",
            "rm_seats",
            "rm_score_heads",
            "rm_score_cells",
            "rm_subscriptions",
            "rm_outbox",
        ):
            out[table] = self.store.query(f"SELECT COUNT(*) AS n FROM {{p}}{table}")[0]["n"]
        return out


def waiting_first(items: list[dict]) -> list[dict]:
    """ "My games" in order: those waiting for the player first (longest waiting first), then
    the rest, most recently changed first."""
    waiting = sorted(
        (i for i in items if i["my_turn"]), key=lambda i: (i["waiting_since"] or "", i["id"])
    )
    rest = sorted(
        (i for i in items if not i["my_turn"]), key=lambda i: i["updated_at"] or "", reverse=True
    )
    return waiting + rest


def _category_changes(rows: Iterable[dict]) -> list[dict]:
    """Readable category changes from stored score-cell rows."""
    return sheets.category_changes(
        (r["cell"], r["ord"], sheets.loaded(r["value"]), r["d_count"], r["d_points"]) for r in rows
    )


class ReadSide:
    """The read models of one ``Games`` application, for the API process.

    :meth:`fresh` gives read-your-writes: when the read models are behind the store (a worker
    has not got to the last save yet, or Redis is down), it catches them up in this process
    first (usually a handful of events, a few milliseconds). :attr:`models` reads them as they
    are.
    """

    def __init__(
        self, games: Any, store: ReadModelStore | None = None, cache_size: int = 512
    ) -> None:
        from .projector import Projector
        from .store import open_store

        self.games = games
        self.store = store or open_store(games)
        self.models = ReadModels(self.store, games.name)
        self.projector = Projector(games, self.store, cache_size=cache_size)

    def fresh(self) -> ReadModels:
        head = self.games.recorder.max_notification_id() or 0
        if self.models.position() < head:
            self.projector.catch_up()
        return self.models
