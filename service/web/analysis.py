"""The analysis view (issue 32): explore a past position, one person moving every seat, with
nothing stored until they keep it as a branch.

``GET /games/<id>/analysis?from=V`` opens it at the move boundary ``V``; the moves played in it
ride in the address (``m``, compressed JSON of ``[seat, move]`` pairs), so the browser's Back
button takes one back and nothing is written anywhere. Each page replays them on the rules
alone (``Title.play``), from the position as this browser's seat may know it:

* the game's state at ``V`` redacted for the viewer (``redact``) and, while the game hides
  something, the title's ``fork_view`` of that view: every card the seat could not see is dealt
  anew at random (a spectator cannot analyse such a game: it knows no seat's cards);
* every draw after ``V`` comes from the analysis' own seed, an HMAC of the service's key over
  the game, ``V``, the seat and a random token ``a`` in the address, so the analysis never
  previews the game's real future and its user cannot compute the draws to come.

"Keep as a branch" (``POST …/analysis/keep``) makes the branch with the fork machinery
(``Games.fork``, from the same seat and with the same seed, so it deals and draws what the
analysis did) and plays the analysis' moves in it; the branch's invite links are shown once.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import hmac
import json
import secrets
import uuid
import zlib
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from domain.common.errors import DomainError, RuleViolation
from domain.common.i18n import gettext as _
from domain.common.rng import Rng
from domain.common.visibility import has_hidden, redact

from ..context import games, secret_key
from . import security
from .board import decision_box, grouped_moves, sheet_rows, step_walk, target_moves
from .pages import bp, show_invites, viewer

MAX_MOVES = 600
MAX_ADDRESS = 24_000
MAX_JSON = 1_000_000


class AnalysisError(Exception):
    """An analysis address that cannot be replayed (a 400 page with the sentence)."""


@dataclass
class Analysis:
    """One analysis, replayed: the position now and the moves that led to it."""

    game_id: uuid.UUID
    start: int
    token: str
    viewer: int | None
    hidden: bool
    seed: int | None  # the seed a kept branch passes to ``Games.fork`` (None: the parent's)
    rules: Any
    players: list[str]
    state: dict
    moves: list[list] = field(default_factory=list)
    log: list[dict] = field(default_factory=list)


def encode_moves(moves: list[list]) -> str:
    raw = json.dumps(moves, separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def decode_moves(text: str) -> list[list]:
    if not text:
        return []
    if len(text) > MAX_ADDRESS:
        raise AnalysisError(_("This analysis is too long to replay."))
    try:
        inflate = zlib.decompressobj()
        raw = inflate.decompress(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)), MAX_JSON)
        if inflate.unconsumed_tail:
            raise ValueError("too long")
        moves = json.loads(raw)
    except (ValueError, zlib.error):
        raise AnalysisError(_("The moves of this analysis could not be read.")) from None
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise AnalysisError(_("The moves of this analysis could not be read."))
    for pair in moves:
        if not (
            isinstance(pair, list)
            and len(pair) == 2
            and isinstance(pair[0], int)
            and isinstance(pair[1], dict)
        ):
            raise AnalysisError(_("The moves of this analysis could not be read."))
    return moves


def analysis_seed(game_id: uuid.UUID, start: int, seat: int | None, token: str) -> int:
    """The analysis' seed: 128 bits of an HMAC of the service's key (never in the address)."""
    key = secret_key()
    key = key.encode() if isinstance(key, str) else key
    message = f"chronicle-analysis|{game_id}|{start}|{seat}|{token}".encode()
    digest = hmac.new(key, message, hashlib.sha256).digest()
    return int.from_bytes(digest[:16], "big") | (1 << 127)


def _canonical(move: dict) -> str:
    return json.dumps(move, separators=(",", ":"), sort_keys=True)


def open_analysis(game_id: uuid.UUID, start: int, token: str, seat: int | None) -> Analysis:
    """The position at ``start`` as ``seat`` may know it (module docstring); raises the
    application's errors for a missing game or version, or a version inside a move."""
    app = games()
    current = app.get_game(game_id)
    at = app.game_at(game_id, start)
    app.check_move_boundary(game_id, start)
    rules = at.rules
    events = app.stored_events(game_id, limit=start)
    hidden = not rules.status(current.state).finished and any(has_hidden(e.data) for e in events)
    seed = analysis_seed(game_id, start, seat, token)
    if hidden:
        if seat is None:
            raise RuleViolation("fork_reveals_hidden", game=str(game_id), version=start)
        state = rules.fork_view(redact(at.state, seat, False), seat, Rng(seed))
        if state is None:
            raise RuleViolation("fork_reveals_hidden", game=str(game_id), version=start)
    else:
        state = copy.deepcopy(redact(at.state, seat, rules.status(current.state).finished))
    kept_seed = None if (current.seeded and not hidden) else seed
    return Analysis(
        game_id, start, token, seat, hidden, kept_seed, rules, list(current.players), state
    )


def replay(analysis: Analysis, moves: list[list]) -> Analysis:
    """Play ``moves`` in ``analysis`` (each must be legal where it is played)."""
    rules, state = analysis.rules, analysis.state
    rng = Rng(analysis.seed if analysis.seed is not None else _parent_seed(analysis))
    for number, (seat, move) in enumerate(moves, 1):
        legal = rules.legal_moves(state, seat) if 0 <= seat < len(analysis.players) else []
        if _canonical(move) not in {_canonical(m) for m in legal}:
            raise AnalysisError(
                _("Move %(number)s of this analysis is not a legal move there.")
                % {"number": number}
            )
        label = rules.move_label(state, move)
        state = rules.play(state, seat, move, rng)[1]
        analysis.log.append({"seat": seat, "label": label, "number": number})
    analysis.state, analysis.moves = state, list(moves)
    return analysis


def _parent_seed(analysis: Analysis) -> int:
    """A seeded game's branch keeps the game's own seed (``Games.fork``): so does its
    analysis (the seed of a seeded game is public)."""
    return int(games().game_at(analysis.game_id, analysis.start).seed_for(analysis.start))


def _mover(analysis: Analysis, asked: int | None) -> int | None:
    to_act = sorted(analysis.rules.status(analysis.state).to_act)
    if asked in to_act:
        return asked
    if analysis.viewer in to_act:
        return analysis.viewer
    return to_act[0] if to_act else None


def _address(analysis: Analysis, moves: list[list] | None = None, seat: int | None = None) -> str:
    moves = analysis.moves if moves is None else moves
    args: dict[str, Any] = {"from": analysis.start, "a": analysis.token}
    if moves:
        args["m"] = encode_moves(moves)
    if seat is not None:
        args["s"] = seat
    return url_for("web.analysis", game_id=analysis.game_id, **args)


def _context(analysis: Analysis, mover: int | None) -> dict:
    rules, state = analysis.rules, analysis.state
    status = rules.status(state)
    finished = bool(status.finished)
    seen_by = mover if mover is not None else analysis.viewer
    board = rules.view(state, seen_by, finished)
    legal = rules.legal_moves(state, mover) if mover is not None else []
    shown = SimpleNamespace(rules=rules, state=state)
    sheet = redact(rules.score_sheet(state), seen_by, finished)
    fields = {"from": analysis.start, "a": analysis.token, "m": encode_moves(analysis.moves)}
    return {
        "game_id": str(analysis.game_id),
        "title": rules.name,
        "title_name": rules.display_name or rules.name,
        "players": analysis.players,
        "status": status,
        "finished": finished,
        "viewer": seen_by,
        "mover": mover,
        "to_act": sorted(status.to_act),
        "board": board,
        "panels": rules.page(board, seen_by),
        "moves": grouped_moves(shown, legal),
        "on_board": target_moves(shown, legal),
        "walk": (step_walk(shown, mover, legal) or decision_box(shown, legal))
        if legal and mover is not None
        else None,
        "drawn_keys": set(),  # the places the drawing gives a control (analysis.html)
        "my_turn": False,  # no "why not?" links: they ask the game, not the analysis
        "past": True,
        "sheet": sheet,
        "sheet_rows": sheet_rows(sheet),
        "analysis": {
            "url": url_for("web.analysis_move", game_id=analysis.game_id),
            "fields": {**fields, "s": mover},
        },
        "keep_fields": fields,
        "log": analysis.log,
        "back_to": [_address(analysis, analysis.moves[: e["number"]]) for e in analysis.log],
        "start_url": _address(analysis, []),
        "seat_urls": {s: _address(analysis, seat=s) for s in sorted(status.to_act)},
        "start": analysis.start,
        "hidden": analysis.hidden,
        "idp": "",
    }


def _read(game_id: uuid.UUID, args: Any) -> Analysis:
    start = args.get("from", type=int)
    token = args.get("a", "")
    if start is None:
        raise AnalysisError(_("Choose the version to explore from."))
    if not token or len(token) > 64 or not token.replace("-", "").replace("_", "").isalnum():
        raise AnalysisError(_("This analysis address is not complete."))
    analysis = open_analysis(game_id, start, token, viewer(game_id))
    return replay(analysis, decode_moves(args.get("m", "")))


def _refused(game_id: uuid.UUID, text: str, status: int) -> ResponseReturnValue:
    back = url_for("web.game", game_id=game_id)
    return render_template("message.html", heading=_("Analysis"), text=text, back=back), status


def _answer(game_id: uuid.UUID, fn: Any) -> ResponseReturnValue:
    try:
        return fn()
    except AnalysisError as err:
        return _refused(game_id, str(err), 400)
    except DomainError as err:
        if err.code in ("game_not_found", "version_not_found"):
            abort(404, description=err.message)
        return _refused(game_id, err.message, 422)


@bp.get("/games/<game:game_id>/analysis")
def analysis(game_id: uuid.UUID) -> ResponseReturnValue:
    """The analysis page (module docstring); without a token, a fresh one."""
    if not request.args.get("a"):
        args: dict[str, Any] = request.args.to_dict()
        args["a"] = secrets.token_urlsafe(12)
        return redirect(url_for("web.analysis", game_id=game_id, **args), code=303)

    def page() -> ResponseReturnValue:
        found = _read(game_id, request.args)
        mover = _mover(found, request.args.get("s", type=int))
        return render_template("analysis.html", **_context(found, mover))

    return _answer(game_id, page)


@bp.get("/games/<game:game_id>/analysis/move")
def analysis_move(game_id: uuid.UUID) -> ResponseReturnValue:
    """One more move in the analysis (a GET form: nothing is stored): checked, then the
    analysis' address with it."""

    def step() -> ResponseReturnValue:
        found = _read(game_id, request.args)
        seat = request.args.get("s", type=int)
        try:
            move = json.loads(request.args.get("move", ""))
        except ValueError:
            raise AnalysisError(_("That move could not be read.")) from None
        if seat is None or not isinstance(move, dict):
            raise AnalysisError(_("That move could not be read."))
        moves = [*found.moves, [seat, move]]
        replay(open_analysis(game_id, found.start, found.token, found.viewer), moves)
        return redirect(_address(found, moves), code=303)

    return _answer(game_id, step)


@bp.post("/games/<game:game_id>/analysis/keep")
def keep_analysis(game_id: uuid.UUID) -> ResponseReturnValue:
    """Keep the analysis as a branch: a fork at its start (the same seat and seed), with its
    moves played in it; the branch's invite links are shown once."""
    security.check_csrf()

    def keep() -> ResponseReturnValue:
        found = _read(game_id, request.form)
        app = games()
        seat = found.viewer if found.hidden else None
        created = app.fork(game_id, found.start, seat=seat, seed=found.seed)
        branch = created.game.id
        for number, (mover, move) in enumerate(found.moves, 1):
            try:
                app.play(branch, mover, move)
            except DomainError as err:
                flash(
                    _(
                        "The branch keeps the first %(kept)s moves of the analysis: move "
                        "%(number)s could not be played there (%(reason)s)."
                    )
                    % {"kept": number - 1, "number": number, "reason": err.message}
                )
                break
        parent: dict[str, Any] = {"game": str(game_id), "version": found.start}
        if seat is not None:
            parent["seat"] = seat
        return show_invites(created, parent)

    return _answer(game_id, keep)
