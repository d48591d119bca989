"""Read models fed from the event store's notification log.

* :mod:`.projector`: folds games forward and derives every read model, one transaction per
  batch together with the tracked position (exactly once, idempotent, rebuildable);
* :mod:`.store`: the tables and their tracking on SQLite and PostgreSQL (library tracking
  recorders, so ``ProjectionRunner`` can drive them);
* :mod:`.queries`: what the API reads (lobby, my games, score sheets at any version, notices);
* :mod:`.sheets`: score sheets stored as per-event cell changes;
* :mod:`.subscriptions`: who wants which notices (events in the store);
* :mod:`.runner`: running under ``ProjectionRunner`` (PostgreSQL) or by polling (SQLite);
* :mod:`.cli`: ``chronicle-rebuild`` / ``chronicle-projections``.

Imports ``domain`` only (the CLI reads the store settings through ``domain.platform.storage``).
"""
