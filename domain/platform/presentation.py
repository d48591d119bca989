"""What the service shows of a stored game: the summary, events with their sentences, and the
seed segments as far as they are revealed.

The pure functions (:func:`game_summary`, :func:`seed_segments`, :func:`to_act_of`) serve both
the API (through the :class:`Presentation` service of :class:`~.application.Games`) and the
lobby read model, so the two can never disagree. Title data leaves only through the title's
``view``/``redact_event`` and :func:`~domain.common.visibility.redact`; the summary is public by
construction.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..common.errors import DomainError
from ..common.events import Event
from ..common.i18n import N_, gettext, join_list, ngettext, pgettext
from ..common.title import Status, Title
from ..common.visibility import redact, unseal
from . import clocks, dropping, registry
from .game import META_TYPES, Game, GameEvent, is_over, public_command

#: What a seeded game's summary and page say (issue 21): its seed is given, so nothing in it
#: is hidden from anyone who computes it.
PRACTICE_NOTE = N_(
    "A practice game: its seed is public, so anyone can compute every hand and every draw."
)

if TYPE_CHECKING:  # the services are handed the repository; they never build one
    from .repository import GameRepository

#: ``origin_finished(game_id) -> bool``: whether the game that drew a seed segment is over.
OriginFinished = Callable[[str], bool]


def never(_origin: str) -> bool:
    """An :data:`OriginFinished` that looks at no other game (read models stay functions of
    one game's events)."""
    return False


def to_act_of(game: Game, status: Status) -> list[int]:
    """The seats the game waits for, as the summary says it: none once the game is over or
    while an undo request waits for its answers."""
    if status.finished or game.pending_undo or getattr(game, "adjudicated", None):
        return []
    return sorted(status.to_act)


def seed_segments(game: Game, finished: bool, origin_finished: OriginFinished) -> list[dict]:
    """Seed segments as the public may see them: a given seed is always shown; a drawn one
    once the game that drew it is over (a fork's inherited segment waits for its parent).
    Seeds run to 2^256, beyond a JavaScript number, so each is also given as ``seed_str``."""
    out = []
    for segment in game.seeds:
        origin = segment.get("origin")
        shown = game.seeded or (
            finished
            and (origin == str(game.id) or (origin is not None and origin_finished(origin)))
        )
        seed = segment["seed"] if shown else None
        out.append(
            {
                "from": segment["from"],
                "hash": segment["hash"],
                "origin": origin,
                "seed": seed,
                "seed_str": None if seed is None else str(seed),
            }
        )
    return out


def setup_lines(rules: Title, facts: list[dict], names: list[str], viewer: int | None) -> list[str]:
    """A sentence for each set-up fact (as the viewer may see it: ``facts`` are redacted),
    each its own line of the log (issue 26: the first round's cube draw, a data-pack notice)."""
    lines = []
    for fact in facts:
        text = rules.describe(
            Event(fact["type"], fact.get("data") or {}, fact.get("seat")), names, viewer
        )
        if text and text.rstrip(".") != fact["type"]:  # a sentence, not a bare name
            lines.append(text)
    return lines


def undo_request(game: Game) -> dict | None:
    p = game.pending_undo
    if not p:
        return None
    return {
        "request_id": p["request_id"],
        "by": p["by"],
        "to_version": p["to_version"],
        "waiting": list(p["waiting"]),
        "accepted": list(p["accepted"]),
    }


def game_summary(
    game: Game,
    status: Status,
    winners: Callable[[], list[int]],
    origin_finished: OriginFinished,
    to_act: list[int] | None = None,
) -> dict:
    """The game summary of the API contract (``winners`` is asked only once the game is over;
    ``to_act`` overrides the seats waited for, e.g. as of the last complete move)."""
    seeds = seed_segments(game, status.finished or is_over(game), origin_finished)
    own = seeds[-1]
    out = {
        "id": str(game.id),
        "title": game.title,
        "variant": game.variant,
        "rules_version": game.rules_version,
        "status": "finished" if status.finished else "active",
        "version": game.version,
        "round": status.round,
        "phase": status.phase,
        "to_act": to_act_of(game, status) if to_act is None else list(to_act),
        "players": [{"seat": i, "name": n} for i, n in enumerate(game.players)],
        "options": game.options,
        "parent": game.parent,
        "seeded": game.seeded,
        "seed_hash": own["hash"],
        "seed": own["seed"],
        "seed_str": own["seed_str"],
        "seeds": seeds,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "undo_request": undo_request(game),
        "practice": game.seeded,
    }
    if game.seeded:
        out["practice_note"] = PRACTICE_NOTE
    if game.imported_from:
        out["imported_from"] = game.imported_from
    imported = getattr(game, "provenance", None)
    if imported:
        out["imported"] = imported  # who signed the imported record (domain/platform/archive.py)
    if game.series:
        out["series"] = {"id": game.series["id"], "number": game.series["number"]}
    provenance = game.rules.provenance(game.state)
    if provenance is not None:
        out["data_pack"] = provenance
    if status.finished:
        out["winners"] = winners()
    seats_and_clock(game, out)
    return out


def seats_and_clock(game: Game, out: dict) -> None:
    """Add the platform's bot seats, dropped seats and move clock to a summary (issue 25;
    public). A game the platform ended (adjudicated, or every opponent dropped) is finished
    and says how (``ended_by``)."""
    bots = getattr(game, "bots", None) or {}
    for row in out["players"]:
        bot = bots.get(str(row["seat"]))
        if bot is not None:
            row["bot"] = {"bot": bot["bot"], "level": bot["level"], "why": bot.get("why", "seated")}
            if bot.get("why") == dropping.WHY:
                row["dropped"] = True
            if bot.get("why") == "clock":  # issue 37: since when a bot plays for the player
                row["bot"].update(clocks.bot_since(game, row["seat"]))
    gone = dropping.dropped(game)
    if gone:
        out["dropped"] = gone
    clock = clocks.summary(game)
    if clock is not None:
        out["clock"] = clock
    ended = getattr(game, "adjudicated", None)
    if ended:
        out["status"] = "finished"
        out["to_act"] = []
        out["winners"] = ended["winners"]
        if ended.get("by") == "drop":
            out["ended_by"] = "drop"
        else:
            out["ended_by"] = "adjudication"
            out["adjudicated"] = True


def seat_names(game: Game, seats: Iterable[int]) -> str:
    """The players of ``seats`` joined for a sentence ("Ann and Bob", or "nobody")."""
    return join_list([game.players[s] for s in seats], gettext("nobody"))


class Presentation:
    """Summaries and readable events."""

    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo

    def summary(self, game: Game) -> dict:
        """The game summary of the API contract (public: nothing hidden in it)."""
        rules = game.rules
        return game_summary(
            game,
            rules.status(game.state),
            lambda: dropping.winners(game, rules.score_sheet(game.state)),
            self._origin_finished,
        )

    def revealed_seeds(self, game: Game) -> list[dict]:
        return seed_segments(game, is_over(game), self._origin_finished)

    def _origin_finished(self, origin: str) -> bool:
        try:
            other = self.repo.get_game(uuid.UUID(origin))
        except (DomainError, ValueError):
            return False
        return is_over(other)

    def event_data(self, game: Game, event: Any, viewer: int | None, finished: bool) -> dict:
        """The data of one stored event as ``viewer`` may see it (events, exports)."""
        if event.type == "GameCreated":
            data = {k: v for k, v in event.data.items() if k not in ("seeds", "setup")}
            data["seeds"] = self.revealed_seeds(game)
            data["setup"] = [
                {**f, "data": redact(f.get("data"), viewer, finished)}
                for f in event.data.get("setup", [])
            ]
            return data
        if event.type in META_TYPES:
            return event.data
        return game.rules.redact_event(event, viewer, finished)

    def event_view(
        self, game: Game, event: GameEvent, viewer: int | None, finished: bool | None = None
    ) -> dict:
        """One stored event as ``viewer`` may see it, with its sentence and move.

        Redact first, then describe: the sentence, the rule and the move are all built from
        the event as this viewer may see it, never from the stored event."""
        rules = game.rules
        if finished is None:
            finished = is_over(game)
        data = self.event_data(game, event, viewer, finished)
        shown = Event(event.type, data, event.seat)
        if event.type == "GameCreated":
            text = self._created_text(game, event)
        elif event.type in META_TYPES:
            text = self._meta_text(game, event)
        else:
            text = rules.describe(shown, game.players, viewer)
        out = {
            "version": event.originator_version,
            "type": event.type,
            "seat": event.seat,
            "recorded_at": event.timestamp.isoformat(),
            "data": data,
            "text": text,
            "undone": game.is_undone(event.originator_version),
        }
        command = public_command(event.command, viewer, finished, rules.seal_move)
        if command and "move" in command:
            out["move"] = unseal(command["move"], command.get("seat"))
        if command and command.get("bot"):
            out["bot"] = command["bot"]
        if event.type not in META_TYPES:
            out["rule"] = rules.rule_of(shown)
        if event.type == "GameCreated":
            out["lines"] = setup_lines(rules, data.get("setup", []), game.players, viewer)
        return out

    def _created_text(self, game: Game, event: GameEvent) -> str:
        d = event.data
        rules = registry.get(d["title"], d["rules_version"])
        names = seat_names(game, range(len(d["players"])))
        text = ngettext(
            "{names} sits down to a game of {title} ({variant}).",
            "{names} sit down to a game of {title} ({variant}).",
            len(d["players"]),
        ).format(
            names=names,
            title=pgettext("title", rules.display_name or rules.name),
            variant=pgettext("variant", d["variant"]),
        )
        if d.get("parent"):
            text += " " + gettext("It is a fork of game {game} at version {version}.").format(
                game=d["parent"]["game"], version=d["parent"]["version"]
            )
        return text

    def _meta_text(self, game: Game, event: GameEvent) -> str:
        d, names = event.data, game.players
        if event.type == "UndoRequested":
            return gettext(
                "{name} asks to take the game back to version {version}; waiting for {waiting}."
            ).format(
                name=names[d["by"]],
                version=d["to_version"],
                waiting=seat_names(game, d["waiting"]),
            )
        if event.type == "UndoAccepted":
            return gettext("{name} accepts the undo.").format(name=names[d["seat"]])
        if event.type == "UndoRejected":
            return gettext("{name} rejects the undo.").format(name=names[d["seat"]])
        if event.type == "UndoApplied":
            return gettext("The game is taken back to version {version} ({name} asked).").format(
                version=d["to_version"], name=names[d["by"]]
            )
        if event.type in clocks.PLATFORM_TYPES:
            return clocks.describe(event.type, d, names)
        return event.type
