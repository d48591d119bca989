"""Player names: what a name may be, and the key under which it is unique.

Two spellings that differ only in case, width or spacing are one name (``Ann``, ``ANN``,
in full-width letters): the key is the NFKC form, case-folded, with runs of spaces made one.
Names look like names: 3 to 24 characters, letters (any script), digits, spaces, dots, dashes
and underscores, starting with a letter or a digit. Names that could be mistaken for the
platform's own players (bots, the zombie, deleted accounts) are reserved.
"""

from __future__ import annotations

import re
import unicodedata
import uuid

from .errors import refused

MIN_LENGTH = 3
MAX_LENGTH = 24
_ALLOWED = re.compile(r"[^\W_][\w .\-]*\Z")
#: the start of a name no account may take (bots are "Search bot 2", deleted accounts
#: "Deleted player 3f2a91", see :func:`anonymous_name`; guests "Guest 3f2a91")
RESERVED_PREFIXES = (
    "deleted player",
    "zombie",
    "random bot",
    "greedy bot",
    "search bot",
    "guest ",  # guests at casual tables are "Guest 3f2a91" (domain.tables.model)
)


def normal(name: str) -> str:
    """``name`` as it is kept: NFKC, trimmed, runs of spaces made one."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def name_key(name: str) -> str:
    """The key two spellings of one name share (unique across accounts)."""
    return normal(name).casefold()


def check_name(name: object) -> str:
    """The name as it is kept, or ``AccountRefused`` (``name_invalid``, ``name_reserved``)."""
    if not isinstance(name, str):
        raise refused("name_invalid")
    kept = normal(name)
    if not MIN_LENGTH <= len(kept) <= MAX_LENGTH or not _ALLOWED.match(kept):
        raise refused("name_invalid")
    if name_key(kept).startswith(RESERVED_PREFIXES):
        raise refused("name_reserved", name=kept)
    return kept


def anonymous_name(account_id: uuid.UUID | str) -> str:
    """The name a deleted account is shown under from then on (never a real player's)."""
    return f"Deleted player {uuid.UUID(str(account_id)).hex[:6]}"
