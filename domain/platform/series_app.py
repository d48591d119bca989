"""Series of games in the event store (a service of ``Games``): one stream per series, its
token, and the games it starts (each an ordinary game naming its series; see ``series.py``).

A series move and the game it starts are saved in one transaction: the series' events go with
the new game's ``GameCreated`` and seat keys (``Games.create_game(also=...)``), so a refused
move writes nothing and a saved one never lacks its game. The series token's SHA-256 lives in a
stream of its own, like seat tokens (never in the series' events or its export).
"""

from __future__ import annotations

import hashlib
import hmac
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from eventsourcing.domain import DomainEvent
from eventsourcing.persistence import IntegrityError

from ..common.errors import BadGameConfig, ConcurrentWrite, DomainError, NotFound, register_messages
from ..common.visibility import redact
from . import registry
from . import series as rules_of_series
from .dropping import forfeited
from .game import is_over
from .records import GENESIS, canonical, jsonclean
from .series_audit import audit
from .tokens import new_token
from .transcoder import stored_as

if TYPE_CHECKING:  # the services are handed the repository; they never build one
    from .moves import Moves
    from .repository import GameRepository

register_messages({"series_not_found": "There is no series with id {series}."})

SERIES_KEYS_NAMESPACE = uuid.UUID("0b7e6a3c-5a43-4f0e-8d0c-3f3c2f5f9d21")
SERIES_TOPIC = "domain.series_app:SeriesEvent"
SERIES_RECORD_FORMAT = "chronicle-series-v1"


@stored_as("domain.series_app:SeriesEvent")
@dataclass(frozen=True)  # as GameEvent (domain/platform/game.py)
class SeriesEvent(DomainEvent):
    """A stored event of a series stream (``type`` and ``data`` as in ``platform/series.py``)."""

    type: str
    data: dict


@stored_as("domain.series_app:SeriesKeyIssued")
@dataclass(frozen=True)  # as GameEvent (domain/platform/game.py)
class SeriesKeyIssued(DomainEvent):
    """The SHA-256 of a series' token (a stream of its own)."""

    hash: str


class SeriesNotFound(NotFound):
    code = "series_not_found"


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _game_seed(seed: int | None, number: int) -> int | None:
    """Game ``number``'s seed in a seeded series (tests, replays); None draws a private one."""
    if seed is None:
        return None
    return int(hashlib.sha256(f"chronicle-series-v1/{seed}/{number}".encode()).hexdigest(), 16)


class Series:
    """Series of games, stored beside the games (mixed into ``Games``)."""

    def __init__(self, repo: GameRepository, moves: Moves) -> None:
        self.repo, self.moves = repo, moves

    # -- reading ---------------------------------------------------------------------------------
    def series_events(self, series_id: uuid.UUID) -> list[SeriesEvent]:
        found = cast("list[SeriesEvent]", list(self.repo.guard(self.repo.events.get, series_id)))
        if not found or getattr(found[0], "type", None) != "SeriesStarted":
            raise SeriesNotFound(series=str(series_id))
        return found

    def series_state(self, series_id: uuid.UUID) -> dict:
        state: dict | None = None
        for event in self.series_events(series_id):
            state = rules_of_series.evolve(state, event.type, event.data)
        assert state is not None
        state["id"] = str(series_id)
        return state

    def _series_rules(self, state: dict) -> Any:
        rules = registry.get(state["title"], state["rules_version"]).series()
        if rules is None:
            raise BadGameConfig("series_not_available", title=state["title"])
        return rules

    def series_current(self, state: dict) -> tuple[Any, dict, bool]:
        """(the series' current game, its state, over): over by its rules, or ended by the
        platform when its clock ran out (``game.is_over``)."""
        game = self.repo.get_game(uuid.UUID(rules_of_series.current(state)["game"]))
        return game, game.state, is_over(game)

    # -- starting --------------------------------------------------------------------------------
    def start_series(
        self, title: str, player: str, options: dict | None = None, seed: int | None = None
    ) -> tuple[dict, str, Any]:
        """A new series and its first game: (series state, series token, ``Created``)."""
        rules = registry.current(title)
        series = rules.series()
        if series is None:
            raise BadGameConfig("series_not_available", title=rules.display_name or title)
        series_id = uuid.uuid4()
        options = series.check_options(dict(options or {}))
        started = {
            "title": rules.name,
            "rules_version": rules.rules_version,
            "player": player,
            "options": options,
            "seeded": seed is not None,
        }
        if seed is not None:
            started["_secret"] = {"seed": str(seed)}
        token = new_token(series_id)
        key = SeriesKeyIssued(
            originator_id=self._series_keys_id(series_id),
            originator_version=1,
            timestamp=SeriesKeyIssued.create_timestamp(),
            hash=_token_hash(token),
        )
        state = rules_of_series.evolve(None, "SeriesStarted", started)
        first = [("SeriesStarted", started)]
        created = self._series_game(series_id, state, series, first, version=0, extra=[key])
        return self.series_state(series_id), token, created

    def _series_game(
        self,
        series_id: uuid.UUID,
        state: dict,
        series: Any,
        decided: list,
        version: int,
        extra: list | None = None,
        seed: int | None = None,
    ) -> Any:
        """Create the next game of the series and save ``decided`` series events and its
        ``SeriesGameStarted`` with it, in one transaction."""
        for kind, data in decided:
            if kind != "SeriesStarted":
                state = rules_of_series.evolve(state, kind, data)
        number, carry = rules_of_series.next_game(state, series)
        if (
            seed is None
            and decided
            and decided[0][0] == "SeriesStarted"
            and decided[0][1].get("_secret")
        ):
            seed = int(decided[0][1]["_secret"]["seed"])
        tag = {"id": str(series_id), "number": number, "carry": carry}
        target = series.target(number)

        def also(game_id: uuid.UUID) -> list:
            events = decided + [
                (
                    "SeriesGameStarted",
                    {"number": number, "game": str(game_id), "target": target, "carry": carry},
                )
            ]
            return [
                SeriesEvent(
                    originator_id=series_id,
                    originator_version=version + i,
                    timestamp=SeriesEvent.create_timestamp(),
                    type=kind,
                    data=jsonclean(data),
                )
                for i, (kind, data) in enumerate(events, start=1)
            ] + list(extra or [])

        return self.moves.create_game(
            state["title"],
            series.variant,
            [state["player"]],
            state["options"],
            _game_seed(seed, number),
            series=tag,
            also=also,
        )

    # -- moving on ---------------------------------------------------------------------------------
    def series_move(self, series_id: uuid.UUID, move: dict) -> tuple[dict, Any]:
        """After the current game: score it, record the permanent choice, start the next game
        (digest §9.3 items 1-6). Refused moves raise and write nothing."""
        events = self.series_events(series_id)
        state = self.series_state(series_id)
        series = self._series_rules(state)
        game_series = None
        named = move.get("game")
        try:
            other = self.repo.get_game(uuid.UUID(str(named)))
            game_series = getattr(other, "series", None)
        except (DomainError, ValueError):
            pass
        game, game_state, finished = self.series_current(state)
        decided = rules_of_series.decide(
            state,
            str(series_id),
            series,
            move,
            game_series,
            game_state,
            finished,
            forfeited=forfeited(game),
        )
        seed = events[0].data.get("_secret", {}).get("seed")
        try:
            created = self._series_game(
                series_id,
                state,
                series,
                decided,
                version=len(events),
                seed=int(seed) if seed is not None else None,
            )
        except IntegrityError:  # another move of this series was saved first
            raise ConcurrentWrite(current=len(self.series_events(series_id))) from None
        return self.series_state(series_id), created

    def series_legal_moves(self, series_id: uuid.UUID) -> list[dict]:
        state = self.series_state(series_id)
        _, game_state, finished = self.series_current(state)
        return rules_of_series.legal_moves(state, self._series_rules(state), game_state, finished)

    def series_moves_labelled(self, series_id: uuid.UUID) -> list[dict]:
        """The open series moves, each with a ``label`` a player reads."""
        state = self.series_state(series_id)
        series = self._series_rules(state)
        out = []
        for move in self.series_legal_moves(series_id):
            if move["type"] == "choose":
                label = f"Make {series.name_of(move['card'])} permanent and start the next game"
            else:
                label = "Start the next game"
            out.append({**move, "label": label})
        return out

    # -- tokens ----------------------------------------------------------------------------------
    @staticmethod
    def _series_keys_id(series_id: uuid.UUID) -> uuid.UUID:
        return uuid.uuid5(SERIES_KEYS_NAMESPACE, str(series_id))

    def series_key(self, series_id: uuid.UUID) -> str | None:
        """The SHA-256 of the series' token (what a browser's hold is bound to)."""
        found = self._series_key_events(series_id)
        return found[-1].hash if found else None

    def series_token_valid(self, series_id: uuid.UUID, token: str) -> bool:
        found = self._series_key_events(series_id)
        return bool(found) and hmac.compare_digest(found[-1].hash, _token_hash(token))

    def _series_key_events(self, series_id: uuid.UUID) -> list[SeriesKeyIssued]:
        return cast(
            "list[SeriesKeyIssued]",
            list(self.repo.guard(self.repo.events.get, self._series_keys_id(series_id))),
        )

    # -- summary, audit, export ----------------------------------------------------------------
    def series_summary(self, series_id: uuid.UUID) -> dict:
        """The series as anyone may see it: targets, each game with its score and whether it
        was won (a finished game not yet scored by the series is read from the game), the
        permanent choices, and what the next game needs."""
        state = self.series_state(series_id)
        series = self._series_rules(state)
        games = []
        for entry in state["games"]:
            row = {k: entry[k] for k in ("number", "game", "target", "score", "won")}
            row["carried_food"] = entry["carry"].get("food", 0)
            if row["score"] is None:
                game = self.repo.get_game(uuid.UUID(entry["game"]))
                over = is_over(game)
                row["status"] = "finished" if over else "active"
                if over:
                    score = series.result(game.state).score
                    row["score"] = score
                    row["won"] = rules_of_series.was_won(score, row["target"], forfeited(game))
            else:
                row["status"] = "finished"
            games.append(row)
        n = len(games)
        return {
            "id": str(series_id),
            "title": state["title"],
            "rules_version": state["rules_version"],
            "player": state["player"],
            "options": state["options"],
            "seeded": state["seeded"],
            "description": series.description,
            "targets": [series.target(i) for i in range(1, max(n, 8) + 2)],
            "games": games,
            "won": [g["number"] for g in games if g["won"]],
            "permanent": state["permanent"],
            "max_permanent": series.max_permanent,
            "current_game": games[-1]["game"] if games else None,
            "waiting_for": ("choice" if games and games[-1]["status"] == "finished" else "game"),
        }

    def series_log(self, series_id: uuid.UUID) -> list[dict]:
        """The series' events as the public sees them, each with its sentence."""
        events = self.series_events(series_id)
        player = events[0].data["player"]
        rules = registry.get(events[0].data["title"], events[0].data["rules_version"])
        name = rules.display_name or rules.name
        out = []
        for e in events:
            public = redact(e.data, None, False)  # the series seed stays secret
            out.append(
                {
                    "version": e.originator_version,
                    "type": e.type,
                    "data": public,
                    "text": rules_of_series.describe(e.type, public, player, name),
                    "recorded_at": e.timestamp.isoformat(),
                }
            )
        return out

    def series_export(self, series_id: uuid.UUID) -> dict:
        """The series' record, hash-chained like a game's (``records.chain``)."""
        entries = self.series_log(series_id)
        prev, out = GENESIS, []
        for entry in entries:
            body = {k: entry[k] for k in ("version", "type", "data", "recorded_at")}
            h = hashlib.sha256((prev + canonical(body)).encode("utf-8")).hexdigest()
            out.append({**entry, "prev_hash": prev, "hash": h})
            prev = h
        return {
            "format": SERIES_RECORD_FORMAT,
            "series": self.series_summary(series_id),
            "events": out,
            "head": prev,
        }

    def series_audit(self, series_id: uuid.UUID) -> dict:
        """Check the series against its games (digest §9.3): each game names this series and
        its number, started with the carry-over the rules give, was scored as the game ended,
        and every permanent choice was played in the game it was chosen after."""
        state = self.series_state(series_id)
        return audit(state, self._series_rules(state), self.repo.get_game)
