"""The chat stream: its events, the state they fold to, and the pure decisions.

A game's chat stream (id derived from the game's id by :func:`chat_stream`) holds
:class:`ChatEvent` facts, each a ``kind`` and JSON-clean ``data`` (``kind``, never ``type``:
the after-save hooks read ``type`` as a game's):

* ``MessagePosted`` ``{"game", "room", "seat", "account", "name", "text"}``: the message's id
  is its version in the stream (``game`` lets the notices' projector find the game);
* ``SeatMuted`` ``{"seat", "muted", "on"}``: ``seat`` stops (``on``) or resumes reading
  ``muted``'s messages; only ``seat`` is affected;
* ``MessageReported`` ``{"message", "seat", "account", "reason"}``: for the moderators;
* ``MessageHidden`` ``{"message", "by", "reason", "on"}``: a moderator hid (or showed again) a
  message; a hidden message is served to nobody (the store keeps it, as every fact).

A fork is a new game with a new id, hence a new, empty chat stream.
"""

from __future__ import annotations

import unicodedata
import uuid
from dataclasses import dataclass, field
from typing import Any

from eventsourcing.domain import DomainEvent

from .errors import ChatNotFound, forbidden, refused

CHAT_NAMESPACE = uuid.UUID("8f3c2a61-0d4e-4b7a-9e55-6a1d2c7b9e04")
CHAT_TOPIC = "domain.chat.model:ChatEvent"
ROOMS = ("seats", "spectators")
#: the longest message, in characters (a chat line, not a letter)
MAX_CHARS = 500
#: characters refused besides the C0/C1 controls: bidirectional overrides and isolates, which
#: could make a message display as something else
BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


@dataclass(frozen=True)  # the library's metaclass makes it one; this tells the type checker
class ChatEvent(DomainEvent):
    """One fact of a game's chat: ``kind`` and JSON-clean ``data``."""

    kind: str
    data: dict


@dataclass(frozen=True)
class Sender:
    """Who writes: a seat of the game (``seat``), or a spectator (``seat`` None) known by an
    ``account``; ``name`` is shown with the message."""

    seat: int | None
    account: str | None
    name: str


@dataclass(frozen=True)
class Table:
    """What a chat decision needs to know of its game (read by the caller)."""

    players: list[str]
    game: str = ""
    dropped: frozenset[int] = frozenset()
    bots: frozenset[int] = frozenset()
    finished: bool = False


def chat_stream(game_id: uuid.UUID | str) -> uuid.UUID:
    """The id of ``game_id``'s chat stream."""
    return uuid.uuid5(CHAT_NAMESPACE, str(game_id))


@dataclass
class Chat:
    """A chat as its events leave it."""

    version: int = 0
    #: every message posted, by id (hidden ones too: ``hidden`` says which)
    messages: dict[int, dict] = field(default_factory=dict)
    hidden: dict[int, int] = field(default_factory=dict)  # message -> version of the hiding
    #: seat -> the seats it muted
    mutes: dict[int, set[int]] = field(default_factory=dict)
    reports: list[dict] = field(default_factory=list)


def fold(events: list[Any]) -> Chat:
    chat = Chat()
    for event in events:
        evolve(chat, event)
    return chat


def evolve(chat: Chat, event: Any) -> None:
    """Apply one recorded fact (never validates)."""
    version = event.originator_version
    chat.version = version
    data = event.data
    if event.kind == "MessagePosted":
        chat.messages[version] = {
            "id": version,
            "room": data["room"],
            "seat": data.get("seat"),
            "name": data["name"],
            "text": data["text"],
            "at": event.timestamp.isoformat(),
        }
    elif event.kind == "SeatMuted":
        muted = chat.mutes.setdefault(int(data["seat"]), set())
        (muted.add if data.get("on", True) else muted.discard)(int(data["muted"]))
    elif event.kind == "MessageReported":
        chat.reports.append({"version": version, **data})
    elif event.kind == "MessageHidden":
        message = int(data["message"])
        if data.get("on", True):
            chat.hidden[message] = version
        else:
            chat.hidden.pop(message, None)


# -- reading -------------------------------------------------------------------------------------
def may_read(room: str, viewer: int | None, finished: bool) -> bool:
    """Everyone reads the players' chat; the spectators' chat is read by spectators, and by
    the players once the game is over."""
    return room == "seats" or viewer is None or finished


def visible(chat: Chat, viewer: int | None, finished: bool, after: int = 0) -> list[dict]:
    """The messages after ``after`` that ``viewer`` (a seat, or None) may read, in order:
    not hidden, not from a seat the viewer muted."""
    muted = chat.mutes.get(viewer, set()) if viewer is not None else set()
    out = []
    for mid, message in chat.messages.items():
        if mid <= after or mid in chat.hidden:
            continue
        if not may_read(message["room"], viewer, finished):
            continue
        if message["seat"] is not None and message["seat"] in muted:
            continue
        out.append(message)
    return out


def served(message: dict) -> dict:
    """A message as served and exported (no account id)."""
    return {k: message[k] for k in ("id", "room", "seat", "name", "text", "at")}


def withdrawn(chat: Chat, after: int) -> list[int]:
    """Messages hidden after ``after`` (a client that has them removes them)."""
    return sorted(m for m, v in chat.hidden.items() if v > after)


# -- deciding ------------------------------------------------------------------------------------
def clean_text(text: Any) -> str:
    """The message as it will be kept: trimmed; refused if empty, too long, or holding control
    characters (line breaks and tabs are kept). Markup is kept as typed: every output escapes
    it (pages) or carries it as a JSON string."""
    if not isinstance(text, str):
        raise refused("chat_empty")
    text = text.replace("\r\n", "\n").strip()
    if not text:
        raise refused("chat_empty")
    if len(text) > MAX_CHARS:
        raise refused("chat_too_long", limit=MAX_CHARS, length=len(text))
    for at, char in enumerate(text, start=1):
        if char in "\n\t":
            continue
        if unicodedata.category(char) in ("Cc", "Cs") or char in BIDI:
            raise refused("chat_control_characters", at=at)
    return text


def check_room(room: Any) -> str:
    if room not in ROOMS:
        raise refused("chat_unknown_room", room=str(room)[:40])
    return str(room)


def _event(chat: Chat, stream: uuid.UUID, kind: str, data: dict) -> ChatEvent:
    return ChatEvent(
        originator_id=stream,
        originator_version=chat.version + 1,
        timestamp=ChatEvent.create_timestamp(),
        kind=kind,
        data=data,
    )


def check_seat(table: Table, seat: int) -> None:
    if not 0 <= seat < len(table.players):
        raise forbidden("chat_no_seat", seat=seat)


def decide_post(
    chat: Chat, stream: uuid.UUID, table: Table, sender: Sender, room: Any, text: Any
) -> ChatEvent:
    """Post ``text`` in ``room`` (see the module docstring for who may)."""
    room = check_room(room)
    kept = clean_text(text)
    seat = sender.seat
    if seat is not None:
        check_seat(table, seat)
        if seat in table.dropped:
            raise forbidden("chat_seat_dropped", name=table.players[seat])
        if seat in table.bots:
            raise forbidden("chat_seat_bot", seat=seat)
        if room == "spectators" and not table.finished:
            raise forbidden("chat_spectators_only")
        if room == "seats" and _muted_by_all(chat, table, seat):
            raise forbidden("chat_muted", name=table.players[seat])
    elif room == "seats":
        raise forbidden("chat_seats_only")
    elif not sender.account:
        raise forbidden("chat_sign_in")
    data = {
        "game": table.game,
        "room": room,
        "seat": seat,
        "account": sender.account,
        "name": sender.name,
        "text": kept,
    }
    return _event(chat, stream, "MessagePosted", data)


def _muted_by_all(chat: Chat, table: Table, seat: int) -> bool:
    readers = [
        s
        for s in range(len(table.players))
        if s != seat and s not in table.bots and s not in table.dropped
    ]
    return bool(readers) and all(seat in chat.mutes.get(s, set()) for s in readers)


def decide_mute(
    chat: Chat, stream: uuid.UUID, table: Table, seat: int, muted: int, on: bool
) -> ChatEvent | None:
    """``seat`` stops (or resumes) reading ``muted``'s messages; None when nothing changes."""
    check_seat(table, muted)
    if muted == seat:
        raise refused("chat_mute_self")
    if (muted in chat.mutes.get(seat, set())) == on:
        return None
    return _event(chat, stream, "SeatMuted", {"seat": seat, "muted": muted, "on": on})


def check_message(chat: Chat, message: int) -> dict:
    found = chat.messages.get(message)
    if found is None:
        raise ChatNotFound("chat_message_not_found", message=message)
    return found


def decide_report(
    chat: Chat,
    stream: uuid.UUID,
    message: int,
    seat: int | None,
    account: str | None,
    reason: str,
) -> ChatEvent:
    check_message(chat, message)
    reason = (reason or "").strip()[:200]
    data = {"message": message, "seat": seat, "account": account, "reason": reason}
    return _event(chat, stream, "MessageReported", data)


def decide_hide(
    chat: Chat, stream: uuid.UUID, message: int, by: str, reason: str, on: bool = True
) -> ChatEvent | None:
    """A moderator (the caller checked) hides or shows again a message."""
    check_message(chat, message)
    if (message in chat.hidden) == on:
        return None
    data = {"message": message, "by": by, "reason": (reason or "").strip()[:200], "on": on}
    return _event(chat, stream, "MessageHidden", data)
