"""Player accounts (issue 33): a name that follows a player to every device.

Accounts are optional: a guest with an invite link plays exactly as before. What an account
*is* (its id, its unique player name, the seats it holds, that it was deleted) are facts in the
event store, like games: one stream per account (:class:`~.model.AccountEvent`) and one stream
per claimed name (its first event makes the name unique: the store's unique (stream, version)
key lets exactly one account claim it). What is *personal* (the email address, passkeys,
sessions) is never put in an event: it lives in tables that deleting an account really empties
(``service/accounts/people.py``), so a deletion removes it for good while games, records and
audits stay as they were.

* :mod:`.names`: what a player name may be, and the key that makes two spellings one name;
* :mod:`.errors`: every sentence an account or a table can refuse with (one table);
* :mod:`.model`: the account events, the account's state and its pure decisions;
* :mod:`.app`: :class:`~.app.Accounts`, which stores those decisions in the games' store.
"""
