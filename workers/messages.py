"""What a notice says, for its recipient only.

A notice row names a game, a version, a seat and a kind; its message is built from the event
store when it is sent (the game at that version never changes, so every retry carries the same
content):

* a **webhook** (the seat's own endpoint) gets the seat's view: the move's events and the state
  redacted for that seat (``Title.view`` / ``Games.event_view``), as Standard Webhooks JSON
  ``{"type", "timestamp", "data"}``;
* an **email** (the seat's own address) gets the same sentences as text;
* a **chat** hook (Discord, Slack, a channel other people read) gets the public view only: one
  sentence naming the seat, never anything hidden.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from typing import Any

from domain.common.i18n import gettext, join_list, ngettext, pgettext
from domain.common.visibility import redact
from domain.platform.application import Games
from locales import translate

TYPES = {
    "turn": "game.your_turn",
    "undo": "game.undo_requested",
    "over": "game.over",
    "reminder": "game.clock_reminder",
    "expired": "game.clock_expired",
    "chat": "game.chat_message",
}


@dataclass
class Message:
    kind: str
    type: str
    subject: str
    text: str
    public_text: str
    payload: dict = field(default_factory=dict)
    public_payload: dict = field(default_factory=dict)
    #: one short sentence for a phone's lock screen (Web Push); public facts only
    push_text: str = ""


def _names(names: list[str]) -> str:
    return join_list(names, gettext("nobody"))


def _clock_texts(
    kind: str, name: str, display: str, game_id: uuid.UUID, latest: str
) -> tuple[str, str, str]:
    """A move clock's reminder or expiry (``latest`` is the clock event's own sentence)."""
    short = game_id.hex[:8]
    if kind == "reminder":
        return (
            gettext("Your time is running out in {title} ({short})").format(
                title=display, short=short
            ),
            gettext("{name}, your move in {title} (game {game}) is due soon.").format(
                name=name, title=display, game=game_id
            ),
            gettext("{name}'s time is running out in {title} (game {short}).").format(
                name=name, title=display, short=short
            ),
        )
    return (
        gettext("Your time ran out in {title} ({short})").format(title=display, short=short),
        gettext("{name}, your time ran out in {title} (game {game}).").format(
            name=name, title=display, game=game_id
        ),
        gettext("{name}'s time ran out in {title} (game {short}).").format(
            name=name, title=display, short=short
        ),
    )


def build(
    games: Games, row: dict, public_url: str | None = None, lang: str | None = None
) -> Message:
    """The message of outbox ``row`` (see the module docstring), written in ``lang`` (the
    recipient's language, English when None or not shipped: ``locales.translate``). The
    payloads' identifiers and facts stay English; their ``text`` and the events' sentences
    are in ``lang``."""
    with translate(lang):
        return _build(games, row, public_url)


def _build(games: Games, row: dict, public_url: str | None) -> Message:
    game_id = uuid.UUID(row["game_id"])
    version = int(row["version"])
    seat = int(row["seat"])
    kind = row["kind"]
    if kind == "chat":
        return chat_message(games, row, public_url)
    game = games.game_at(game_id, version)
    rules = game.rules
    status = rules.status(game.state)
    finished = status.finished
    to_act = [] if finished or game.pending_undo else sorted(status.to_act)
    first = int(row.get("first_version") or version)
    events = games.stored_events(game_id, after=first - 1, limit=version - first + 1)
    views = [games.event_view(game, e, seat, finished) for e in events]
    public_views = [games.event_view(game, e, None, finished) for e in events]
    players = game.players
    name = players[seat] if 0 <= seat < len(players) else gettext("seat {seat}").format(seat=seat)
    display = pgettext("title", rules.display_name or rules.name)
    link = f"{public_url}/api/v1/games/{game_id}" if public_url else None
    extra = row.get("data") or {}
    if isinstance(extra, str):
        extra = json.loads(extra)
    latest = " ".join(v["text"] for v in public_views if v.get("text"))
    subject, text, public_text = _notice_texts(
        kind, name, display, game_id, version, players, extra, latest
    )
    push_text = public_text
    if latest and kind != "over":
        text += " " + gettext("Latest: {latest}").format(latest=latest)
    if link:
        text += f"\n{link}"
        public_text += f" {link}"
    data: dict[str, Any] = {
        "notice": row["notice_id"],
        "kind": kind,
        "game": str(game_id),
        "title": game.title,
        "title_name": display,
        "variant": game.variant,
        "version": version,
        "seat": seat,
        "player": name,
        "players": [{"seat": i, "name": n} for i, n in enumerate(players)],
        "status": "finished" if finished else "active",
        "round": status.round,
        "phase": status.phase,
        "to_act": to_act,
        "text": text,
        "events": views,
        "state": rules.view(game.state, seat),
    }
    if kind == "over":
        # redact first, then describe: the sheet as this seat may see it (all of it once over)
        data["scores"] = redact(rules.score_sheet(game.state), seat, finished)
    data.update(_data_extras(kind, extra, version, first, link))
    payload = {"type": TYPES[kind], "timestamp": row.get("created_at"), "data": data}
    public_data = {
        "game": str(game_id),
        "title": game.title,
        "version": version,
        "seat": seat,
        "player": name,
        "kind": kind,
        "to_act": to_act,
        "text": public_text,
    }
    public_payload = {"type": TYPES[kind], "timestamp": row.get("created_at"), "data": public_data}
    return Message(
        kind=kind,
        type=TYPES[kind],
        subject=subject,
        text=text,
        public_text=public_text,
        payload=payload,
        public_payload=public_payload,
        push_text=push_text,
    )


def _notice_texts(
    kind: str,
    name: str,
    display: str,
    game_id: uuid.UUID,
    version: int,
    players: list[str],
    extra: dict,
    latest: str,
) -> tuple[str, str, str]:
    """The subject, the seat's text and the public text of a notice (not chat)."""
    short = game_id.hex[:8]
    if kind == "turn":
        subject = gettext("Your turn in {title} ({short})").format(title=display, short=short)
        text = gettext("{name}, it is your turn in {title} (game {game}, version {version}).")
        text = text.format(name=name, title=display, game=game_id, version=version)
        public_text = gettext("It is {name}'s turn in {title} (game {short}, version {version}).")
        public_text = public_text.format(name=name, title=display, short=short, version=version)
    elif kind == "undo":
        by = extra.get("by")
        by_name = (
            players[by] if isinstance(by, int) and 0 <= by < len(players) else gettext("A player")
        )
        subject = gettext("Undo requested in {title} ({short})").format(title=display, short=short)
        text = gettext(
            "{by} asks to take game {game} of {title} back to version {version}. {name}, please "
            "accept or reject undo request {request}."
        ).format(
            by=by_name,
            game=game_id,
            title=display,
            version=extra.get("to_version"),
            name=name,
            request=extra.get("request_id", version),
        )
        public_text = gettext(
            "{by} asks to take {title} (game {short}) back to version {version}; waiting for "
            "{name}."
        ).format(by=by_name, title=display, short=short, version=extra.get("to_version"), name=name)
    elif kind in ("reminder", "expired"):
        return _clock_texts(kind, name, display, game_id, latest)
    else:
        winners = [players[w] for w in extra.get("winners", []) if 0 <= w < len(players)]
        subject = gettext("Game over: {title} ({short})").format(title=display, short=short)
        text = ngettext(
            "The game of {title} (game {game}) is over after {version} events. Winner: {winners}.",
            "The game of {title} (game {game}) is over after {version} events. Winners: {winners}.",
            max(len(winners), 1),
        ).format(title=display, game=game_id, version=version, winners=_names(winners))
        public_text = ngettext(
            "{title} (game {short}) is over. Winner: {winners}.",
            "{title} (game {short}) is over. Winners: {winners}.",
            max(len(winners), 1),
        ).format(title=display, short=short, winners=_names(winners))
    return subject, text, public_text


def _data_extras(kind: str, extra: dict, version: int, first: int, link: str | None) -> dict:
    """The payload's undo request (an undo notice) and its links (with a public URL)."""
    out: dict[str, Any] = {}
    if kind == "undo":
        out["undo_request"] = {
            "by": extra.get("by"),
            "to_version": extra.get("to_version"),
            "request_id": extra.get("request_id", version),
        }
    if link:
        out["links"] = {
            "game": link,
            "events": f"{link}/events?after={first - 1}",
            "stream": f"{link}/stream",
        }
    return out


def chat_message(games: Games, row: dict, public_url: str | None = None) -> Message:
    """A message of the game's players' chat (which everyone watching the game may read):
    who wrote what, nothing of the game."""
    from domain.chat.app import Chats

    game_id = uuid.UUID(row["game_id"])
    number = int(row["version"])
    seat = int(row["seat"])
    game = games.get_game(game_id)
    chat = Chats(games).chat(game_id)
    found = chat.messages.get(number)
    if found is None:
        raise LookupError(f"chat message {number} of game {game_id} is not in the store")
    display = pgettext("title", game.rules.display_name or game.rules.name)
    short = game_id.hex[:8]
    link = f"{public_url}/games/{game_id}#chat" if public_url else None
    subject = gettext("{name} wrote in {title} ({short})").format(
        name=found["name"], title=display, short=short
    )
    push_text = f"{found['name']}: {found['text']}"
    text = f"{push_text}\n" + gettext("(game {game})").format(game=game_id)
    text += f"\n{link}" if link else ""
    message = {k: found[k] for k in ("id", "room", "seat", "name", "text", "at")}
    data = {
        "notice": row["notice_id"],
        "kind": "chat",
        "game": str(game_id),
        "title": game.title,
        "seat": seat,
        "message": message,
        "text": push_text,
    }
    payload = {"type": TYPES["chat"], "timestamp": row.get("created_at"), "data": data}
    return Message(
        kind="chat",
        type=TYPES["chat"],
        subject=subject,
        text=text,
        public_text=text,
        payload=payload,
        public_payload=payload,
        push_text=push_text,
    )


def chat_still_wanted(games: Games, row: dict) -> str | None:
    """Why a chat notice should no longer go (hidden, muted, the seat dropped), or None."""
    from domain.chat.app import Chats
    from domain.platform import dropping

    game_id = uuid.UUID(row["game_id"])
    seat = int(row["seat"])
    chat = Chats(games).chat(game_id)
    number = int(row["version"])
    found = chat.messages.get(number)
    if found is None or number in chat.hidden:
        return "the message was hidden by a moderator"
    if found.get("seat") in chat.mutes.get(seat, set()):
        return "the seat muted the sender"
    if dropping.is_dropped(games.get_game(game_id), seat):
        return "the seat was dropped"
    return None
