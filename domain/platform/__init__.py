"""The event-sourced platform every title is played on (issue 35 item 3): the ``Games``
application, its store, the game stream and its records, clocks, dropped seats, bot seats,
undo and forks, series, audits and exports, and the registry of titles.

The titles live in their own packages (``domain/agricola``, ``domain/caverna``,
``domain/village``) beside this one; the platform knows them only through the registry.
"""
