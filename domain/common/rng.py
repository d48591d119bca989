"""Seeded, verifiable random draws.

Rules never use the global ``random`` module or a clock. Every draw comes from an :class:`Rng`
built from the game's seed, and is addressed by a *label* that names what is being drawn
("round-card/5", "bag/17"). A draw depends only on (seed, label), never on how many draws came
before, so:

* replaying a game gives the same draws, event for event;
* a draw is made only when the game reaches it, so nothing about a future draw exists in the
  state, the events or an export before it happens;
* once the seed is revealed (when the game ends) anyone can recompute every draw from this
  published algorithm (``chronicle-rng-v1``):

  ``block(i) = SHA-256("chronicle-rng-v1|<seed>|<label>|<i>")`` read as a big-endian integer,
  for i = 0, 1, 2, ...; ``below(n)`` takes the next block ``b`` and returns ``b % n`` unless ``b``
  falls in the incomplete last range (``b >= 2**256 - 2**256 % n``), in which case it takes the
  next block (rejection sampling, so every value is equally likely). ``shuffle`` is
  Fisher-Yates from the last position down using ``below``; ``choice`` is ``seq[below(len(seq))]``.

The seed commitment published when a game starts is ``SHA-256(str(seed))`` in hex.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

ALGORITHM = "chronicle-rng-v1"
_SPACE = 1 << 256


def new_seed() -> int:
    """A fresh private seed of 128 bits from the operating system's CSPRNG."""
    return secrets.randbits(128) | (1 << 127)  # always exactly 128 bits long


def seed_hash(seed: int) -> str:
    """The public commitment to ``seed``: SHA-256 of its decimal digits, in hex."""
    return hashlib.sha256(str(int(seed)).encode("ascii")).hexdigest()


class Draws:
    """The stream of uniform draws for one label."""

    def __init__(self, seed: int, label: str) -> None:
        self._prefix = f"{ALGORITHM}|{int(seed)}|{label}|".encode()
        self._i = 0

    def _block(self) -> int:
        digest = hashlib.sha256(self._prefix + str(self._i).encode("ascii")).digest()
        self._i += 1
        return int.from_bytes(digest, "big")

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _SPACE - _SPACE % n
        while True:
            b = self._block()
            if b < limit:
                return b % n

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: Sequence[T]) -> list[T]:
        items = list(seq)
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


class Rng:
    """Random draws for one game, addressed by label (see the module docstring)."""

    def __init__(self, seed: int) -> None:
        self._seed = int(seed)

    def draws(self, label: str) -> Draws:
        return Draws(self._seed, label)

    def below(self, label: str, n: int) -> int:
        return self.draws(label).below(n)

    def choice(self, label: str, seq: Sequence[T]) -> T:
        return self.draws(label).choice(seq)

    def shuffle(self, label: str, seq: Sequence[T]) -> list[T]:
        return self.draws(label).shuffle(seq)

    def __repr__(self) -> str:  # never print the seed by accident
        return "Rng(<private seed>)"
