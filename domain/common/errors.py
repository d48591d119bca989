"""Errors a player can read.

Every error has a stable machine ``code``, a readable ``message`` built from a template table keyed
by that code, and the ``params`` the template used. The HTTP layer maps the classes to statuses;
the domain never mentions HTTP.

``DomainError`` is the root. ``RuleViolation`` (and its subclasses) means "the rules forbid this
move"; the other direct subclasses describe problems with the request as a whole (no such game,
a stale version, a store that cannot be reached).
"""

from __future__ import annotations

from typing import Any

from .i18n import gettext, language, param_words

#: Message templates keyed by error code (English; each is a message of the catalogues, looked
#: up in the reader's language when rendered: ``domain.common.i18n``). Titles add their own
#: with :func:`register_messages`.
MESSAGES: dict[str, str] = {
    # game lifecycle and turns
    "not_your_turn": "It is not {seat_name}'s turn: the game is waiting for {waiting}.",
    "game_over": "The game is over; no more moves can be made.",
    "invalid_move": "{reason}",
    "unknown_move": "There is no move of type '{move_type}' in {title}.",
    "not_a_legal_move": "{seat_name} cannot make this move now: {reason}",
    # creation
    "unknown_title": "There is no title called '{title}'. Known titles: {known}.",
    "unknown_variant": "{title} has no variant '{variant}'. Its variants are: {known}.",
    "bad_player_count": "{title} ({variant}) is played by {min_players} to {max_players} players, not {count}.",
    "bad_option": "Option '{option}' of {title} ({variant}): {reason}",
    "duplicate_player_name": "Two seats cannot share the name '{name}'.",
    "title_has_no_cards": "{title} has no cards to list.",
    # history
    "game_not_found": "There is no game with id {game}.",
    "version_not_found": "Game {game} has no version {version}; its current version is {current}.",
    "concurrent_write": "Another move was saved first (the game is now at version {current}); read it again and retry.",
    "stale_version": "If-Match named version {expected}, but the game is at version {current}.",
    "idempotency_key_reused": "The Idempotency-Key '{key}' was already used for a different request on this game.",
    # undo
    "undo_pending": "An undo to version {to_version} is waiting for {waiting} to accept or reject it.",
    "undo_not_possible": "The game cannot be taken back to version {to_version}: {reason}",
    "not_a_move_boundary": "Version {version} falls inside one move (versions {first} to {last}); use version {before} or {last}.",
    "fork_reveals_hidden": "Game {game} still hides information at version {version} (a seat's private holdings or a secret draw order), and a fork made without a seat would show it: a player may fork it from their own seat (send that seat's token; the other hands are dealt anew), and anyone may fork it once it is finished.",
    "undo_request_not_found": "There is no open undo request {request_id} in this game.",
    "undo_not_asked": "{seat_name} is not asked to accept undo request {request_id}.",
    # records
    "record_invalid": "The game record is not valid: {reason}",
    "record_tampered": "The game record fails its hash chain at version {version}: {reason}",
    "record_audit_failed": "The game record does not replay under its rules: event {version} does not follow from them ({first}).",
    "record_incomplete": "The game record cannot be imported: {reason}",
    "record_unverifiable": "The game record cannot be verified here: {reason}.",
    "rules_version_unavailable": "Rules version {rules_version} of {title} is not available on this server.",
    # infrastructure
    "store_unavailable": "The event store is busy or unreachable; nothing was written. Retry shortly.",
}


def register_messages(messages: dict[str, str]) -> None:
    """Add a title's message templates. A code may be registered once, with one meaning."""
    for code, template in messages.items():
        if code in MESSAGES and MESSAGES[code] != template:
            raise ValueError(f"message code {code!r} is already registered with another text")
        MESSAGES[code] = template


def render(code: str, params: dict[str, Any]) -> str:
    """Render the template of ``code`` with ``params`` in the bound language
    (``domain.common.i18n``); a missing param never hides the error."""
    english = MESSAGES.get(code)
    template = gettext(english) if english else code.replace("_", " ").capitalize() + "."
    try:
        return template.format(**param_words(params))
    except (KeyError, IndexError, ValueError):
        return template


class DomainError(Exception):
    """Root of every error the domain raises on purpose."""

    code = "domain_error"

    def __init__(self, code: str | None = None, **params: Any) -> None:
        if code is not None:
            self.code = code
        self.params = params
        self._message: str | None = None
        self._lang = ""
        super().__init__(self.code)

    @property
    def message(self) -> str:
        """The readable sentence, rendered on first use: rules that list legal moves by
        trying candidates raise thousands of errors nobody reads (bots, random playouts)."""
        lang = language()
        if self._message is None or getattr(self, "_lang", "") != lang:
            self._message, self._lang = render(self.code, self.params), lang
        return self._message

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), dict(self.__dict__)))

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "detail": self.message, "params": self.params}


def _rebuild(cls: type[DomainError], state: dict) -> DomainError:
    """Unpickle a :class:`DomainError` (its ``__init__`` signature varies by subclass)."""
    err = cls.__new__(cls)
    err.__dict__.update(state)
    return err


class RuleViolation(DomainError):
    """The move breaks a rule of the game; nothing is recorded."""

    code = "rule_violation"


class NotYourTurn(RuleViolation):
    code = "not_your_turn"


class GameOver(RuleViolation):
    code = "game_over"


class InvalidMove(RuleViolation):
    """The move object is malformed for this title (unknown type, missing or unknown fields)."""

    code = "invalid_move"


class BadGameConfig(DomainError):
    """Creation options do not describe a game this title can set up."""

    code = "bad_option"


class UndoError(DomainError):
    code = "undo_not_possible"


class NotFound(DomainError):
    code = "game_not_found"


class GameNotFound(NotFound):
    code = "game_not_found"


class VersionNotFound(NotFound):
    code = "version_not_found"


class ConflictError(DomainError):
    code = "concurrent_write"


class ConcurrentWrite(ConflictError):
    code = "concurrent_write"


class StaleVersion(ConflictError):
    code = "stale_version"


class IdempotencyKeyReused(DomainError):
    code = "idempotency_key_reused"


class RecordError(DomainError):
    """An imported game record is malformed, tampered with, or does not replay."""

    code = "record_invalid"


class StoreUnavailable(DomainError):
    """The event store is locked or unreachable; the caller may retry."""

    code = "store_unavailable"

    def __init__(self, retry_after: int = 1, **params: Any) -> None:
        self.retry_after = retry_after
        super().__init__(**params)
