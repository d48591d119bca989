"""The projector's notice rows (a part of :class:`.projector.Projector`): one outbox row per
notice and subscribed channel, and the subscriptions a seat keeps (``rm_outbox``,
``rm_subscriptions``); a seat that subscribes while the game already waits for it gets that
move's "your turn" then, once."""

from __future__ import annotations

import json
import uuid
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from .store import Changes, ReadModelStore
from .subscriptions import channel_hints, effective

#: seconds the projector trusts which accounts hold a game's seats (a claim shows within it)
ACCOUNT_TTL = 10.0

if TYPE_CHECKING:
    from collections.abc import Callable

_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def dumps(value: Any) -> str:
    return _dumps(value)


def notice_ids(
    kind: str, game_id: uuid.UUID | str, version: int, seat: int, channel: str
) -> tuple[str, str]:
    """``(notice_id, message_id)``: the outbox key (also an RQ job id: letters, digits, ``-``)
    and the ``webhook-id`` of the message (the same on every retry and every channel)."""
    hexid = uuid.UUID(str(game_id)).hex
    return (f"{kind}-{hexid}-{version}-{seat}-{channel}", f"msg_{hexid}_{version}_{seat}_{kind}")


class NoticeRows:
    """The notice and subscription part of the projector (it sets these attributes)."""

    store: ReadModelStore
    games: Any
    clock: Callable[[], float]
    notice_max_age: float
    _subs: OrderedDict[str, dict[int, dict[str, tuple[str, int]]]]
    _entries: OrderedDict

    def _notice(
        self,
        entry: Any,
        kind: str,
        seat: int,
        version: int,
        note_id: int,
        event: Any,
        changes: Changes,
        data: dict | None = None,
    ) -> None:
        channels = self._channels(str(entry.game.id), seat, event.timestamp)
        if channels:
            self._outbox(
                entry.game.id,
                kind,
                seat,
                version,
                entry.batch_start,
                note_id,
                event.timestamp,
                sorted(channels.items()),
                changes,
                data,
            )

    def _outbox(
        self,
        game_id: Any,
        kind: str,
        seat: int,
        version: int,
        first: int | None,
        note_id: int,
        when: Any,
        channels: list,
        changes: Changes,
        data: dict | None = None,
    ) -> None:
        """One outbox row per channel (``(channel, (hint, sub_version))``); a notice older
        than ``notice_max_age`` is stored as expired (a rebuild never sends old news)."""
        now = self.clock()
        state = "pending" if now - when.timestamp() <= self.notice_max_age else "expired"
        for channel, (hint, _sub_version) in channels:
            notice_id, message_id = notice_ids(kind, game_id, version, seat, channel)
            changes.notices.append(
                (
                    notice_id,
                    message_id,
                    str(game_id),
                    version,
                    first,
                    seat,
                    kind,
                    channel,
                    hint,
                    note_id,
                    when.isoformat(),
                    state,
                    0,
                    now,
                    dumps(data or {}),
                )
            )

    # -- subscriptions --------------------------------------------------------------------------
    def _channels(self, game_key: str, seat: int, when: Any) -> dict[str, tuple[str, int]]:
        """The seat's channels for this game: its own, else its account's (issue 34). An
        account's are looked up only for news (a rebuild's old notices would be expired), and
        which account holds a seat is remembered for :data:`ACCOUNT_TTL` seconds per game."""
        own = self._subscriptions(game_key).get(seat)
        if own:
            return own
        if self.clock() - when.timestamp() > self.notice_max_age:
            return {}
        if self._account_holders(game_key).get(seat) is None:
            return {}
        sub = effective(self.games, self.store, game_key, seat)
        version = int((sub or {}).get("version") or 0)
        return {c: (h, version) for c, h in channel_hints(sub).items()}

    def _subscriptions(self, game_key: str) -> dict[int, dict[str, tuple[str, int]]]:
        subs = self._subs.get(game_key)
        if subs is None:
            subs = {}
            for row in self.store.subscription_rows(game_key):
                subs.setdefault(row["seat"], {})[row["channel"]] = (row["hint"], row["sub_version"])
            self._subs[game_key] = subs
        else:
            self._subs.move_to_end(game_key)
        return subs

    def _account_holders(self, game_key: str) -> dict[int, str]:
        """``{seat: account}`` of the game's seats held by accounts (``rm_account_seats``)."""
        cache = self.__dict__.setdefault("_holders", OrderedDict())
        now = self.clock()
        found = cache.get(game_key)
        if found is not None and now - found[0] < ACCOUNT_TTL:
            return found[1]
        holders: dict[int, str] = {}
        try:
            rows = self.store.query(
                "SELECT seat, account_id FROM {p}rm_account_seats "
                "WHERE game_id = ? AND current = 1",
                [game_key],
            )
        except Exception:  # no accounts' tables in this store
            rows = []
        for row in rows:
            holders[int(row["seat"])] = row["account_id"]
        cache[game_key] = (now, holders)
        cache.move_to_end(game_key)
        while len(cache) > 4096:
            cache.popitem(last=False)
        return holders

    def _subscription(self, event: Any, note_id: int, changes: Changes) -> None:
        game_key = str(event.game)
        subs = self._subscriptions(game_key)
        seat = int(event.seat)
        hints = channel_hints(
            {
                "webhook": event.webhook,
                "email": event.email,
                "chat": event.chat,
                "push": getattr(event, "push", None),
            }
        )
        old = subs.get(seat, {})
        for channel in old:
            if channel not in hints:
                changes.subs_del.add((game_key, seat, channel))
                changes.subs_set.pop((game_key, seat, channel), None)
        for channel, hint in hints.items():
            changes.subs_del.discard((game_key, seat, channel))
            changes.subs_set[(game_key, seat, channel)] = (
                game_key,
                seat,
                channel,
                hint,
                event.originator_version,
            )
        subs[seat] = {c: (h, event.originator_version) for c, h in hints.items()}
        waiting = self._waiting_version(event.game, seat)
        if waiting is not None and hints:
            # the game already waits for this seat: "your turn" now, once (the notice id is
            # that of the move's own notice, so subscribing again sends nothing new)
            self._outbox(
                event.game,
                "turn",
                seat,
                waiting,
                waiting,
                note_id,
                event.timestamp,
                sorted(subs[seat].items()),
                changes,
            )

    def _chat_message(self, event: Any, note_id: int, changes: Changes) -> None:
        """A message in a game's players' chat: a ``chat`` notice to every other subscribed
        seat (whether it wants chat notices, muted the sender or was dropped is read when it
        is sent: ``workers.delivery``). Its version is the chat's, its id says ``chat``."""
        data = event.data
        if event.kind != "MessagePosted" or data.get("room") != "seats" or not data.get("game"):
            return
        game_key = data["game"]
        try:
            seats = range(len(self.games.get_game(uuid.UUID(game_key)).players))
        except Exception:  # a game this process cannot read: its subscribed seats only
            seats = range(max(self._subscriptions(game_key), default=-1) + 1)
        for seat in seats:
            if seat == data.get("seat"):
                continue
            channels = self._channels(game_key, seat, event.timestamp)
            if channels:
                self._outbox(
                    game_key,
                    "chat",
                    seat,
                    event.originator_version,
                    event.originator_version,
                    note_id,
                    event.timestamp,
                    sorted(channels.items()),
                    changes,
                    {"message": event.originator_version, "from": data.get("seat")},
                )

    def _waiting_version(self, game_id: Any, seat: int) -> int | None:
        """The version since which the game has waited for ``seat`` (None: not waiting), as of
        the notifications processed so far (this batch's, or the stored rows before it)."""
        entry = self._entries.get(uuid.UUID(str(game_id)))
        if entry is not None:
            waiting = entry.waiting.get(seat)
            return waiting[1] if waiting else None
        rows = self.store.query(
            "SELECT waiting_version FROM {p}rm_seats WHERE game_id = ? AND seat = ?",
            [str(game_id), seat],
        )
        return rows[0]["waiting_version"] if rows else None
