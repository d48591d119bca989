"""Personal data: what deleting an account really removes.

Email addresses, passkeys, sessions and pending sign-in links are kept here, in ordinary
tables of the store's database, never in an event: events cannot be changed, and a deleted
account's address must not survive in them. :func:`forget` deletes every row of an account.
These tables are not read models (a rebuild leaves them alone) and are backed up with the event
store; the facts about an account (its name, its seats, that it was deleted) are events.

=================  ===================================================================
``acc_people``     an account's email address (and the key that makes it unique)
``acc_signin``     pending sign-in links: the hash of the link's nonce, the address, used
``acc_sessions``   sessions: the hash of the cookie's token, device label, last seen, ended
``acc_passkeys``   WebAuthn credentials: id, public key, sign count
=================  ===================================================================
"""

from __future__ import annotations

import hashlib
import time
from typing import Any

from projections.tracked import create_tables
from workers import mail

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS {p}acc_people (
        account_id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        email_key TEXT NOT NULL UNIQUE,
        created_at DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS {p}acc_signin (
        nonce_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        used_at DOUBLE PRECISION)""",
    """CREATE TABLE IF NOT EXISTS {p}acc_sessions (
        session_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        label TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        seen_at DOUBLE PRECISION NOT NULL,
        ended_at DOUBLE PRECISION)""",
    "CREATE INDEX IF NOT EXISTS acc_sessions_account ON {p}acc_sessions (account_id)",
    """CREATE TABLE IF NOT EXISTS {p}acc_passkeys (
        credential_id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        public_key TEXT NOT NULL,
        sign_count BIGINT NOT NULL,
        label TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        used_at DOUBLE PRECISION)""",
    "CREATE INDEX IF NOT EXISTS acc_passkeys_account ON {p}acc_passkeys (account_id)",
    # the account's settings (issue 36: the language its pages, sentences and notices use)
    """CREATE TABLE IF NOT EXISTS {p}acc_settings (
        account_id TEXT PRIMARY KEY,
        lang TEXT NOT NULL)""",
)
#: sign-in rows older than this are deleted when new ones are written (links live 15 min)
SIGNIN_KEEP = 24 * 3600.0


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def email_key(address: str) -> str:
    """The key under which an address is unique: trimmed and lower-cased."""
    return address.strip().lower()


class People:
    """The personal-data tables on a read-model store's connection (SQLite or PostgreSQL)."""

    def __init__(self, store: Any) -> None:
        self.store = store
        create_tables(store, SCHEMA)
        mail.ensure_tables(store)

    # -- email ---------------------------------------------------------------------------------
    def account_of(self, address: str) -> str | None:
        rows = self.store.query(
            "SELECT account_id FROM {p}acc_people WHERE email_key = ?", [email_key(address)]
        )
        return rows[0]["account_id"] if rows else None

    def email_of(self, account_id: str) -> str | None:
        rows = self.store.query(
            "SELECT email FROM {p}acc_people WHERE account_id = ?", [account_id]
        )
        return rows[0]["email"] if rows else None

    def add_person(self, account_id: str, address: str) -> bool:
        """Keep ``address`` for the account; False if another account has it already."""
        rows = self.store.execute(
            "INSERT INTO {p}acc_people (account_id, email, email_key, created_at) "
            "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING account_id",
            [account_id, address.strip(), email_key(address), time.time()],
        )
        return bool(rows)

    def remove_person(self, account_id: str) -> None:
        self.store.execute("DELETE FROM {p}acc_people WHERE account_id = ?", [account_id])

    # -- sign-in links ---------------------------------------------------------------------------
    def add_signin(self, nonce: str, address: str) -> None:
        now = time.time()
        self.store.execute("DELETE FROM {p}acc_signin WHERE created_at < ?", [now - SIGNIN_KEEP])
        self.store.execute(
            "INSERT INTO {p}acc_signin (nonce_hash, email, created_at) VALUES (?, ?, ?)",
            [digest(nonce), address.strip(), now],
        )

    def signin(self, nonce: str) -> dict | None:
        rows = self.store.query(
            "SELECT email, created_at, used_at FROM {p}acc_signin WHERE nonce_hash = ?",
            [digest(nonce)],
        )
        return rows[0] if rows else None

    def use_signin(self, nonce: str) -> str | None:
        """Mark the link used (once only): its address, or None if it was used already."""
        rows = self.store.execute(
            "UPDATE {p}acc_signin SET used_at = ? WHERE nonce_hash = ? AND used_at IS NULL "
            "RETURNING email",
            [time.time(), digest(nonce)],
        )
        return rows[0]["email"] if rows else None

    def drop_signin(self, nonce_hash: str) -> None:
        self.store.execute("DELETE FROM {p}acc_signin WHERE nonce_hash = ?", [nonce_hash])

    def signin_by_hash(self, nonce_hash: str) -> dict | None:
        rows = self.store.query(
            "SELECT email, created_at, used_at FROM {p}acc_signin WHERE nonce_hash = ?",
            [nonce_hash],
        )
        return rows[0] if rows else None

    # -- sessions --------------------------------------------------------------------------------
    def add_session(self, token: str, account_id: str, label: str) -> str:
        now = time.time()
        key = digest(token)
        self.store.execute(
            "INSERT INTO {p}acc_sessions (session_hash, account_id, label, created_at, seen_at) "
            "VALUES (?, ?, ?, ?, ?)",
            [key, account_id, label[:120], now, now],
        )
        return key

    def session(self, token: str) -> dict | None:
        rows = self.store.query(
            "SELECT session_hash, account_id, seen_at FROM {p}acc_sessions "
            "WHERE session_hash = ? AND ended_at IS NULL",
            [digest(token)],
        )
        return rows[0] if rows else None

    def seen(self, session_hash: str) -> None:
        self.store.execute(
            "UPDATE {p}acc_sessions SET seen_at = ? WHERE session_hash = ?",
            [time.time(), session_hash],
        )

    def sessions(self, account_id: str) -> list[dict]:
        return self.store.query(
            "SELECT session_hash, label, created_at, seen_at FROM {p}acc_sessions "
            "WHERE account_id = ? AND ended_at IS NULL ORDER BY seen_at DESC",
            [account_id],
        )

    def end_session(self, account_id: str, session_hash: str) -> bool:
        rows = self.store.execute(
            "UPDATE {p}acc_sessions SET ended_at = ? WHERE account_id = ? AND session_hash = ? "
            "AND ended_at IS NULL RETURNING session_hash",
            [time.time(), account_id, session_hash],
        )
        return bool(rows)

    def end_all(self, account_id: str) -> int:
        rows = self.store.execute(
            "UPDATE {p}acc_sessions SET ended_at = ? WHERE account_id = ? AND ended_at IS NULL "
            "RETURNING session_hash",
            [time.time(), account_id],
        )
        return len(rows)

    # -- passkeys --------------------------------------------------------------------------------
    def add_passkey(
        self, account_id: str, credential_id: str, public_key: str, count: int, label: str
    ) -> None:
        self.store.execute(
            "INSERT INTO {p}acc_passkeys (credential_id, account_id, public_key, sign_count, "
            "label, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            [credential_id, account_id, public_key, count, label[:120], time.time()],
        )

    def passkey(self, credential_id: str) -> dict | None:
        rows = self.store.query(
            "SELECT * FROM {p}acc_passkeys WHERE credential_id = ?", [credential_id]
        )
        return rows[0] if rows else None

    def passkeys(self, account_id: str) -> list[dict]:
        return self.store.query(
            "SELECT credential_id, label, created_at, used_at, sign_count FROM {p}acc_passkeys "
            "WHERE account_id = ? ORDER BY created_at",
            [account_id],
        )

    def count_passkey(self, credential_id: str, old: int, new: int) -> bool:
        """Move the sign count from ``old`` to ``new`` (a compare-and-set: two sign-ins with
        one assertion cannot both pass)."""
        rows = self.store.execute(
            "UPDATE {p}acc_passkeys SET sign_count = ?, used_at = ? WHERE credential_id = ? "
            "AND sign_count = ? RETURNING credential_id",
            [new, time.time(), credential_id, old],
        )
        return bool(rows)

    def remove_passkey(self, account_id: str, credential_id: str) -> None:
        self.store.execute(
            "DELETE FROM {p}acc_passkeys WHERE account_id = ? AND credential_id = ?",
            [account_id, credential_id],
        )

    # -- settings ------------------------------------------------------------------------------
    def language_of(self, account_id: str) -> str | None:
        """The language the account chose (None: it never chose one)."""
        rows = self.store.query(
            "SELECT lang FROM {p}acc_settings WHERE account_id = ?", [account_id]
        )
        return rows[0]["lang"] if rows else None

    def set_language(self, account_id: str, lang: str) -> None:
        self.store.execute(
            "INSERT INTO {p}acc_settings (account_id, lang) VALUES (?, ?) "
            "ON CONFLICT (account_id) DO UPDATE SET lang = excluded.lang",
            [account_id, lang],
        )

    # -- deletion and export ---------------------------------------------------------------------
    def forget(self, account_id: str) -> None:
        """Delete every piece of personal data of the account (email, pending links and mail
        to its address, sessions, passkeys)."""
        address = self.email_of(account_id)
        with self.store.writing() as cur:
            for table in ("acc_people", "acc_sessions", "acc_passkeys", "acc_settings"):
                cur.execute(
                    self.store.sql(f"DELETE FROM {{p}}{table} WHERE account_id = ?"), [account_id]
                )
            if address:
                cur.execute(self.store.sql("DELETE FROM {p}acc_signin WHERE email = ?"), [address])
        if address:
            mail.forget_address(self.store, address)

    def export(self, account_id: str) -> dict:
        """The personal data kept for the account (no secrets: no session tokens, no keys)."""
        return {
            "email": self.email_of(account_id),
            "language": self.language_of(account_id),
            "sessions": [
                {k: r[k] for k in ("label", "created_at", "seen_at")}
                for r in self.sessions(account_id)
            ],
            "passkeys": [
                {k: r[k] for k in ("credential_id", "label", "created_at", "used_at")}
                for r in self.passkeys(account_id)
            ],
        }
