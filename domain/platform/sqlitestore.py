"""The embedded SQLite store's application recorder: the library's, reading a stream faster.

``eventsourcing.sqlite`` turns each row's originator id (stored as text) into a ``UUID`` by
parsing it again for every row; a game's full replay reads hundreds of rows of one stream, so
about a tenth of a rebuild went to parsing the same id. This recorder parses each id once
(a bounded cache of recent ids). Selected by ``APPLICATION_RECORDER_TOPIC`` in
``storage.persistence_env``; everything else is the library's.
"""

from __future__ import annotations

from functools import lru_cache
from uuid import UUID

from eventsourcing.sqlite import SQLiteApplicationRecorder

TOPIC = "domain.platform.sqlitestore:ApplicationRecorder"


@lru_cache(maxsize=4096)
def _uuid(text: str) -> UUID:
    return UUID(text)


class ApplicationRecorder(SQLiteApplicationRecorder):
    """The library's SQLite application recorder with each stream id parsed once."""

    def convert_originator_id(self, originator_id: str) -> UUID | str:
        if self.datastore.originator_id_type == "uuid":
            return _uuid(originator_id)
        return originator_id
