"""Schemas of request bodies, query strings and headers."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from .common import HeaderSchema, JSONObject, QuerySchema, RequestSchema, StrictInteger

#: the most seats any title seats (each title checks its own range: ``bad_player_count``)
MAX_SEATS = 8
MAX_NAME = 40
MAX_SEED = 2**256 - 1
MAX_IDEMPOTENCY_KEY = 200


def _printable_name(value: str) -> None:
    if not value.strip():
        raise ma.ValidationError("A player name cannot be blank.")
    if value != value.strip():
        raise ma.ValidationError("A player name cannot start or end with spaces.")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in value):
        raise ma.ValidationError("A player name cannot hold control or unassigned characters.")


def _distinct(names: list) -> None:
    seen = set()
    for entry in names:
        name = entry.get("name") if isinstance(entry, dict) else entry
        if name is None:
            continue
        if name in seen:
            raise ma.ValidationError(f"Two seats cannot share the name {name!r}.")
        seen.add(name)


class SeedField(fields.Field):
    """A seed: a JSON integer, or its decimal digits as a string (seeds run to 2^256 - 1, past
    what a JavaScript number holds exactly)."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and 0 < len(value) <= 78 and value.isascii() and value.isdigit():
            return int(value)
        raise ma.ValidationError(
            "A seed must be a whole number, or its decimal digits as a string."
        )


class SeatField(fields.Field):
    """A seat: a player's name, ``{"name": ...}``, or a bot ``{"bot": "random" | "greedy" |
    "search", "level": n}`` (optionally named); the bot and level are checked by the domain
    (``bad_option`` naming ``players[i]``)."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Any:
        if isinstance(value, str):
            self._name(value)
            return value
        if isinstance(value, dict) and value and set(value) <= {"name", "bot", "level"}:
            if "name" in value:
                if not isinstance(value["name"], str):
                    raise ma.ValidationError("A player name is a string.")
                self._name(value["name"])
            if "bot" not in value and set(value) != {"name"}:
                raise ma.ValidationError('A seat without a bot is {"name": ...}.')
            return dict(value)
        raise ma.ValidationError(
            'A seat is a name, {"name": ...} or {"bot": "random" | '
            '"greedy" | "search", "level": n}.'
        )

    @staticmethod
    def _name(value: str) -> None:
        validate.Length(1, MAX_NAME)(value)
        _printable_name(value)


class CreateGameSchema(RequestSchema):
    title = fields.String(
        required=True,
        validate=validate.Length(1, 40),
        metadata={"description": "A title from GET /api/v1/titles.", "example": "agricola"},
    )
    variant = fields.String(
        validate=validate.Length(1, 40),
        metadata={"description": "Default: the title's first variant.", "example": "family"},
    )
    players = fields.List(
        SeatField(
            metadata={
                "oneOf": [
                    {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
                    {
                        "type": "object",
                        "properties": {
                            "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
                            "bot": {"type": "string", "enum": ["random", "greedy", "search"]},
                            "level": {"type": "integer", "minimum": 1, "maximum": 3},
                        },
                        "additionalProperties": False,
                    },
                ]
            }
        ),
        required=True,
        validate=[validate.Length(1, MAX_SEATS), _distinct],
        metadata={
            "description": "Seats in order: a player's name (distinct, 1 to 40 "
            'characters), {"name": ...}, or a bot {"bot": '
            '"random" | "greedy" | "search", "level": n} '
            "(issue 25).",
            "example": ["Ann", {"bot": "search", "level": 2}],
        },
    )
    seed = SeedField(
        validate=validate.Range(0, MAX_SEED),
        metadata={
            "description": "Fixes every random draw (tests, analysis); the "
            'game then says "seeded": true. An integer, or '
            "its decimal digits as a string.",
            "oneOf": [
                {"type": "integer", "minimum": 0},
                {"type": "string", "pattern": "^[0-9]{1,78}$"},
            ],
        },
    )
    options = JSONObject(
        load_default=dict,
        metadata={
            "description": "Per-variant options (GET /api/v1/titles), "
            "and for every title ``clock``: a move clock "
            'in seconds, e.g. {"type": "per_move", '
            '"seconds": 86400}, with "on_expiry": "bot" (the default), '
            '"adjudicate", "drop" or "wait" (README, Move clocks).'
        },
    )


class GameListQuerySchema(QuerySchema):
    """Filters and pagination: ``page``/``page_size``, or ``limit``/``offset`` (an offset that
    is not a multiple of the limit starts the page at the game before it); ``per_page`` is
    accepted for ``page_size``."""

    title = fields.String(validate=validate.Length(1, 40))
    status = fields.String(validate=validate.OneOf(["active", "finished"]))
    page = fields.Integer(validate=validate.Range(min=1, max=10**9))
    page_size = fields.Integer(validate=validate.Range(1, 100))
    per_page = fields.Integer(
        validate=validate.Range(1, 100), metadata={"description": "Same as page_size."}
    )
    limit = fields.Integer(
        validate=validate.Range(1, 100), metadata={"description": "Same as page_size."}
    )
    offset = fields.Integer(
        validate=validate.Range(min=0, max=10**9),
        metadata={"description": "Games to skip (instead of page)."},
    )

    @ma.post_load
    def pagination(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        size = (
            data.pop("page_size", None)
            or data.pop("per_page", None)
            or data.pop("limit", None)
            or 20
        )
        data.pop("per_page", None)
        data.pop("limit", None)
        offset = data.pop("offset", None)
        page = data.get("page") or (offset // size + 1 if offset is not None else 1)
        return {**data, "page": page, "page_size": size}


class MoveSchema(RequestSchema):
    """One move: an object with a string ``type``; the other fields are the title's business."""

    class Meta:
        unknown = ma.INCLUDE

    type = fields.String(
        required=True, validate=validate.Length(1, 64), metadata={"example": "place_worker"}
    )


class MoveHeadersSchema(HeaderSchema):
    if_match = fields.String(
        data_key="If-Match",
        validate=validate.Length(1, 100),
        metadata={
            "description": 'The version the move is meant for, quoted: "57". 412 if it is stale.'
        },
    )
    idempotency_key = fields.String(
        data_key="Idempotency-Key",
        validate=validate.Length(1, MAX_IDEMPOTENCY_KEY),
        metadata={
            "description": "Repeating a request with the same key and body returns "
            "the first response and records nothing new."
        },
    )


class ConditionalGetHeadersSchema(HeaderSchema):
    if_none_match = fields.String(
        data_key="If-None-Match",
        validate=validate.Length(1, 1000),
        metadata={"description": "304 if the game is still at this version (its ETag)."},
    )


#: The most events one ``GET …/events`` answer holds.
MAX_EVENTS_PAGE = 1000

#: No game has more events than this; a larger ``after`` fails its schema (the store's integers
#: are 64-bit). Versions beyond a game's end are answered 404 by the domain instead.
MAX_VERSION = 2**31 - 1


class VersionQuerySchema(QuerySchema):
    version = fields.Integer(metadata={"description": "A version of the game (default: now)."})


class EventsQuerySchema(QuerySchema):
    after = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0, max=MAX_VERSION),
        metadata={"description": "Only events after this version."},
    )
    limit = fields.Integer(
        load_default=100,
        validate=validate.Range(min=1),
        metadata={
            "description": "At most this many events (up to "
            f"{MAX_EVENTS_PAGE} per answer; follow "
            "`next_after` for more)."
        },
    )

    @ma.post_load
    def clamp(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        data["limit"] = min(data["limit"], MAX_EVENTS_PAGE)
        return data


class AuditQuerySchema(QuerySchema):
    detail = fields.Boolean(
        load_default=False,
        metadata={"description": "Add each event's sentence and the rule it applied."},
    )


class VersionBodySchema(RequestSchema):
    version = StrictInteger(required=True, metadata={"example": 3})


class ForkSchema(VersionBodySchema):
    """``{"version": N}``: the new game's history is this game's first N events."""


class UndoSchema(VersionBodySchema):
    """``{"version": N}``: take the game back to version N."""


class RecordSchema(RequestSchema):
    """A game record as ``GET .../export`` gives it."""

    format = fields.String(required=True, metadata={"example": "chronicle-game-record/1"})
    game = JSONObject(allow_none=True)
    events = fields.List(JSONObject(), required=True)
    head = fields.String(allow_none=True)
    kind = fields.String(load_default="full")
    viewer = fields.Integer(allow_none=True)
    signature = JSONObject(allow_none=True)
    chat = JSONObject(allow_none=True)  # exported beside the events; not imported


class VacationSchema(RequestSchema):
    """A vacation: the seat's clock stops for this many days (of those the game allows)."""

    days = StrictInteger(required=True, validate=validate.Range(1, 60), metadata={"example": 2})
