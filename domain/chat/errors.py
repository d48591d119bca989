"""Every sentence a chat can refuse with, by code (one table, for later translation). The HTTP
layer maps :class:`ChatRefused` to 422, :class:`ChatForbidden` to 403, :class:`ChatNotFound`
to 404."""

from __future__ import annotations

from typing import Any

from domain.common.errors import DomainError, NotFound, register_messages

SENTENCES = {
    "chat_empty": "A chat message needs some text.",
    "chat_too_long": "A chat message has at most {limit} characters; this one has {length}.",
    "chat_control_characters": "A chat message cannot hold control characters (character {at}).",
    "chat_unknown_room": "There is no chat room '{room}'; the rooms are 'seats' and 'spectators'.",
    "chat_seats_only": "Only the game's players write in the players' chat; spectators write in the spectators' chat.",
    "chat_spectators_only": "Players read and write the spectators' chat once the game is over.",
    "chat_sign_in": "Sign in to write in the spectators' chat.",
    "chat_seat_dropped": "{name} was dropped from this game and can no longer write in its chat.",
    "chat_seat_bot": "Seat {seat} is played by a bot.",
    "chat_muted": "Every other player has muted {name}: nobody would read this message.",
    "chat_mute_self": "A seat cannot mute itself.",
    "chat_no_seat": "This game has no seat {seat}.",
    "chat_message_not_found": "This chat has no message {message}.",
    "chat_not_moderator": "Only the deployment's moderators can hide or show messages.",
}
register_messages(SENTENCES)


class ChatRefused(DomainError):
    """The message or request is not acceptable as it is: 422."""

    code = "chat_refused"


class ChatForbidden(DomainError):
    """This sender may not do that here: 403."""

    code = "chat_forbidden"


class ChatNotFound(NotFound):
    code = "chat_message_not_found"


def refused(code: str, **params: Any) -> ChatRefused:
    return ChatRefused(code, **params)


def forbidden(code: str, **params: Any) -> ChatForbidden:
    return ChatForbidden(code, **params)
