"""Dropped seats (issue 25 item 3, ``on_expiry: "drop"``): platform state, never a title's.

When a seat's clock runs out and the game's creator chose ``"drop"``, the seat forfeits, as in
Board Game Arena's zombie mode (https://en.doc.boardgamearena.com/Zombie_Mode: a player who
quits or runs out of time becomes a "zombie" the game plays on for, and ranks last):

* none of these titles can take a player out mid-game, so the seat stays in the game, played
  from then on by the platform's ``zombie`` player (``domain/bots/zombie.py``: a listed move of
  least impact, drawn from the game's seed like the other bots, so it replays exactly);
* the seat ranks last whatever its score (:func:`winners`, :func:`ranking`), and the summary,
  the score sheet and the event's sentence say it is dropped;
* its player cannot take it back (unlike the bot that plays on, ``SeatReclaimed``), moves for
  it only as the zombie, and takes no part in undo requests; an undo by consent back past the
  drop gives the seat back (``clocks.undo_takeovers``);
* when, after a drop, at most one seat that is not dropped is left, the game ends at once: that
  seat wins (as BGA ends a game all opponents quit); a solo seat dropped ends it with no winner.

A drop is the ``ClockExpired`` event with ``action: "drop"``, ``bot`` (the zombie) and, when
it ends the game, ``ends: true`` and ``winners``; :func:`drop_data` makes that data and the
replay rule of ``ClockExpired`` (``clocks.expired_rule``) re-derives it, so an audit checks a
drop follows from the clocks. The audit also checks that every later move of a dropped seat is
the zombie's (:func:`check_move`).
"""

from __future__ import annotations

from typing import Any

from ..bots import BotSpec, bot_move, bot_rng
from ..bots.players import move_key
from ..bots.zombie import ZOMBIE_LEVELS
from ..common.errors import register_messages
from ..common.i18n import gettext

register_messages(
    {
        "seat_dropped": "{seat_name} was dropped when their time ran out: the seat is played "
        "by the platform's zombie and cannot be taken back (only an undo by consent back past "
        "the drop gives it back).",
    }
)

#: the platform player that plays a dropped seat (``domain/bots/zombie.py``)
ZOMBIE: dict[str, Any] = {"bot": "zombie", "level": 3}
#: why a bot plays a seat whose player was dropped (``Game.bots[seat]["why"]``)
WHY = "dropped"


def dropped(game: Any) -> list[int]:
    """The dropped seats of ``game``, in seat order."""
    bots = getattr(game, "bots", None) or {}
    return sorted(int(s) for s, bot in bots.items() if bot.get("why") == WHY)


def forfeited(game: Any, seat: int = 0) -> bool:
    """Whether ``seat`` lost ``game`` by forfeit: the platform ended the game (a clock ran out)
    without it among the winners (a solo seat dropped: no winner at all)."""
    ended = getattr(game, "adjudicated", None)
    if not ended:
        return False
    return seat not in (ended.get("winners") or [])


def is_dropped(game: Any, seat: Any) -> bool:
    bots = getattr(game, "bots", None) or {}
    return bots.get(str(seat), {}).get("why") == WHY


def drop_data(game: Any, seat: int) -> dict:
    """What a drop of ``seat`` adds to its ``ClockExpired`` data: the zombie, and whether the
    game ends (at most one seat that is not dropped left) with who wins."""
    out: dict = {"bot": dict(ZOMBIE)}
    gone = set(dropped(game)) | {seat}
    left = [s for s in range(len(game.players)) if s not in gone]
    if len(left) <= 1:
        out["ends"] = True
        out["winners"] = left
    return out


def apply_drop(game: Any, data: dict, version: int | None) -> None:
    """Fold a drop (the ``ClockExpired`` at ``version``) into the game's book-keeping."""
    seat = str(data.get("seat"))
    game.bots[seat] = {**dict(data.get("bot") or ZOMBIE), "why": WHY, "since": version}
    if data.get("ends"):
        game.adjudicated = {
            "version": version,
            "seat": data.get("seat"),
            "winners": list(data.get("winners", [])),
            "by": "drop",
        }


def winners(game: Any, sheet: dict) -> list[int]:
    """The winners of ``game`` by its score sheet, dropped seats never among them: the sheet's
    winners that are not dropped, or else the best totals among the seats that are not, a tie
    among those broken by the title's own tie-breakers (issue 37 item 4: the ``tiebreak``
    values the title's sheet rows publish, compared in their order, e.g. Village's grain, then
    living members; a title without them shares the win, as Agricola §8.3 and Caverna §10)."""
    gone = set(dropped(game))
    listed = [int(w) for w in sheet.get("winners", [])]
    if not gone:
        return listed
    kept = [w for w in listed if w not in gone]
    if kept:
        return kept
    totals = {
        int(row["seat"]): float(row.get("total") or 0)
        for row in sheet.get("seats", [])
        if isinstance(row, dict) and "seat" in row and int(row["seat"]) not in gone
    }
    if not totals:
        return []
    best = max(totals.values())
    return _tiebreak(sheet, sorted(s for s, t in totals.items() if t == best))


def _tiebreak(sheet: dict, tied: list[int]) -> list[int]:
    """The seats of ``tied`` that win by the title's tie-breakers (all of them without)."""
    rows = {
        int(row["seat"]): row
        for row in sheet.get("seats", [])
        if isinstance(row, dict) and "seat" in row
    }

    def key(seat: int) -> tuple:
        tiebreak = rows.get(seat, {}).get("tiebreak")
        if not isinstance(tiebreak, dict):
            return ()
        return tuple(float(v) for v in tiebreak.values() if isinstance(v, int | float))

    if len(tied) < 2 or not any(key(s) for s in tied):
        return tied
    best = max(key(s) for s in tied)
    return [s for s in tied if key(s) == best]


def ranking(game: Any, sheet: dict) -> list[int]:
    """Every seat from first to last: the winners, the other seats by their total, then the
    dropped seats (the first dropped last of all)."""
    gone = dropped(game)
    ahead = winners(game, sheet)
    totals = {
        int(row["seat"]): float(row.get("total") or 0)
        for row in sheet.get("seats", [])
        if isinstance(row, dict) and "seat" in row
    }
    rest = sorted(
        (s for s in range(len(game.players)) if s not in ahead and s not in gone),
        key=lambda s: (-totals.get(s, 0.0), s),
    )
    order = sorted(gone, key=lambda s: -(game.bots[str(s)].get("since") or 0))
    return list(ahead) + rest + order


def check_move(game: Any, rules: Any, seat: int, move: Any, command: dict, seed: Any) -> str | None:
    """Why a recorded move of dropped ``seat`` is not the zombie's (None when it is): a dropped
    seat moves only as the zombie, by the zombie's choice from the seat's view and the bot rng
    the live service draws from (``domain/platform/seats.py``)."""
    spec = command.get("bot")
    if (
        not isinstance(spec, dict)
        or spec.get("bot") != ZOMBIE["bot"]
        or spec.get("level") not in ZOMBIE_LEVELS
    ):
        return f"seat {seat} was dropped: only the zombie moves for it"
    if seed is None:
        return None  # a record without the seed: the choice cannot be re-derived
    view = rules.view(game.state, seat)
    zombie = BotSpec(ZOMBIE["bot"], spec["level"])  # the zombie as it chose then
    chosen = bot_move(rules, view, seat, zombie, bot_rng(seed, game.version, seat))
    if chosen is None or move_key(chosen) != move_key(move):
        return f"seat {seat} was dropped: the zombie's move here is {chosen!r}, not {move!r}"
    return None


def describe(who: str, data: dict, names: list[str]) -> str:
    """The sentence of a drop, in the reader's language."""
    if not data.get("ends"):
        return gettext(
            "{who}'s time ran out; {who} is dropped: the seat plays on with least-impact moves "
            "and ranks last."
        ).format(who=who)
    left = [names[w] for w in data.get("winners", []) if 0 <= w < len(names)]
    if left:
        return gettext(
            "{who}'s time ran out; {who} is dropped and ranks last. Only {left} is left: the "
            "game ends and {left} wins."
        ).format(who=who, left=left[0])
    return gettext(
        "{who}'s time ran out; {who} is dropped. Nobody is left: the game ends with no winner."
    ).format(who=who)
