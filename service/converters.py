"""URL converters: ``<game:game_id>`` gives views a ``uuid.UUID``.

A path segment that is not a UUID cannot name a game, so it is answered like any unknown game:
``404 game_not_found`` (not a bare "no such route").
"""

from __future__ import annotations

import uuid

from werkzeug.exceptions import NotFound
from werkzeug.routing import BaseConverter

from domain.common.errors import GameNotFound

from .problems import to_problem


class UnknownGameId(NotFound):
    """Raised while routing: the path names a game id that cannot exist."""

    def __init__(self, value: str) -> None:
        super().__init__()
        self.problem = to_problem(GameNotFound(game=value[:100]))


class GameIdConverter(BaseConverter):
    regex = r"[^/]+"

    def to_python(self, value: str) -> uuid.UUID:
        try:
            return uuid.UUID(value)
        except ValueError:
            raise UnknownGameId(value) from None

    def to_url(self, value: uuid.UUID | str) -> str:
        return str(value)


def game_id_schema(_converter: GameIdConverter) -> dict:
    """How the OpenAPI document describes a ``<game:…>`` path parameter."""
    return {"type": "string", "format": "uuid"}
