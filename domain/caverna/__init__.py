"""Caverna: The Cave Farmers, 1 to 7 players and solo.

The rules follow the digest ``shared/rules/caverna.md`` ("digest §x") and the data pack
``shared/data/caverna.md`` ("pack §x"); decisions are listed in ``docs/rules/caverna.md``.
Modules: ``tables`` and ``spaces`` and ``furnishings`` (every number as data), ``state``
(shape, readers, animal housing), ``board`` (where tiles go), ``costs`` (discounts),
``building`` (changing a home), ``placement`` (placing dwarfs), ``parts`` (carrying out an
action), ``expedition`` (loot), ``anytime`` (food, rubies, tile trades), ``flow`` (rounds,
harvests, the end), ``moves`` (shapes, turns, legal moves), ``scoring`` (the score pad),
``text`` and ``labels`` (sentences), ``title`` (the title).
"""

from domain.platform import registry

from .title import CAVERNA, CAVERNA_R1, Caverna

__all__ = ["CAVERNA", "CAVERNA_R1", "Caverna"]

registry.register(CAVERNA_R1, current=False)
registry.register(CAVERNA)
