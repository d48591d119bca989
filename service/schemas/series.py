"""Schemas of series of games (``/api/v1/series``) and of a title's card list."""

from __future__ import annotations

from marshmallow import fields, validate

from .common import JSONObject, KeepExtras, RequestSchema, ResponseSchema
from .requests import MAX_NAME, MAX_SEED, SeedField, _printable_name
from .responses import CreatedGameSchema


class CreateSeriesSchema(RequestSchema):
    title = fields.String(
        required=True,
        validate=validate.Length(1, 40),
        metadata={
            "description": "A title with a series (Agricola: the solo series, digest §9.3).",
            "example": "agricola",
        },
    )
    player = fields.String(
        required=True,
        validate=[validate.Length(1, MAX_NAME), _printable_name],
        metadata={"example": "Ann"},
    )
    options = JSONObject(
        load_default=dict,
        metadata={
            "description": "Options of every game of the series (those of the series' variant "
            "in GET /api/v1/titles)."
        },
    )
    seed = SeedField(
        validate=validate.Range(0, MAX_SEED),
        metadata={"description": "Fixes every draw of every game of the series (tests, analysis)."},
    )


class SeriesMoveSchema(RequestSchema):
    type = fields.String(
        required=True,
        validate=validate.OneOf(["choose", "next"]),
        metadata={
            "description": "choose: make a card played in the "
            "finished game permanent and start the next "
            "game; next: start the next game without a "
            "choice (allowed once the most permanent "
            "cards are chosen, or none was played)."
        },
    )
    game = fields.String(
        required=True,
        validate=validate.Length(1, 64),
        metadata={"description": "The series' current game (finished)."},
    )
    card = fields.String(validate=validate.Length(1, 16), metadata={"example": "E171"})


class SeriesGameSchema(ResponseSchema):
    number = fields.Integer()
    game = fields.String()
    target = fields.Integer()
    score = fields.Integer(allow_none=True)
    won = fields.Boolean(allow_none=True)
    carried_food = fields.Integer()
    status = fields.String()


class PermanentSchema(ResponseSchema):
    card = fields.String()
    name = fields.String()
    after_game = fields.Integer()


class SeriesSchema(ResponseSchema):
    id = fields.String()
    title = fields.String()
    rules_version = fields.String()
    player = fields.String()
    options = JSONObject()
    seeded = fields.Boolean()
    description = fields.String()
    targets = fields.List(
        fields.Integer(),
        metadata={
            "description": "The target of game 1, 2, … (one more than the games played so far)."
        },
    )
    games = fields.List(fields.Nested(SeriesGameSchema))
    won = fields.List(fields.Integer(), metadata={"description": "Numbers of the games won."})
    permanent = fields.List(fields.Nested(PermanentSchema))
    max_permanent = fields.Integer()
    current_game = fields.String(allow_none=True)
    waiting_for = fields.String(metadata={"enum": ["game", "choice"]})


class CreatedSeriesSchema(ResponseSchema):
    series = fields.Nested(SeriesSchema)
    token = fields.String(
        metadata={"description": "The series' secret bearer token (its moves); shown only here."}
    )
    game = fields.Nested(CreatedGameSchema)


class SeriesMoveResultSchema(ResponseSchema):
    series = fields.Nested(SeriesSchema)
    game = fields.Nested(
        CreatedGameSchema, metadata={"description": "The next game, with its seat token."}
    )


class SeriesMovesSchema(ResponseSchema):
    moves = fields.List(JSONObject())


class SeriesEventSchema(ResponseSchema):
    version = fields.Integer()
    type = fields.String()
    data = JSONObject()
    text = fields.String()
    recorded_at = fields.String()


class SeriesEventListSchema(ResponseSchema):
    events = fields.List(fields.Nested(SeriesEventSchema))


class SeriesAuditSchema(ResponseSchema):
    ok = fields.Boolean()
    checked = fields.Integer()
    mismatches = fields.List(fields.String())


class SeriesRecordSchema(ResponseSchema):
    format = fields.String()
    series = fields.Nested(SeriesSchema)
    events = fields.List(JSONObject())
    head = fields.String()


class CardSchema(KeepExtras):
    id = fields.String(metadata={"example": "E171"})
    name = fields.String(metadata={"example": "Dock Worker"})
    kind = fields.String()
    deck = fields.String()
    text = fields.String(metadata={"description": "What the card does (the catalogue's summary)."})


class CardListSchema(ResponseSchema):
    title = fields.String()
    deck = fields.String(allow_none=True)
    cards = fields.List(fields.Nested(CardSchema))
