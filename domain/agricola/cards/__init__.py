"""Occupations and minor improvements: the card engine of the full game (issues 10, 23).

``catalogue`` holds every card of the E, I and K decks as data; ``decks`` one module per deck
with one entry per card (``decks/e_minors.py``, ``decks/e_occupations.py``); ``engine`` the
effect keys and how a card's effect is read; the family modules (``plows``, ``fields``,
``payments``, ``free_builds``, ``leaving``, ``animals``, ``baking``, ``round_start``,
``actions``, ``spaces``, ``reactions``) the mechanisms cards share; ``deal`` the hands;
``play`` the moves that play cards; ``hooks`` what happens at the base rules' windows; and
``extension`` builds, for a game's card set, the extension the base rules read
(``domain/agricola/extension.py``). Importing this package changes nothing in the base rules.
"""
