"""Village (Big Box), 2 to 5 players and solo against Clara.

The rules follow the digest ``shared/rules/village.md`` ("digest §x"); every component number
comes from a data pack (``pack.py``, ``data/``) tagged with its source, so the game is playable
now with provisional values and becomes exact when printed values are typed in. Modules:
``pack`` (load and check a pack), ``state`` (shape, readers), ``evolve`` (events), ``actions``
and ``travel`` (the action spaces), ``market`` (market day), ``death`` (time and the dead),
``mass`` (the church's mass), ``clara`` (the solo rival), ``flow`` (rounds, turns, the end),
``moves`` (who acts, legal moves), ``diagnose`` (refusals), ``scoring``, ``text``,
``expansions`` (extension points), ``title``.
"""

from domain.platform import registry

from .title import VILLAGE, VILLAGE_R1, Village

__all__ = ["VILLAGE", "VILLAGE_R1", "Village"]

registry.register(VILLAGE_R1, current=False)
registry.register(VILLAGE)
