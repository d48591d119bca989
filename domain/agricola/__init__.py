"""Agricola (original 2007 edition), the family game for 1 to 5 players.

The rules follow the rules digest ``/work/shared/rules/agricola.md`` (cited as "digest §x"); the
decisions it leaves open are listed in ``docs/rules/agricola.md``. Modules: ``tables`` (every
number as data), ``state`` (shape and readers), ``evolve`` (apply events), ``farm``
(farmyard rules), ``improvements`` (majors, baking, cooking), ``actions`` (placements and
steps), ``flow`` (rounds, harvests, the end), ``moves`` (shapes, turns, legal moves),
``scoring`` (the score pad), ``text`` (sentences and rule citations), ``title`` (the title).
"""

from domain.platform import registry

from .title import AGRICOLA, AGRICOLA_R1, AGRICOLA_R2, AGRICOLA_R3, Agricola

__all__ = ["AGRICOLA", "Agricola"]

registry.register(AGRICOLA_R1, current=False)
registry.register(AGRICOLA_R2, current=False)
registry.register(AGRICOLA_R3, current=False)
registry.register(AGRICOLA)
