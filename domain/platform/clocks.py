"""Move clocks, reminders, expiry and vacations (issue 25 items 1-4): platform state, never a
title's.

A game's clock is chosen at creation (``options.clock``, the same for every title, seconds):

* ``{"type": "per_move", "seconds": S}``: every time a seat is asked, it has S seconds;
* ``{"type": "correspondence", "initial": I, "increment": N, "cap": C}``: a reserve that starts
  at I, pays for the time a seat takes, and grows by N after each of its moves, up to C;

plus ``reminder`` (seconds left when the reminder goes out; default a day, or a quarter of a
short clock), ``on_expiry`` (``"bot"``: the seat's bot plays until the player returns, the
default; ``"adjudicate"``: the game ends on the current score sheet; ``"drop"``: the seat is
dropped, its least-impact moves are played by the platform's zombie and it ranks last, and the
game ends when at most one seat is left, ``domain/platform/dropping.py``; ``"wait"``: the expiry is
recorded and the game waits for the player, issue 37), ``bot`` (which bot plays
on, default greedy level 2) and ``vacation_days`` (days each seat may pause its clock).

**Time enters only as recorded timestamps.** The clock state (:func:`track`) is folded from the
events: a seat's clock starts at the timestamp of the event after which the game waits for it;
a deadline is that time plus its allowance plus any vacation that overlapped. The wall clock is
read only by the worker that decides a deadline has passed, and what it decides is an event:
``ClockReminder`` and ``ClockExpired`` name the deadline they are about, and are written only if
the folded state has not recorded one for that deadline (the store's unique version settles a
race), so each happens exactly once per deadline, across worker restarts. Replays and audits
reach the same deadlines because they read the same timestamps.

Platform event types (``META_TYPES``; the title never sees them): ``ClockReminder``,
``ClockExpired``, ``SeatReclaimed`` (the player takes the seat back from the bot),
``VacationStarted``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from ..bots import check_bot
from ..common.errors import BadGameConfig, RuleViolation, register_messages
from ..common.i18n import gettext, join_list, ngettext
from . import dropping

register_messages(
    {
        "vacation_not_possible": "{seat_name} cannot take {days} day(s) of vacation: "
        "{left} day(s) are left in this game.",
        "clock_event_unfounded": "No {kind} follows from the game's clocks here: {reason}.",
    }
)

DAY = 86400
MAX_PER_MOVE = 14 * DAY
MAX_RESERVE = 60 * DAY
MAX_VACATION_DAYS = 60
DEFAULT_MIN_SECONDS = 3600
EXPIRY = ("bot", "adjudicate", "drop", "wait")
PLATFORM_TYPES = ("ClockReminder", "ClockExpired", "SeatReclaimed", "VacationStarted")


#: the fields each clock type takes (anything else is refused, naming the field: issue 31)
_COMMON_FIELDS = frozenset({"type", "reminder", "on_expiry", "bot", "vacation_days"})
CLOCK_FIELDS = {
    "none": frozenset({"type"}),
    "per_move": _COMMON_FIELDS | {"seconds"},
    "correspondence": _COMMON_FIELDS | {"initial", "increment", "cap"},
}


def _bad(reason: str, option: str = "clock") -> BadGameConfig:
    return BadGameConfig(
        "bad_option", title="Chronicle", variant="any title", option=option, reason=reason
    )


def _seconds(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(f"{name} must be a whole number of seconds", f"clock.{name}")
    if not low <= value <= high:
        raise _bad(f"{name} must be between {low} and {high} seconds, not {value}", f"clock.{name}")
    return value


def check_clock(value: Any, min_seconds: int = DEFAULT_MIN_SECONDS) -> dict | None:
    """The clock option with defaults filled in (None: no clock, ``{"type": "none"}``), or a
    ``bad_option`` error naming the culprit field (``clock.type`` when the type is missing: a
    clock without one is refused, never read as no clock; ``clock.<field>`` for a field its
    type does not take or a bad value)."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise _bad('a clock is an object such as {"type": "per_move", "seconds": 86400}')
    if "type" not in value:
        raise _bad('a clock needs a "type": "none", "per_move" or "correspondence"', "clock.type")
    kind = value["type"]
    if not isinstance(kind, str) or kind not in CLOCK_FIELDS:
        raise _bad(f"type must be none, per_move or correspondence, not {kind!r}", "clock.type")
    extra = sorted(set(value) - CLOCK_FIELDS[kind])
    if extra:
        takes = ", ".join(sorted(CLOCK_FIELDS[kind] - {"type"}))
        reason = (
            f"a {kind} clock does not take {', '.join(extra)} (it takes {takes})"
            if takes
            else f"a clock of type none takes no other field, not {', '.join(extra)}"
        )
        raise _bad(reason, f"clock.{extra[0]}")
    if kind == "none":
        return None
    out: dict[str, Any]
    if kind == "per_move":
        out = {
            "type": kind,
            "seconds": _seconds(value.get("seconds"), "seconds", min_seconds, MAX_PER_MOVE),
        }
        shortest = out["seconds"]
    else:  # correspondence
        initial = _seconds(value.get("initial"), "initial", min_seconds, MAX_RESERVE)
        increment = _seconds(value.get("increment", 0), "increment", 0, MAX_PER_MOVE)
        cap = _seconds(value.get("cap", initial), "cap", initial, MAX_RESERVE)
        out = {"type": kind, "initial": initial, "increment": increment, "cap": cap}
        shortest = initial
    default_reminder = DAY if shortest >= 4 * DAY else max(1, shortest // 4)
    out["reminder"] = _seconds(value.get("reminder", default_reminder), "reminder", 1, shortest)
    policy = value.get("on_expiry", "bot")
    if policy not in EXPIRY:
        raise _bad(f"on_expiry must be one of {', '.join(EXPIRY)}", "clock.on_expiry")
    out["on_expiry"] = policy
    out["bot"] = check_bot(value.get("bot", {"bot": "greedy"}), "clock.bot").as_dict()
    days = value.get("vacation_days", 0)
    if isinstance(days, bool) or not isinstance(days, int) or not 0 <= days <= MAX_VACATION_DAYS:
        raise _bad(
            f"vacation_days must be a whole number from 0 to {MAX_VACATION_DAYS}",
            "clock.vacation_days",
        )
    out["vacation_days"] = days
    return out


# -- the folded clock state ----------------------------------------------------------------------
def new_clocks(clock: dict | None, players: int, parent: dict | None = None) -> dict | None:
    """The clock part of a game as set up (JSON-clean; seats are string keys).

    A fork (``parent`` with ``clocks_from``, the epoch second it was made) restarts the clocks
    of the seats it waits for at its fork point when it was made (:func:`track`), not when
    the parent's event was recorded: its copied events keep the parent's timestamps, so the
    time each seat used before the fork point is kept (a correspondence reserve), but nobody's
    time runs out for what passed in the parent after it (issue 31)."""
    if not clock:
        return None
    seats = [str(s) for s in range(players)]
    restart = None
    if isinstance(parent, dict) and isinstance(parent.get("clocks_from"), (int, float)):
        restart = {"version": parent.get("version"), "at": float(parent["clocks_from"])}
    return {
        "restart": restart,
        "since": {},
        "extra": dict.fromkeys(seats, 0.0),
        "reserve": {s: float(clock.get("initial", 0)) for s in seats},
        "reminded": {},
        "expired": {},
        "paused_until": {},
        "vacation_left": {s: float(clock["vacation_days"] * DAY) for s in seats},
    }


def allowance(clock: dict, clocks: dict, seat: str) -> float:
    if clock["type"] == "per_move":
        return float(clock["seconds"])
    return float(clocks["reserve"][seat])


def track(game: Any, to_act: list[int], ts: float, version: int | None = None) -> None:
    """After an event recorded at ``ts`` (at ``version``): start the clocks of seats the game
    now waits for, and stop (and, for a correspondence clock, settle) those it no longer waits
    for. Bot seats have no clock. At a fork's fork point the running clocks start again when
    the fork was made (:func:`new_clocks`)."""
    clock, clocks = game.clock, game.clocks
    waiting = {str(s) for s in to_act if str(s) not in game.bots}
    since = clocks["since"]
    for seat in list(since):
        if seat not in waiting:
            started = since.pop(seat)
            if clock["type"] == "correspondence":
                used = max(0.0, ts - started - clocks["extra"][seat])
                left = max(0.0, clocks["reserve"][seat] - used)
                clocks["reserve"][seat] = min(float(clock["cap"]), left + clock["increment"])
            clocks["extra"][seat] = 0.0
    for seat in waiting:
        if seat not in since:
            since[seat] = max(ts, clocks["paused_until"].get(seat, 0.0))
            clocks["extra"][seat] = 0.0
    restart = clocks.get("restart")
    if restart and version is not None and version == restart["version"]:
        for seat in since:
            since[seat] = max(restart["at"], clocks["paused_until"].get(seat, 0.0))
            clocks["extra"][seat] = 0.0


def deadline(game: Any, seat: int) -> float | None:
    """When ``seat``'s time runs out (epoch seconds), or None when its clock is not running."""
    clocks = getattr(game, "clocks", None)
    if not clocks or str(seat) not in clocks["since"]:
        return None
    key = str(seat)
    return clocks["since"][key] + allowance(game.clock, clocks, key) + clocks["extra"][key]


def reminder_due(game: Any, seat: int) -> float | None:
    end = deadline(game, seat)
    return None if end is None else end - game.clock["reminder"]


def apply_meta(game: Any, kind: str, data: dict, ts: float, version: int | None = None) -> None:
    """Fold one platform event (at ``version``) into the game's book-keeping (see the module
    docstring)."""
    clocks = getattr(game, "clocks", None)
    seat = str(data.get("seat"))
    if kind == "ClockReminder" and clocks is not None:
        clocks["reminded"][seat] = data["deadline"]
    elif kind == "ClockExpired":
        if clocks is not None:
            clocks["expired"][seat] = data["deadline"]
            if data.get("action") != "wait":  # waited for: the passed deadline stands, once
                clocks["since"].pop(seat, None)
        if data.get("action") == "bot":
            game.bots[seat] = {**data["bot"], "why": "clock", "since": version}
        elif data.get("action") == "drop":
            dropping.apply_drop(game, data, version)
        elif data.get("action") == "adjudicate":
            game.adjudicated = {
                "version": version,
                "seat": data.get("seat"),
                "winners": list(data.get("winners", [])),
            }
    elif kind == "SeatReclaimed":
        game.bots.pop(seat, None)
    elif kind == "VacationStarted" and clocks is not None:
        seconds = float(data["days"]) * DAY
        clocks["vacation_left"][seat] = max(0.0, clocks["vacation_left"][seat] - seconds)
        clocks["paused_until"][seat] = ts + seconds
        if seat in clocks["since"]:
            clocks["extra"][seat] += seconds


def undo_takeovers(game: Any, target: int) -> None:
    """An undo back to ``target`` also takes back what expiries after it did (a clock that ran
    out at a later version): the bot that took a seat over, or the drop of a seat (and the
    end it brought); the seat is its player's again."""
    game.bots = {
        s: b
        for s, b in game.bots.items()
        if not (b.get("why") in ("clock", dropping.WHY) and (b.get("since") or 0) > target)
    }
    ended = getattr(game, "adjudicated", None)
    if ended and ended.get("version") is not None and ended["version"] > target:
        game.adjudicated = None


def expiry(game: Any, seat: int, end: float) -> dict:
    """The data of ``seat``'s ``ClockExpired`` at deadline ``end``: what the creator chose."""
    data: dict = {"seat": seat, "deadline": end, "action": game.clock["on_expiry"]}
    if data["action"] == "bot":
        data["bot"] = dict(game.clock["bot"])
    elif data["action"] == "drop":
        data.update(dropping.drop_data(game, seat))
    elif data["action"] == "wait":
        pass  # issue 37: the game waits for the player; the seat's clock stops
    else:
        data["winners"] = list(game.rules.score_sheet(game.state).get("winners", []))
    return data


def _unfounded(kind: str, reason: str) -> RuleViolation:
    return RuleViolation("clock_event_unfounded", kind=kind, reason=reason)


def _running(game: Any, seat: Any, kind: str) -> float:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise _unfounded(kind, "it names no seat")
    end = deadline(game, seat)
    if end is None:
        raise _unfounded(kind, f"seat {seat}'s clock is not running")
    return end


def expired_rule(game: Any, book: Any, seat: Any, data: Any) -> list:
    """Replay rule of ``ClockExpired``: the seat's clock runs, its deadline is the one the
    recorded timestamps give, and it has not expired before (``domain/platform/meta.py``)."""
    end = _running(game, seat, "ClockExpired")
    if not isinstance(data, dict) or data.get("deadline") != end:
        raise _unfounded("ClockExpired", f"the deadline is {end}")
    if game.clocks["expired"].get(str(seat)) == end:
        raise _unfounded("ClockExpired", "that deadline has already expired")
    return [("ClockExpired", seat, expiry(game, seat, end))]


def reminder_rule(game: Any, book: Any, seat: Any, data: Any) -> list:
    """Replay rule of ``ClockReminder``: once per deadline of a running clock."""
    end = _running(game, seat, "ClockReminder")
    if not isinstance(data, dict) or data.get("deadline") != end:
        raise _unfounded("ClockReminder", f"the deadline is {end}")
    if game.clocks["reminded"].get(str(seat)) == end:
        raise _unfounded("ClockReminder", "that deadline was already reminded")
    return [("ClockReminder", seat, {"seat": seat, "deadline": end})]


def reclaim_rule(game: Any, book: Any, seat: Any, data: Any) -> list:
    """Replay rule of ``SeatReclaimed``: only a seat a bot plays because its clock ran out."""
    if game.bots.get(str(seat), {}).get("why") != "clock":
        raise _unfounded("SeatReclaimed", "no bot plays that seat for an expired clock")
    return [("SeatReclaimed", seat, {"seat": seat})]


def vacation_rule(game: Any, book: Any, seat: Any, data: Any) -> list:
    """Replay rule of ``VacationStarted``: days the game still allows that seat."""
    days = data.get("days") if isinstance(data, dict) else None
    clocks = getattr(game, "clocks", None)
    left = clocks["vacation_left"].get(str(seat), 0) / DAY if clocks else 0
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= left:
        raise _unfounded("VacationStarted", f"{left:g} day(s) of vacation are left")
    return [("VacationStarted", seat, {"seat": seat, "days": days})]


#: the platform's clock events and the rules a replay re-derives them by (``platform/meta.py``)
CLOCK_RULES = {
    "ClockExpired": expired_rule,
    "ClockReminder": reminder_rule,
    "SeatReclaimed": reclaim_rule,
    "VacationStarted": vacation_rule,
}


def summary(game: Any) -> dict | None:
    """The clock as the summary, lobby and pages show it (public)."""
    clock = getattr(game, "clock", None)
    if not clock:
        return None
    clocks = game.clocks
    seats = []
    for seat in range(len(game.players)):
        key = str(seat)
        end = deadline(game, seat)
        seats.append(
            {
                "seat": seat,
                "deadline": _iso(end),
                "deadline_epoch": end,
                "reserve": (clocks["reserve"][key] if clock["type"] == "correspondence" else None),
                "vacation_until": _iso(clocks["paused_until"].get(key)),
                "vacation_days_left": round(clocks["vacation_left"][key] / DAY, 2),
            }
        )
    return {**clock, "seats": seats}


def describe(kind: str, data: dict, names: list[str]) -> str:
    """The sentence of a platform clock or seat event, in the reader's language."""
    seat = data.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else gettext("A seat")
    if kind == "ClockReminder":
        return gettext("{who}'s time for this move runs out at {deadline}.").format(
            who=who, deadline=_iso(data["deadline"])
        )
    if kind == "ClockExpired":
        if data.get("action") == "bot":
            bot = data.get("bot") or {}
            return gettext(
                "{who}'s time ran out; the {bot} bot (level {level}) plays for {who} until they "
                "return."
            ).format(who=who, bot=bot.get("bot"), level=bot.get("level"))
        if data.get("action") == "drop":
            return dropping.describe(who, data, names)
        if data.get("action") == "wait":
            return f"{who}'s time ran out; the game waits for {who} to move."
        winners = [names[w] for w in data.get("winners", []) if 0 <= w < len(names)]
        return ngettext(
            "{who}'s time ran out; the game is decided on the score sheet as it stands: "
            "{winners} wins.",
            "{who}'s time ran out; the game is decided on the score sheet as it stands: "
            "{winners} win.",
            len(winners),
        ).format(who=who, winners=join_list(winners, gettext("nobody")))
    if kind == "SeatReclaimed":
        return gettext("{who} is back and takes the seat over from the bot.").format(who=who)
    if kind == "VacationStarted":
        days = data.get("days")
        return ngettext(
            "{who} goes on vacation for {n} day; their clock stops.",
            "{who} goes on vacation for {n} days; their clock stops.",
            days if isinstance(days, int) else 2,
        ).format(who=who, n=days)
    return kind


def _iso(epoch: float | None) -> str | None:
    if epoch is None:
        return None
    return datetime.fromtimestamp(epoch, UTC).isoformat()


def bot_since(game: Any, seat: int) -> dict:
    """Since when a bot plays ``seat`` because its clock ran out (issue 37 item 5): the
    version of the ``ClockExpired`` (``since_version``) and the deadline that passed
    (``since``, ISO time), for the page that tells the player a bot is playing for them."""
    bot = (getattr(game, "bots", None) or {}).get(str(seat)) or {}
    expired = ((getattr(game, "clocks", None) or {}).get("expired") or {}).get(str(seat))
    return {"since_version": bot.get("since"), "since": _iso(expired)}
