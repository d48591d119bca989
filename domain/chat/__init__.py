"""Chat at the table (issue 34): one chat per game, kept as events in a stream of its own beside
the game's, so a message never changes the game's version (nor a move's If-Match).

* :mod:`.model`: the chat stream's events, the state they fold to, who may read and write
  which room, and the pure decisions (post, mute, report, hide);
* :mod:`.app`: :class:`~.app.Chats`, which stores those decisions in the games' event store;
* :mod:`.moderators`: the deployment's moderators (a stream of their own).

Two rooms: ``seats`` (written by the game's seats, read by everyone who may watch the game) and
``spectators`` (written and read by spectators; seats read and write it once the game is over,
so nobody watching can coach a player). A chat holds only what people typed: it never carries
a game's state, so it can never show a viewer more of the game than the viewer may see.
"""
