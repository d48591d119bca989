"""The account stream: its events, the state they fold to, and the pure decisions.

An account's stream (id: a random UUID) holds :class:`AccountEvent` facts:

* ``AccountOpened`` ``{"name"}``: version 1;
* ``SeatClaimed`` ``{"game", "seat", "key"}``: a guest seat claimed by the account holding its
  invite link; ``key`` is the hash of the seat's token at the time (the SHA-256 already kept
  in the game's seat-key stream, never the token), so a seat whose link is reissued later
  leaves the account;
* ``AccountRenamed`` ``{"name", "previous"}``: the player took a new name (at most once in
  :data:`RENAME_DAYS` days, as game services allow); the events written before keep the name
  of their time (records and audits never change);
* ``AccountDeleted`` ``{"anonymous"}``: the name the account is shown under from then on.

A claimed name has a stream of its own (id derived from :func:`~.names.name_key`) whose first
event, ``NameClaimed`` ``{"account"}``, is saved in the same transaction as ``AccountOpened``:
the store's unique (stream, version) key makes the name unique. A deleted account's name stays
claimed, so nobody can take it and seem to have played its games; so does a renamed account's
former name (still its own: looking it up finds the player, and the player may take it back).

No event carries an email address, a passkey or a session (see the package docstring).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from eventsourcing.domain import DomainEvent

from .errors import AccountNotFound, conflict
from .names import anonymous_name, name_key

NAMES_NAMESPACE = uuid.UUID("5d0b9d3e-6c1f-4f0b-a7c2-3b1e8f9a4c11")
ACCOUNT_TOPIC = "domain.accounts.model:AccountEvent"
#: a player may change their name once in this many days
RENAME_DAYS = 30


@dataclass(frozen=True)  # the library's metaclass makes it one; this tells the type checker
class AccountEvent(DomainEvent):
    """One fact of an account (or of a claimed name): ``kind`` and JSON-clean ``data``."""

    kind: str
    data: dict


def name_stream(name: str) -> uuid.UUID:
    """The stream whose first event claims ``name`` (any spelling of it)."""
    return uuid.uuid5(NAMES_NAMESPACE, name_key(name))


@dataclass
class Account:
    """An account as its events leave it."""

    id: uuid.UUID
    version: int = 0
    name: str = ""
    opened_at: str = ""
    deleted: bool = False
    #: ``[{"game", "seat", "key"}]``: guest seats claimed (tables' seats are the tables')
    claims: list[dict] = field(default_factory=list)
    #: the names it had before, oldest first
    previous_names: list[str] = field(default_factory=list)
    #: when it last changed its name (None: never)
    renamed_at: datetime | None = None

    def rename_after(self) -> datetime | None:
        """When the name may next be changed (None: now)."""
        if self.renamed_at is None:
            return None
        return self.renamed_at + timedelta(days=RENAME_DAYS)

    @property
    def shown_name(self) -> str:
        """The name shown for the account: its own, or its anonymous one once deleted."""
        return anonymous_name(self.id) if self.deleted else self.name


def fold(account_id: uuid.UUID, events: list[Any]) -> Account | None:
    """The account after ``events`` (None when there are none)."""
    if not events:
        return None
    account = Account(account_id)
    for event in events:
        evolve(account, event)
    return account


def evolve(account: Account, event: Any) -> None:
    """Apply one recorded fact (never validates)."""
    account.version = event.originator_version
    data = event.data
    if event.kind == "AccountOpened":
        account.name = data["name"]
        account.opened_at = event.timestamp.isoformat()
    elif event.kind == "SeatClaimed":
        account.claims = [
            c for c in account.claims if (c["game"], c["seat"]) != (data["game"], data["seat"])
        ]
        account.claims.append(dict(data))
    elif event.kind == "AccountRenamed":
        account.previous_names.append(data["previous"])
        account.name = data["name"]
        account.renamed_at = event.timestamp
    elif event.kind == "AccountDeleted":
        account.deleted = True


def _event(account: Account, kind: str, data: dict, offset: int = 1) -> AccountEvent:
    return AccountEvent(
        originator_id=account.id,
        originator_version=account.version + offset,
        timestamp=AccountEvent.create_timestamp(),
        kind=kind,
        data=data,
    )


def decide_open(account_id: uuid.UUID, name: str) -> list[AccountEvent]:
    """The events that open an account under ``name`` (already checked): the account's first
    event and the name's claim, to be saved together."""
    opened = _event(Account(account_id), "AccountOpened", {"name": name})
    claim = AccountEvent(
        originator_id=name_stream(name),
        originator_version=1,
        timestamp=opened.timestamp,
        kind="NameClaimed",
        data={"account": str(account_id)},
    )
    return [opened, claim]


def check_live(account: Account | None) -> Account:
    """``account`` if it exists and was not deleted."""
    if account is None:
        raise AccountNotFound("account_not_found")
    if account.deleted:
        raise conflict("account_deleted")
    return account


def decide_claim(account: Account, game: str, seat: int, key: str) -> list[AccountEvent]:
    """Claim a guest seat whose current key hash is ``key`` (the caller checked the link)."""
    check_live(account)
    for c in account.claims:
        if (c["game"], c["seat"], c["key"]) == (game, seat, key):
            return []  # already held: nothing new
    return [_event(account, "SeatClaimed", {"game": game, "seat": seat, "key": key})]


def decide_rename(account: Account, name: str, now: datetime) -> list[AccountEvent]:
    """Take the new ``name`` (already checked): ``AccountRenamed``, with the new name's claim
    unless the account claimed it before (a former name of its own, or another spelling of
    its current one). Refused within :data:`RENAME_DAYS` days of the last rename."""
    check_live(account)
    if name == account.name:
        raise conflict("name_unchanged", name=name)
    after = account.rename_after()
    if after is not None and now < after:
        raise conflict("rename_too_soon", days=RENAME_DAYS, date=after.date().isoformat())
    renamed = _event(account, "AccountRenamed", {"name": name, "previous": account.name})
    own = {name_key(n) for n in [account.name, *account.previous_names]}
    if name_key(name) in own:
        return [renamed]
    claim = AccountEvent(
        originator_id=name_stream(name),
        originator_version=1,
        timestamp=renamed.timestamp,
        kind="NameClaimed",
        data={"account": str(account.id)},
    )
    return [renamed, claim]


def decide_delete(account: Account) -> list[AccountEvent]:
    """Delete the account: from now on it is shown under an anonymous name."""
    check_live(account)
    return [_event(account, "AccountDeleted", {"anonymous": anonymous_name(account.id)})]
