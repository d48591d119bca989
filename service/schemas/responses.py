"""Schemas of response bodies (every response is dumped through one, so the docs are the truth)."""

from __future__ import annotations

from marshmallow import fields

from .common import JSONObject, KeepExtras, ResponseSchema


class ProblemSchema(ResponseSchema):
    """RFC 9457 problem details, with a stable machine ``code``."""

    type = fields.String(metadata={"example": "about:blank"})
    title = fields.String(metadata={"example": "Rule violation"})
    status = fields.Integer(metadata={"example": 422})
    code = fields.String(metadata={"example": "not_your_turn"})
    detail = fields.String(
        metadata={"example": "It is not Bob's turn: the game is waiting for Ann."}
    )
    params = JSONObject()
    errors = fields.Raw(
        metadata={
            "description": "Field messages of a request that fails its "
            "schema (code invalid_request)."
        }
    )
    version = fields.Integer(metadata={"description": "The game's current version."})
    retry_after = fields.Integer(metadata={"description": "Seconds to wait (503)."})


# -- titles -------------------------------------------------------------------------------------
class OptionSchema(ResponseSchema):
    name = fields.String()
    type = fields.String()
    default = fields.Raw(allow_none=True)
    description = fields.String()
    choices = fields.List(fields.Raw())


class VariantSchema(ResponseSchema):
    name = fields.String()
    min_players = fields.Integer()
    max_players = fields.Integer()
    description = fields.String()
    options = fields.List(fields.Nested(OptionSchema))


class TitleSchema(ResponseSchema):
    title = fields.String(metadata={"example": "agricola"})
    name = fields.String(metadata={"example": "Agricola"})
    rules_version = fields.String()
    variants = fields.List(fields.Nested(VariantSchema))
    data_pack = JSONObject(
        metadata={
            "description": "Titles whose component numbers come from a "
            "data pack (Village): its name, hash and "
            "which values are provisional."
        }
    )
    expansions = JSONObject(metadata={"description": "Expansions and whether they can be played."})


class TitleListSchema(ResponseSchema):
    titles = fields.List(fields.Nested(TitleSchema))


# -- games --------------------------------------------------------------------------------------
class PlayerSchema(ResponseSchema):
    seat = fields.Integer()
    name = fields.String()
    bot = JSONObject(
        metadata={
            "description": 'Only for a seat a bot plays: {"bot", '
            '"level", "why": "seated" | "clock" | "dropped"} '
            "(issue 25; a dropped seat's bot is the platform's \"zombie\"); "
            'for "clock", also "since" (the deadline that passed, ISO time) and '
            '"since_version" (the version of the ClockExpired) (issue 37).'
        }
    )
    dropped = fields.Boolean(
        metadata={
            "description": "Only for a seat dropped when its clock ran out "
            '(on_expiry "drop"): it plays on with least-impact moves and ranks last.'
        }
    )


class ParentSchema(ResponseSchema):
    game = fields.String(metadata={"format": "uuid"})
    version = fields.Integer()
    seat = fields.Integer(
        metadata={"description": 'For "what if, from my seat": the seat that forked (see redealt).'}
    )
    redealt = fields.Boolean(
        metadata={
            "description": "True when the fork starts from the "
            "parent as that seat saw it, with "
            "everything hidden from it drawn anew."
        }
    )


class SeedSchema(ResponseSchema):
    from_ = fields.Integer(
        data_key="from",
        attribute="from",
        metadata={"description": "The first version this seed draws for."},
    )
    hash = fields.String(metadata={"description": "SHA-256 of the seed's decimal digits."})
    origin = fields.String(allow_none=True)
    seed = fields.Integer(
        allow_none=True,
        metadata={
            "description": "Null until the game that drew it is over "
            "(or always shown for a seeded game)."
        },
    )
    seed_str = fields.String(
        allow_none=True,
        metadata={
            "description": "The seed in decimal digits (seeds "
            "exceed 2^53, which JavaScript numbers "
            "cannot hold)."
        },
    )


class UndoRequestSchema(ResponseSchema):
    request_id = fields.Integer()
    by = fields.Integer()
    to_version = fields.Integer()
    waiting = fields.List(fields.Integer())
    accepted = fields.List(fields.Integer())


class SummarySchema(ResponseSchema):
    """The public summary of a game (nothing hidden in it)."""

    id = fields.String(metadata={"format": "uuid"})
    title = fields.String()
    variant = fields.String()
    rules_version = fields.String()
    status = fields.String(metadata={"enum": ["active", "finished"]})
    version = fields.Integer(metadata={"description": "The number of events; also the ETag."})
    round = fields.Integer(allow_none=True)
    phase = fields.String(allow_none=True)
    to_act = fields.List(fields.Integer())
    players = fields.List(fields.Nested(PlayerSchema))
    options = JSONObject()
    parent = fields.Nested(ParentSchema, allow_none=True)
    seeded = fields.Boolean()
    practice = fields.Boolean(
        metadata={
            "description": "A seeded game: its seed is public, so "
            "anyone can compute every hand and draw (issue 21)."
        }
    )
    practice_note = fields.String(
        metadata={"description": "The sentence a page shows for a practice game."}
    )
    seed_hash = fields.String()
    seed = fields.Integer(allow_none=True)
    seed_str = fields.String(
        allow_none=True, metadata={"description": "``seed`` in decimal digits."}
    )
    seeds = fields.List(fields.Nested(SeedSchema))
    data_pack = JSONObject(
        metadata={
            "description": "Only for titles with a data pack "
            "(Village): the pack this game was set up "
            "with and which of its values are "
            "provisional."
        }
    )
    created_at = fields.String(metadata={"format": "date-time"})
    updated_at = fields.String(metadata={"format": "date-time"})
    undo_request = fields.Nested(UndoRequestSchema, allow_none=True)
    imported_from = fields.String(allow_none=True)
    imported = fields.Dict(
        metadata={
            "description": "an imported game's record: who signed it "
            "(signed_by: this_service, trusted or "
            "nobody) and the key's fingerprint"
        }
    )
    series = JSONObject(
        metadata={
            "description": "Only for a game of a series: the series' "
            "``id`` and the game's ``number``."
        }
    )
    winners = fields.List(fields.Integer())
    clock = JSONObject(
        metadata={
            "description": "Only for a game with a move clock: the clock "
            "as chosen, and per seat its deadline (ISO and "
            "epoch seconds; null while not waited for), "
            "reserve and vacation (issue 25)."
        }
    )
    adjudicated = fields.Boolean(
        metadata={
            "description": "True when a clock ran out and the game was decided on the score sheet."
        }
    )
    dropped = fields.List(
        fields.Integer(),
        metadata={
            "description": "Only when seats were dropped (a clock ran out, on_expiry "
            '"drop"): those seats; they rank last and are never among the winners.'
        },
    )
    ended_by = fields.String(
        metadata={
            "enum": ["adjudication", "drop"],
            "description": "Only for a game the platform ended when a clock ran out: decided "
            'on the score sheet ("adjudication"), or at most one seat was left undropped '
            '("drop"; that seat wins, nobody in a solo game).',
        }
    )


class SeatTokenSchema(ResponseSchema):
    seat = fields.Integer()
    name = fields.String()
    token = fields.String(
        allow_none=True,
        metadata={
            "description": "The seat's secret bearer token; shown "
            "only in this response (null for a bot "
            "seat)."
        },
    )
    bot = JSONObject(metadata={"description": "Only for a bot seat."})


class CreatedGameSchema(SummarySchema):
    seats = fields.List(fields.Nested(SeatTokenSchema))


class GameListSchema(ResponseSchema):
    games = fields.List(fields.Nested(SummarySchema))
    page = fields.Integer()
    page_size = fields.Integer()
    total = fields.Integer(
        metadata={"description": "How many games match, counted up to 10,000 (see total_exact)."}
    )
    total_exact = fields.Boolean(
        metadata={"description": "False when more than 10,000 games match and total stops there."}
    )


# -- playing ------------------------------------------------------------------------------------
class LegalMovesSchema(ResponseSchema):
    version = fields.Integer()
    seat = fields.Integer(
        allow_none=True, metadata={"description": "Null without a seat token (no moves)."}
    )
    moves = fields.List(
        JSONObject(),
        metadata={
            "description": "Each move as it may be posted, plus `group`: the heading it is listed "
            'under on the game\'s page (its action space, "At any time", ...). A '
            "posted move's `group` is ignored."
        },
    )


class EventSchema(KeepExtras):
    version = fields.Integer()
    type = fields.String()
    seat = fields.Integer(allow_none=True)
    recorded_at = fields.String(metadata={"format": "date-time"})
    data = JSONObject(metadata={"description": "Redacted to what the caller may see."})
    text = fields.String(metadata={"description": "A sentence a player can read."})
    undone = fields.Boolean()
    move = JSONObject(
        metadata={"description": "The move that caused this event (first event of a move only)."}
    )
    rule = fields.String(allow_none=True, metadata={"description": "The rules-digest section."})
    lines = fields.List(
        fields.String(),
        metadata={
            "description": "GameCreated only: a sentence for each set-up fact (the first round's "
            "draw, a data-pack notice), each its own line of the log."
        },
    )


class MoveResultSchema(ResponseSchema):
    version = fields.Integer()
    events = fields.List(fields.Nested(EventSchema))


class UndoAnswerSchema(ResponseSchema):
    status = fields.String(metadata={"enum": ["applied", "pending", "rejected"]})
    request_id = fields.Integer(allow_none=True)
    to_version = fields.Integer()
    waiting = fields.List(fields.Integer())
    version = fields.Integer()


# -- history ------------------------------------------------------------------------------------
class StateSchema(ResponseSchema):
    version = fields.Integer()
    state = JSONObject(metadata={"description": "The title's state as the caller may see it."})


class EventListSchema(ResponseSchema):
    version = fields.Integer(metadata={"description": "The game's current version."})
    events = fields.List(fields.Nested(EventSchema))
    next_after = fields.Integer(
        allow_none=True,
        metadata={
            "description": "Pass as `after` to read on; null "
            "when this answer reaches the current "
            "version."
        },
    )


class SeatScoreSchema(KeepExtras):
    seat = fields.Integer()
    name = fields.String()
    total = fields.Integer()
    categories = fields.List(JSONObject())
    dropped = fields.Boolean(
        metadata={"description": "Only for a dropped seat (it ranks last whatever its total)."}
    )


class ScoreChangeSchema(ResponseSchema):
    """What one event changed in one scoring category of one seat."""

    seat = fields.Integer()
    key = fields.String()
    label = fields.String(allow_none=True)
    count = fields.Raw(allow_none=True)
    points = fields.Raw(allow_none=True)
    d_count = fields.Raw(allow_none=True)
    d_points = fields.Raw(allow_none=True)
    removed = fields.Boolean()


class ScoreSheetSchema(KeepExtras):
    version = fields.Integer()
    final = fields.Boolean()
    seats = fields.List(fields.Nested(SeatScoreSchema))
    winners = fields.List(fields.Integer())
    dropped = fields.List(
        fields.Integer(),
        metadata={"description": "Only when seats were dropped: those seats (each row says so)."},
    )
    ranking = fields.List(
        fields.Integer(),
        metadata={
            "description": "Only when seats were dropped: every seat from first to last, the "
            "dropped seats last whatever their score."
        },
    )
    changes = fields.List(
        fields.Nested(ScoreChangeSchema),
        allow_none=True,
        metadata={
            "description": "what event `version` changed on the sheet "
            "(null until the read model has it)"
        },
    )


class MismatchSchema(ResponseSchema):
    version = fields.Integer()
    seat = fields.Integer(allow_none=True)
    move = fields.Raw(allow_none=True)
    difference = fields.String()
    expected = fields.List(JSONObject(), allow_none=True)
    recorded = fields.List(JSONObject(), allow_none=True)


class AuditStepSchema(ResponseSchema):
    version = fields.Integer()
    seat = fields.Integer(allow_none=True)
    move = fields.Raw(allow_none=True)
    type = fields.String()
    text = fields.String()
    rule = fields.String(allow_none=True)


class AuditSchema(ResponseSchema):
    ok = fields.Boolean()
    checked = fields.Integer()
    rules_version = fields.String()
    mismatches = fields.List(fields.Nested(MismatchSchema))
    steps = fields.List(
        fields.Nested(AuditStepSchema), metadata={"description": "With ?detail=true only."}
    )


class RecordEventSchema(ResponseSchema):
    version = fields.Integer()
    type = fields.String()
    seat = fields.Integer(allow_none=True)
    data = JSONObject()
    command = JSONObject(allow_none=True)
    recorded_at = fields.String()
    prev_hash = fields.String()
    hash = fields.String()
    undone = fields.Boolean()


class RecordOutSchema(ResponseSchema):
    format = fields.String()
    kind = fields.String(
        metadata={
            "enum": ["full", "view"],
            "description": "full: everything (a finished game, or an operator's "
            "export); view: what one viewer may see of a game in play",
        }
    )
    viewer = fields.Integer(
        allow_none=True, metadata={"description": "the seat a view was made for (null: public)"}
    )
    game = fields.Nested(SummarySchema)
    events = fields.List(fields.Nested(RecordEventSchema))
    head = fields.String(allow_none=True)
    signature = fields.Dict(
        metadata={
            "description": "Ed25519 over format, game id, head, "
            "kind and viewer: algorithm, key, value"
        }
    )
    chat = fields.Dict(
        metadata={
            "description": "the table's chat as the viewer may read it (not chained, not signed)"
        }
    )


# -- service ------------------------------------------------------------------------------------
class HealthSchema(ResponseSchema):
    status = fields.String(metadata={"enum": ["ok", "degraded", "unavailable"]})
    problems = fields.List(fields.String(), metadata={"description": "why it is degraded"})
    store = fields.String(metadata={"enum": ["ok", "down"]})
    redis = fields.String(metadata={"enum": ["ok", "down", "not configured"]})
    workers = fields.Raw(
        metadata={"description": "live RQ workers (a number), or 'unknown' / 'not configured'"}
    )
    queued = fields.Integer(allow_none=True)
    backend = fields.String(metadata={"enum": ["sqlite", "postgresql"]})
    version = fields.String()
    read_models = fields.Dict(
        metadata={"description": "position, head and lag of the read models behind the event store"}
    )
    notices = fields.Dict(
        metadata={"description": "notices by delivery state; 'dead' is the dead-letter list"}
    )
