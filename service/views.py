"""What a viewer may see: every response body that carries title data is built here.

``viewer`` is a seat number, or None for the public. Title data only ever leaves through the
title's ``view`` (states), ``Games.event_view`` (events) or the domain's ``redact`` (score
sheets, audits, legal moves), never raw. Summaries come from ``Games.summary`` (public by
construction).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import TYPE_CHECKING

from domain.common.errors import VersionNotFound
from domain.common.visibility import has_hidden, redact
from domain.platform import dropping
from domain.platform.application import Games
from domain.platform.game import Created, Game, GameEvent, is_over
from domain.platform.records import AuditReport

if TYPE_CHECKING:
    from projections.queries import ReadModels


def is_finished(game: Game) -> bool:
    """Over by the rules, or ended by the platform when a clock ran out (then nothing more
    can be played or undone, and what the end reveals is shown)."""
    return is_over(game)


def created_game(games: Games, created: Created) -> dict:
    """A new game's summary plus its seat tokens (shown only in this response)."""
    game = created.game
    seats = []
    for seat, (name, token) in enumerate(zip(game.players, created.tokens)):
        bot = game.bots.get(str(seat))
        seats.append(
            {"seat": seat, "name": name, "token": token}
            if bot is None
            else {"seat": seat, "name": name, "token": None, "bot": bot}
        )
    return {**games.summary(game), "seats": seats}


def state_view(game: Game, viewer: int | None, finished: bool | None = None) -> dict:
    """``{"version", "state"}``: the state after ``game.version`` as ``viewer`` may see it;
    ``finished`` tells whether the game is over now (then every past state is public too)."""
    if finished is None:
        finished = is_finished(game)
    return {"version": game.version, "state": game.rules.view(game.state, viewer, finished)}


def event_views(
    games: Games, game: Game, events: Iterable[GameEvent], viewer: int | None
) -> list[dict]:
    """Stored events of ``game`` (its current version) as ``viewer`` may see them."""
    finished = is_finished(game)
    return [games.event_view(game, event, viewer, finished) for event in events]


def score_answer(
    games: Games, models: ReadModels, game_id: uuid.UUID, version: int | None, viewer: int | None
) -> dict:
    """``{"version", "final", "seats", "winners", "changes"}``: the score sheet at ``version``
    from the read models (no replay), or the title's ``score_sheet`` of a replayed state when
    they have not got there yet; ``final`` once it is the end-of-game sheet."""
    current = games.get_game(game_id)
    finished = is_finished(current)
    if version is None:
        version = current.version
    if not 1 <= version <= current.version:
        raise VersionNotFound(game=str(game_id), version=version, current=current.version)
    projected = models.score_sheet(game_id, version)
    if projected is None:
        game = games.game_at(game_id, version)
        sheet = game.rules.score_sheet(game.state)
    else:
        sheet = projected[1]
    sheet = redact(sheet, viewer, finished)
    changes = models.score_changes(game_id, version)
    # a dropped seat ranks last whatever its score (issue 25, ``platform/dropping.py``); a game
    # the platform ended has the winners it was ended with
    at = current
    if version != current.version and current.clock and (current.undone or current.bots):
        at = games.game_at(game_id, version)  # seats may have been dropped (or given back)
    gone = dropping.dropped(at)
    seats = [
        {**row, "dropped": True} if isinstance(row, dict) and row.get("seat") in gone else row
        for row in sheet.get("seats", [])
    ]
    ended = getattr(at, "adjudicated", None)
    winners = ended["winners"] if ended else dropping.winners(at, sheet)
    out = {
        **sheet,
        "version": version,
        # nothing follows the end of a game, so its last version is the final sheet
        "final": finished and version == current.version,
        "seats": seats,
        "winners": winners,
        "changes": redact(changes, viewer, finished) if changes is not None else None,
    }
    if gone:
        out["dropped"] = gone
        out["ranking"] = winners + [s for s in dropping.ranking(at, sheet) if s not in winners]
    return out


#: Keys a listed move carries for its reader, not for the rules (removed from a posted move).
LISTING_KEYS = ("group",)


def grouped(game: Game, moves: list[dict]) -> list[dict]:
    """Each listed move with the heading it is listed under (the title's ``move_group``, as
    the game's page groups them)."""
    return [{**move, "group": game.rules.move_group(game.state, move)} for move in moves]


def unlisted(move: dict) -> dict:
    """A posted move without the keys only a listing adds (a listed move posts unchanged)."""
    return {k: v for k, v in move.items() if k not in LISTING_KEYS}


def legal_moves_view(version: int, moves: list[dict], seat: int | None) -> dict:
    """The moves ``seat`` may make now (none for the public)."""
    return {
        "version": version,
        "seat": seat,
        "moves": redact(moves, seat) if seat is not None else [],
    }


HIDDEN_DIFFERENCE = (
    "the recorded events differ from what the rules give; the details involve "
    "hidden information and are shown once the game is over"
)


def audit_view(report: AuditReport, game: Game, viewer: int | None, detail: bool) -> dict:
    """An audit report as ``viewer`` may see it.

    Expected and recorded events are redacted like any event data; a mismatch's sentence is
    replaced while it quotes hidden information (it is built from the raw events).
    """
    finished = is_finished(game)
    out = report.as_dict(detail=detail)
    if not finished:
        for mismatch in out["mismatches"]:
            if has_hidden(mismatch.get("expected")) or has_hidden(mismatch.get("recorded")):
                mismatch["difference"] = HIDDEN_DIFFERENCE
    return redact(out, viewer, finished)
