"""Open tables (issue 33): games that wait for players to find them.

A table is an aggregate of its own (one stream, :class:`~.model.TableEvent`): it is opened with
its seats (the creator's, open ones, ones reserved for invited player names, bots), players
take seats, and when the last seat is taken (or the creator starts at once with bots in the
rest) the game is created by ``Games.create_game`` in the same transaction as the table's
``TableStarted`` event. The game's own domain and events do not change: a game started from a
table is a game like any other, and its guests' invite links work as before.

* :mod:`.model`: the events, the state and the pure decisions (who may sit where, when the
  game starts, reissuing a seat's link, a rematch);
* :mod:`.app`: :class:`~.app.Tables`, which stores them and starts the games.
"""
