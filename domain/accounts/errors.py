"""Every sentence an account, a sign-in or an open table can refuse with, by code (one table,
so that the words can be translated later). The HTTP layer maps the classes to statuses:
:class:`AccountConflict` is a 409, :class:`AccountRefused` a 422, :class:`AccountNotFound` a 404.
"""

from __future__ import annotations

from typing import Any

from domain.common.errors import DomainError, NotFound, register_messages

SENTENCES = {
    # names
    "name_invalid": "A player name has 3 to 24 letters, digits, spaces, dots, dashes or underscores, and starts with a letter or a digit.",
    "name_taken": "The player name {name} is taken; choose another.",
    "name_reserved": "The player name {name} is reserved; choose another.",
    "account_not_found": "There is no such player.",
    "account_deleted": "This account was deleted.",
    "name_unchanged": "Your player name is already {name}.",
    "rename_too_soon": "A player name can be changed once in {days} days; yours can change again on {date}.",
    # tables
    "table_not_found": "There is no such table.",
    "table_full": "This table is full: every seat is taken.",
    "table_started": "This table's game has already started.",
    "table_closed": "This table was closed by its creator.",
    "table_already_seated": "You already have a seat at this table.",
    "table_seat_taken": "Seat {seat} of this table is taken.",
    "table_not_invited": "This table is for invited players only, and you are not invited.",
    "table_needs_account": "This table is rated, or limited to invited players or a rating range: sign in to an account to take a seat. Guests may take open seats of casual tables.",
    "table_rating_low": "Your {title} rating, {rating}, is below this table's range ({low} to {high}).",
    "table_rating_high": "Your {title} rating, {rating}, is above this table's range ({low} to {high}).",
    "table_not_creator": "Only the table's creator can do that.",
    "table_not_seated": "You have no seat at this table.",
    "table_creator_stays": "The creator cannot leave the table; close it instead.",
    "table_no_open_seat": "The table has no open seat; invite players or seat bots.",
    "table_seats_invalid": "A table has between {low} and {high} seats for {variant}.",
    "table_range_invalid": "A rating range goes from a lower to a higher rating, between 0 and 4000.",
    "table_rated_solo": "A solo game cannot be rated.",
    "table_not_started": "This table's game has not started yet.",
    "table_seat_is_bot": "Seat {seat} is played by a bot; it has no link to reissue.",
    "table_seat_unknown": "This table has no seat {seat}.",
    "reissue_needs_consent": "{name} has already moved: the link can be reissued once every other player agrees.",
    "reissue_not_asked": "You are not asked to agree to this reissue.",
    "reissue_none": "No reissue of a seat's link is waiting.",
    "rematch_not_finished": "A rematch is offered once the game is over.",
    "rematch_not_player": "Only a player of this game can offer a rematch.",
    "rematch_not_table": "Only a game started from an open table can be rematched here.",
}
register_messages(SENTENCES)


class AccountConflict(DomainError):
    """The request conflicts with what is already so (a taken name, a full table): 409."""

    code = "account_conflict"


class AccountRefused(DomainError):
    """The request is not acceptable as it is (an invalid name or range): 422."""

    code = "account_refused"


class AccountNotFound(NotFound):
    """No such account or table: 404."""

    code = "account_not_found"


def conflict(code: str, **params: Any) -> AccountConflict:
    return AccountConflict(code, **params)


def refused(code: str, **params: Any) -> AccountRefused:
    return AccountRefused(code, **params)


register_messages(
    {
        "table_invited_unknown": "There is no player named {name}.",
        "table_invited_self": "You sit at your own table already; invite someone else.",
    }
)
