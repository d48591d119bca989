"""The marshmallow schemas of the accounts' JSON routes (:mod:`.api`): what the OpenAPI
document says they take and answer."""

from __future__ import annotations

from marshmallow import fields, validate

from domain.accounts.names import MAX_LENGTH
from domain.tables.model import ACCESS, RATING_BOUNDS

from ..schemas.common import JSONObject, RequestSchema, ResponseSchema, StrictBoolean, StrictInteger

Epoch = fields.Float  # seconds since 1970 (UTC)


# -- requests ------------------------------------------------------------------------------------
def text(high: int, description: str | None = None) -> fields.String:
    """A required text field of 1 to ``high`` characters (what most requests here take)."""
    metadata = {"description": description} if description else {}
    return fields.String(required=True, validate=validate.Length(1, high), metadata=metadata)


class SigninRequestSchema(RequestSchema):
    email = text(320, "Where the sign-in link is mailed.")


class EndSessionSchema(RequestSchema):
    session = text(128, "A session's id, as the sessions list gives it.")


class RemovePasskeySchema(RequestSchema):
    credential = text(1024)


class DeleteAccountSchema(RequestSchema):
    confirm = text(100, "The account's player name, typed exactly.")


class RenameSchema(RequestSchema):
    name = text(4 * MAX_LENGTH, "The new player name (3 to 24 characters).")


class CredentialRequestSchema(RequestSchema):
    label = text(80, "What the credential is for (shown in the sessions list).")


class TablesQuerySchema(RequestSchema):
    title = fields.String(validate=validate.Length(1, 64))
    variant = fields.String(validate=validate.Length(1, 64))


class SeatSpecSchema(RequestSchema):
    kind = fields.String(
        load_default="open",
        validate=validate.OneOf(["open", "bot", "invited"]),
        metadata={"description": "An open seat, a bot, or a player invited by name."},
    )
    bot = fields.String(validate=validate.Length(1, 32))
    level = StrictInteger(validate=validate.Range(1, 5))
    name = fields.String(
        validate=validate.Length(1, 100), metadata={"description": "The invited player's name."}
    )


class FillSchema(RequestSchema):
    bot = text(32)
    level = StrictInteger(load_default=2, validate=validate.Range(1, 5))


class OpenTableSchema(RequestSchema):
    title = text(64)
    variant = text(64)
    seats = fields.List(
        fields.Nested(SeatSpecSchema),
        load_default=lambda: [{"kind": "open"}],
        validate=validate.Length(0, 7),
        metadata={"description": "The seats besides the creator's (who takes seat 1)."},
    )
    access = fields.String(load_default="anyone", validate=validate.OneOf(ACCESS))
    low = StrictInteger(validate=validate.Range(*RATING_BOUNDS), allow_none=True)
    high = StrictInteger(validate=validate.Range(*RATING_BOUNDS), allow_none=True)
    rated = StrictBoolean(load_default=False)
    clock = fields.String(
        validate=validate.Length(0, 64),
        metadata={
            "description": "As the lobby's form: 'per_move:86400' or "
            "'correspondence:I:N:C' (seconds)."
        },
    )
    on_expiry = fields.String(validate=validate.Length(0, 32))
    fill = fields.Nested(FillSchema, allow_none=True)
    start_now = StrictBoolean(
        load_default=False, metadata={"description": "Start at once, bots in the open seats."}
    )


class JoinSchema(RequestSchema):
    seat = StrictInteger(
        validate=validate.Range(1, 8), metadata={"description": "Which open seat (1-based)."}
    )
    challenge = fields.String(
        validate=validate.Length(1, 512),
        metadata={"description": "The signed part of the table's challenge link (c=...)."},
    )


# -- answers -------------------------------------------------------------------------------------
class AccountSchema(ResponseSchema):
    signed_in = fields.Boolean(required=True)
    id = fields.String()
    name = fields.String()
    previous_names = fields.List(fields.String())
    rename_after = fields.String(
        allow_none=True,
        metadata={"description": "When the name may next be changed (ISO 8601; null: now)."},
    )
    csrf_token = fields.String(
        metadata={"description": "Send it as X-CSRF-Token with every change."}
    )


class SentSchema(ResponseSchema):
    sent = fields.Boolean(
        metadata={"description": "Always true: the answer is the same for unknown addresses."}
    )
    logged = fields.Boolean(
        metadata={"description": "No SMTP is configured: the link is in the server's log."}
    )


class SessionSchema(ResponseSchema):
    id = fields.String()
    label = fields.String()
    created_at = Epoch()
    seen_at = Epoch()
    current = fields.Boolean()


class CredentialSchema(ResponseSchema):
    id = fields.String(metadata={"description": "Its id in the sessions list (to end it)."})
    token = fields.String(
        metadata={
            "description": "Send it as 'Authorization: Bearer <token>'; it is shown only once."
        }
    )
    label = fields.String()


class SessionsSchema(ResponseSchema):
    sessions = fields.List(fields.Nested(SessionSchema))


class EndedSchema(ResponseSchema):
    ended = StrictInteger(metadata={"description": "How many sessions were ended."})


class PasskeySchema(ResponseSchema):
    credential_id = fields.String()
    label = fields.String(allow_none=True)
    created_at = Epoch()
    used_at = Epoch(allow_none=True)


class PasskeysSchema(ResponseSchema):
    passkeys = fields.List(fields.Nested(PasskeySchema))


class OkSchema(ResponseSchema):
    ok = fields.Boolean()
    redirect = fields.String()


class GameRowSchema(ResponseSchema):
    id = fields.String()
    title = fields.String()
    variant = fields.String(allow_none=True)
    status = fields.String()
    round = fields.Raw(allow_none=True)
    players = fields.List(fields.String(allow_none=True))
    updated_at = fields.Raw(allow_none=True)
    seat = fields.Integer()
    my_turn = fields.Boolean()
    waiting_since = fields.Raw(allow_none=True)
    deadline = Epoch(allow_none=True, metadata={"description": "The seat's clock runs out."})


class TableSeatSchema(ResponseSchema):
    kind = fields.String()
    taken = fields.Boolean()
    name = fields.String()
    bot = fields.String()
    level = fields.Integer()


class TableSchema(ResponseSchema):
    id = fields.String()
    title = fields.String()
    title_name = fields.String()
    variant = fields.String()
    clock = JSONObject(allow_none=True)
    access = fields.String(metadata={"description": "'anyone', 'invited' or 'rating'."})
    range = fields.List(fields.Integer(allow_none=True), allow_none=True)
    rated = fields.Boolean()
    seats = fields.List(fields.Nested(TableSeatSchema))
    open_seats = fields.Integer()
    creator_name = fields.String()
    opened_at = fields.Raw(allow_none=True)
    status = fields.String()
    game = fields.String(allow_none=True)
    rematch = fields.String(allow_none=True)
    rematch_of = fields.String(allow_none=True)
    kind = fields.String(metadata={"description": "In an account's lists: 'seated' or 'invited'."})


class TablesSchema(ResponseSchema):
    tables = fields.List(fields.Nested(TableSchema))


class AccountGamesSchema(ResponseSchema):
    games = fields.List(fields.Nested(GameRowSchema))
    tables = fields.List(fields.Nested(TableSchema))


class RatingSchema(ResponseSchema):
    title = fields.String()
    variant = fields.String()
    rating = fields.Integer()
    rd = fields.Integer(metadata={"description": "The rating deviation (Glicko-2)."})
    games = fields.Integer()
    wins = fields.Integer()
    provisional = fields.Boolean()


class RatingsSchema(ResponseSchema):
    ratings = fields.List(fields.Nested(RatingSchema))


class BoardRowSchema(RatingSchema):
    name = fields.String()


class BotRatingSchema(ResponseSchema):
    bot = fields.String()
    level = fields.Integer()
    rating = fields.Integer()
    rd = fields.Integer()
    measured = fields.Boolean()
    source = fields.String()


class LeaderboardSchema(ResponseSchema):
    title = fields.String()
    variant = fields.String()
    players = fields.List(fields.Nested(BoardRowSchema))
    bots = fields.List(fields.Nested(BotRatingSchema))


class ExportSchema(ResponseSchema):
    account = JSONObject()
    personal_data = JSONObject()
    events = fields.List(JSONObject())
    seats = fields.List(JSONObject())
    ratings = fields.List(JSONObject())
    tables = fields.List(JSONObject())


class DeletedSchema(ResponseSchema):
    deleted = fields.Boolean()
    shown_as = fields.String(metadata={"description": "The name its games show from now on."})
