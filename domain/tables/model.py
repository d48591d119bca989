"""A table's events, the state they fold to, and its pure decisions.

Events (:class:`TableEvent`, ``kind`` and ``data``):

* ``TableOpened`` ``{"title", "variant", "options", "seats", "access", "range", "rated",
  "fill", "creator", "creator_name", "rematch_of"}``; each seat is ``{"kind": "creator" |
  "open" | "invited" | "bot", ...}`` (an invited seat names its ``account`` and ``name``, a bot
  seat its ``bot`` and ``level``);
* ``SeatTaken`` ``{"seat", "account", "name"}`` / ``SeatLeft`` ``{"seat"}`` while it is open;
* ``TableStarted`` ``{"game", "accounts": {seat: account}, "bots": {seat: bot}}``: saved with
  the game's ``GameCreated``;
* ``TableClosed`` ``{"by"}``: the creator closed it before it started;
* ``ReissueRequested`` ``{"seat", "by", "waiting"}``, ``ReissueAgreed`` ``{"seat"}``,
  ``SeatReissued`` ``{"seat"}``: a seat's link made anew (the creator alone before the seat
  moved, afterwards with every other player's consent);
* ``RematchOffered`` ``{"table"}``: the table of the rematch.

``access`` says who may take an open seat: ``"anyone"`` signed in, ``"rating"`` (players
whose rating for the title and variant lies in ``range``), ``"invited"`` (only the names
invited; the table's challenge link also invites whoever holds it).

A **guest** (no account; its ``account`` is :data:`GUEST_PREFIX` and a random id its browser
keeps) may take an open seat of a **casual** table open to anyone, or of a casual table whose
challenge link it holds, as lichess lets anonymous players accept open challenges in casual
games only: a rated table, or one limited to a rating range, needs an account
(``table_needs_account``). A guest is never invited to a rematch (its seat is open there).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from eventsourcing.domain import DomainEvent

from domain.accounts.errors import conflict, refused

TABLE_TOPIC = "domain.tables.model:TableEvent"
ACCESS = ("anyone", "invited", "rating")
SEAT_KINDS = ("creator", "open", "invited", "bot")
#: the bot that fills open seats when the creator starts at once and named none
DEFAULT_FILL: dict[str, Any] = {"bot": "greedy", "level": 2}
RATING_BOUNDS = (0, 4000)
#: the start of the ``account`` of a guest's seat (a random id its browser keeps)
GUEST_PREFIX = "guest:"


def is_guest(account: str | None) -> bool:
    """Whether ``account`` is a guest's (not an account's) id."""
    return bool(account) and str(account).startswith(GUEST_PREFIX)


def guest_may_sit(table: Table, invited_by_link: bool = False) -> bool:
    """Whether a guest may take an open seat of ``table`` (casual, and open to anyone or
    reached by its challenge link)."""
    if table.rated or table.access == "rating":
        return False
    return table.access == "anyone" or invited_by_link


@dataclass(frozen=True)  # the library's metaclass makes it one; this tells the type checker
class TableEvent(DomainEvent):
    """One fact of a table: ``kind`` and JSON-clean ``data``."""

    kind: str
    data: dict


@dataclass
class Table:
    """A table as its events leave it."""

    id: uuid.UUID
    version: int = 0
    title: str = ""
    variant: str = ""
    options: dict = field(default_factory=dict)
    seats: list[dict] = field(default_factory=list)
    access: str = "anyone"
    range: list[int] | None = None
    rated: bool = False
    fill: dict | None = None
    creator: str = ""
    creator_name: str = ""
    status: str = "open"  # "open" | "started" | "closed"
    game: str | None = None
    reissue: dict | None = None
    rematch: str | None = None
    rematch_of: str | None = None
    opened_at: str = ""

    def seat_of(self, account: str) -> int | None:
        """The seat ``account`` holds at this table (None: none)."""
        for i, seat in enumerate(self.seats):
            if seat.get("account") == account:
                return i
        return None

    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s["kind"] != "bot" and not s.get("account")]

    @property
    def full(self) -> bool:
        return not self.open_seats()


def fold(table_id: uuid.UUID, events: list[Any]) -> Table | None:
    """The table after ``events`` (None when there are none)."""
    if not events:
        return None
    table = Table(table_id)
    for event in events:
        evolve(table, event)
    return table


def evolve(table: Table, event: Any) -> None:
    """Apply one recorded fact (never validates)."""
    table.version = event.originator_version
    d = event.data
    kind = event.kind
    if kind == "TableOpened":
        table.title, table.variant, table.options = d["title"], d["variant"], dict(d["options"])
        table.seats = [dict(s) for s in d["seats"]]
        table.access, table.range, table.rated = d["access"], d.get("range"), bool(d["rated"])
        table.fill, table.creator, table.creator_name = (
            d.get("fill"),
            d["creator"],
            d["creator_name"],
        )
        table.rematch_of = d.get("rematch_of")
        table.opened_at = event.timestamp.isoformat()
    elif kind == "SeatTaken":
        table.seats[d["seat"]].update(account=d["account"], name=d["name"])
    elif kind == "SeatLeft":
        table.seats[d["seat"]].pop("account", None)
        table.seats[d["seat"]].pop("name", None)
    elif kind == "TableStarted":
        table.status, table.game = "started", d["game"]
        for seat, bot in d.get("bots", {}).items():
            table.seats[int(seat)] = {"kind": "bot", **bot}
    elif kind == "TableClosed":
        table.status = "closed"
    elif kind == "ReissueRequested":
        table.reissue = {"seat": d["seat"], "by": d["by"], "waiting": list(d["waiting"])}
    elif kind == "ReissueAgreed" and table.reissue is not None:
        table.reissue["waiting"] = [s for s in table.reissue["waiting"] if s != d["seat"]]
    elif kind == "SeatReissued":
        table.reissue = None
        table.seats[d["seat"]].pop("account", None)
        table.seats[d["seat"]]["reissued"] = table.seats[d["seat"]].get("reissued", 0) + 1
    elif kind == "RematchOffered":
        table.rematch = d["table"]


def event(table: Table, kind: str, data: dict, offset: int = 1) -> TableEvent:
    return TableEvent(
        originator_id=table.id,
        originator_version=table.version + offset,
        timestamp=TableEvent.create_timestamp(),
        kind=kind,
        data=data,
    )


# -- opening -----------------------------------------------------------------------------------
def check_seats(seats: list[dict], low: int, high: int, variant: str) -> list[dict]:
    """The seats of a new table, checked: one creator seat, kinds known, count in range."""
    if not low <= len(seats) <= high:
        raise refused("table_seats_invalid", low=low, high=high, variant=variant)
    kept = []
    for seat in seats:
        kind = seat.get("kind")
        if kind not in SEAT_KINDS:
            raise refused("table_seats_invalid", low=low, high=high, variant=variant)
        kept.append(dict(seat))
    if sum(1 for s in kept if s["kind"] == "creator") != 1:
        raise refused("table_seats_invalid", low=low, high=high, variant=variant)
    return kept


def check_range(access: str, low: Any, high: Any) -> list[int] | None:
    """The rating range of a ``"rating"`` table, checked (None for other access rules)."""
    if access != "rating":
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (low, high)):
        raise refused("table_range_invalid")
    if not RATING_BOUNDS[0] <= low < high <= RATING_BOUNDS[1]:
        raise refused("table_range_invalid")
    return [low, high]


def decide_open(table_id: uuid.UUID, spec: dict) -> list[TableEvent]:
    """Open a table from a checked ``spec`` (the ``TableOpened`` data): the creator takes the
    creator's seat at once."""
    table = Table(table_id)
    opened = event(table, "TableOpened", spec)
    creator_seat = next(i for i, s in enumerate(spec["seats"]) if s["kind"] == "creator")
    taken = event(
        table,
        "SeatTaken",
        {"seat": creator_seat, "account": spec["creator"], "name": spec["creator_name"]},
        offset=2,
    )
    return [opened, taken]


# -- joining and leaving -------------------------------------------------------------------------
def check_open(table: Table) -> None:
    if table.status == "closed":
        raise conflict("table_closed")
    if table.status == "started":
        raise conflict("table_started")


def decide_join(
    table: Table,
    account: str,
    name: str,
    rating: int,
    title_name: str,
    *,
    invited_by_link: bool = False,
    seat: int | None = None,
) -> list[TableEvent]:
    """Take a seat: the one reserved for ``account`` if any, else ``seat`` or the first open
    one the table's access rule lets this player take. Refusals are conflicts (409)."""
    if table.seat_of(account) is not None:
        raise conflict("table_already_seated")
    if table.status == "started":  # every seat was taken: the game is on
        raise conflict("table_full")
    check_open(table)
    reserved = [
        i
        for i, s in enumerate(table.seats)
        if s["kind"] == "invited" and s.get("invited") == account and not s.get("account")
    ]
    if reserved:
        return [event(table, "SeatTaken", {"seat": reserved[0], "account": account, "name": name})]
    free = [i for i in table.open_seats() if table.seats[i]["kind"] == "open"]
    if not free:
        raise conflict("table_full")
    if is_guest(account) and not guest_may_sit(table, invited_by_link):
        raise conflict("table_needs_account")
    if table.access == "invited" and not invited_by_link:
        raise conflict("table_not_invited")
    if table.access == "rating" and table.range is not None and not invited_by_link:
        low, high = table.range
        params = {"title": title_name, "rating": rating, "low": low, "high": high}
        if rating < low:
            raise conflict("table_rating_low", **params)
        if rating > high:
            raise conflict("table_rating_high", **params)
    if seat is not None:
        if not 0 <= seat < len(table.seats):
            raise refused("table_seat_unknown", seat=seat + 1)
        if seat not in free:
            raise conflict("table_seat_taken", seat=seat + 1)
        free = [seat]
    return [event(table, "SeatTaken", {"seat": free[0], "account": account, "name": name})]


def decide_leave(table: Table, account: str) -> list[TableEvent]:
    check_open(table)
    if account == table.creator:
        raise conflict("table_creator_stays")
    seat = table.seat_of(account)
    if seat is None:
        raise conflict("table_not_seated")
    return [event(table, "SeatLeft", {"seat": seat})]


def decide_close(table: Table, account: str) -> list[TableEvent]:
    check_open(table)
    if account != table.creator:
        raise conflict("table_not_creator")
    return [event(table, "TableClosed", {"by": account})]


# -- starting ----------------------------------------------------------------------------------
def fill_bots(table: Table) -> dict[str, dict]:
    """The bots that take the seats still open when the creator starts at once."""
    bot = table.fill or DEFAULT_FILL
    return {
        str(i): {"bot": str(bot["bot"]), "level": int(bot["level"])} for i in table.open_seats()
    }


def players(table: Table, bots: dict[str, dict]) -> list[Any]:
    """The ``players`` of ``Games.create_game``: taken seats by name, bots as bots."""
    out: list[Any] = []
    for i, seat in enumerate(table.seats):
        if str(i) in bots:
            out.append(dict(bots[str(i)]))
        elif seat["kind"] == "bot":
            out.append({"bot": seat["bot"], "level": int(seat["level"])})
        else:
            out.append(seat["name"])
    return out


def decide_start(table: Table, game: str, *, now: bool = False) -> TableEvent:
    """``TableStarted`` for ``game`` (saved with it): when every seat is taken, or at once
    (``now``, the creator's choice) with bots in the open seats."""
    check_open(table)
    bots = fill_bots(table) if now else {}
    accounts = {
        str(i): s["account"]
        for i, s in enumerate(table.seats)
        if s.get("account") and str(i) not in bots
    }
    return event(table, "TableStarted", {"game": game, "accounts": accounts, "bots": bots})


def start_bots(table: Table, now: bool) -> dict[str, dict]:
    """The bots :func:`decide_start` will seat (for the game's players list)."""
    return fill_bots(table) if now else {}


# -- after the start: reissuing a seat's link, rematch ----------------------------------------
def check_started(table: Table) -> None:
    if table.status != "started":
        raise conflict("table_not_started")


def human_seats(table: Table) -> list[int]:
    return [i for i, s in enumerate(table.seats) if s["kind"] != "bot"]


def decide_reissue(
    table: Table, seat: int, by: str, moved: bool, by_seats: list[int]
) -> list[TableEvent]:
    """Reissue ``seat``'s link: at once for the creator while the seat has not moved, or when
    every other player agreed to the creator's request. Otherwise the request is recorded and
    waits for the other players (``by_seats``: the seats the asker holds)."""
    check_started(table)
    if not 0 <= seat < len(table.seats):
        raise refused("table_seat_unknown", seat=seat + 1)
    if table.seats[seat]["kind"] == "bot":
        raise conflict("table_seat_is_bot", seat=seat + 1)
    if by != table.creator:
        raise conflict("table_not_creator")
    asked = table.reissue
    if not moved or (asked is not None and asked["seat"] == seat and not asked["waiting"]):
        return [event(table, "SeatReissued", {"seat": seat})]
    if asked is not None and asked["seat"] == seat:
        return []  # already asked: still waiting
    waiting = [s for s in human_seats(table) if s != seat and s not in by_seats]
    if not waiting:
        return [event(table, "SeatReissued", {"seat": seat})]
    return [event(table, "ReissueRequested", {"seat": seat, "by": by, "waiting": waiting})]


def decide_agree(table: Table, seats: list[int]) -> list[TableEvent]:
    """The players of ``seats`` agree to the waiting reissue."""
    asked = table.reissue
    if asked is None:
        raise conflict("reissue_none")
    agreeing = [s for s in seats if s in asked["waiting"]]
    if not agreeing:
        raise conflict("reissue_not_asked")
    return [
        event(table, "ReissueAgreed", {"seat": s}, offset=i + 1) for i, s in enumerate(agreeing)
    ]


def rematch_spec(table: Table, by: str, by_name: str, by_seat: int) -> dict:
    """The ``TableOpened`` data of a rematch: the same title, variant, options and rating
    choice; ``by`` in the seat they held, the other accounts invited to theirs, bots in theirs,
    seats whose player has no account open to anyone."""
    seats: list[dict] = []
    for i, seat in enumerate(table.seats):
        if i == by_seat:
            seats.append({"kind": "creator"})
        elif seat["kind"] == "bot":
            seats.append({"kind": "bot", "bot": seat["bot"], "level": seat["level"]})
        elif seat.get("account") and not is_guest(seat["account"]):
            seats.append({"kind": "invited", "invited": seat["account"], "name": seat["name"]})
        else:
            seats.append({"kind": "open"})
    return {
        "title": table.title,
        "variant": table.variant,
        "options": table.options,
        "seats": seats,
        "access": "anyone",
        "range": None,
        "rated": table.rated,
        "fill": table.fill,
        "creator": by,
        "creator_name": by_name,
        "rematch_of": table.game,
    }
