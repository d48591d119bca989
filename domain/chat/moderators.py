"""The deployment's moderators: account names kept in one stream of the store (``chronicle
moderators add/remove/list``), so every process agrees and the list survives restarts."""

from __future__ import annotations

import uuid
from typing import Any

from .model import CHAT_NAMESPACE, ChatEvent

MODERATORS_STREAM = uuid.uuid5(CHAT_NAMESPACE, "moderators")


def moderators_of(events: list[Any]) -> list[str]:
    names: list[str] = []
    for event in events:
        name = event.data["name"]
        if event.kind == "ModeratorAdded" and name not in names:
            names.append(name)
        elif event.kind == "ModeratorRemoved" and name in names:
            names.remove(name)
    return sorted(names)


def decide_moderator(events: list[Any], name: str, on: bool) -> ChatEvent | None:
    """Add (``on``) or remove the moderator ``name``; None when nothing changes."""
    if (name in moderators_of(events)) == on:
        return None
    return ChatEvent(
        originator_id=MODERATORS_STREAM,
        originator_version=len(events) + 1,
        timestamp=ChatEvent.create_timestamp(),
        kind="ModeratorAdded" if on else "ModeratorRemoved",
        data={"name": name},
    )
