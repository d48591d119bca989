"""The chat's pure decisions (``domain/chat/model.py``): given the chat's events and the game's
facts, when someone posts, mutes, reports or hides, then one event or a refusal by code."""

from __future__ import annotations

import uuid

import pytest

from domain.chat.errors import ChatForbidden, ChatNotFound, ChatRefused
from domain.chat.model import (
    MAX_CHARS,
    Chat,
    Sender,
    Table,
    clean_text,
    decide_hide,
    decide_mute,
    decide_post,
    evolve,
    may_read,
    visible,
)

STREAM = uuid.uuid4()
TABLE = Table(players=["Ann", "Bob", "Cid"], game="g", bots=frozenset({2}))


def given(*decisions) -> Chat:
    chat = Chat()
    for decide in decisions:
        event = decide(chat)
        if event is not None:
            evolve(chat, event)
    return chat


def post(seat, text, room="seats", table=TABLE, account=None, name="x"):
    return lambda chat: decide_post(chat, STREAM, table, Sender(seat, account, name), room, text)


@pytest.mark.parametrize(
    "text, code",
    [
        ("", "chat_empty"),
        (" \n\t ", "chat_empty"),
        (None, "chat_empty"),
        ("x" * (MAX_CHARS + 1), "chat_too_long"),
        ("esc\x1b[31m", "chat_control_characters"),
        ("c1\x85mid", "chat_control_characters"),
        ("bidi\u2066", "chat_control_characters"),
    ],
)
def test_text_is_refused_with_its_code(text, code):
    with pytest.raises(ChatRefused) as refused:
        clean_text(text)
    assert refused.value.code == code


def test_text_is_kept_as_typed_trimmed_with_line_breaks():
    assert clean_text("  <b>hi</b>\r\nthere\t! ") == "<b>hi</b>\nthere\t!"
    assert clean_text("é" * MAX_CHARS) == "é" * MAX_CHARS


def test_who_may_write_where():
    finished = Table(players=["Ann", "Bob"], game="g", finished=True)
    for decision, code in [
        (post(None, "hi"), "chat_seats_only"),
        (post(None, "hi", "spectators"), "chat_sign_in"),
        (post(0, "hi", "spectators"), "chat_spectators_only"),
        (post(2, "beep"), "chat_seat_bot"),
        (post(7, "hi"), "chat_no_seat"),
    ]:
        with pytest.raises(ChatForbidden) as refused:
            given(decision)
        assert refused.value.code == code
    assert given(post(0, "gg", "spectators", table=finished)).version == 1
    assert given(post(None, "hi", "spectators", account="acc-1")).version == 1


def test_the_spectators_room_is_read_by_players_only_after_the_end():
    assert may_read("seats", 0, False) and may_read("spectators", None, False)
    assert not may_read("spectators", 0, False) and may_read("spectators", 0, True)
    chat = given(post(None, "psst", "spectators", account="a"), post(0, "hi"))
    assert [m["text"] for m in visible(chat, 0, False)] == ["hi"]
    assert [m["text"] for m in visible(chat, None, False)] == ["psst", "hi"]


def test_a_mute_is_the_muting_seats_alone_and_a_hidden_message_is_nobodys():
    chat = given(
        post(0, "one"),
        lambda c: decide_mute(c, STREAM, TABLE, 1, 0, True),
        lambda c: decide_hide(c, STREAM, 1, "mod", "rude"),
    )
    assert visible(chat, 1, False) == [] and visible(chat, None, False) == []
    chat = given(post(0, "one"), lambda c: decide_mute(c, STREAM, TABLE, 1, 0, True))
    assert visible(chat, 1, False) == [] and len(visible(chat, 0, False)) == 1
    assert decide_mute(chat, STREAM, TABLE, 1, 0, True) is None  # nothing new
    with pytest.raises(ChatNotFound):
        decide_hide(chat, STREAM, 99, "mod", "")
