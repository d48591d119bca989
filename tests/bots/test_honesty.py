"""Bots remain honest (issue 37 item 6), over every title and variant: a bot's only input is
``title.view(state, seat)``. The test replaces what the seat cannot see (the other seats'
``_private`` parts and every ``_secret``: hands, deck and bag orders; in a title that can, a
whole new deal of what the seat cannot see, ``Title.fork_view``) and checks that the view is the
same and that every bot, fed the view of each state with the same bot rng, chooses the same
move. A search runs on a counting clock, so its samples do not depend on the machine's speed."""

from __future__ import annotations

import copy
import random

import pytest

from domain.bots import BotSpec, bot_move, bot_rng, search
from domain.bots.arena import new_state
from domain.bots.sim import random_playout
from domain.common.rng import Rng
from domain.common.visibility import PRIVATE, SECRET, has_hidden
from domain.platform import registry

BOTS = [
    BotSpec("random", 1),
    BotSpec("greedy", 1),
    BotSpec("greedy", 2),
    BotSpec("search", 0),
    BotSpec("search", 1),
    BotSpec("zombie", 1),
    BotSpec("zombie", 2),
    BotSpec("zombie", 3),
]


def _cases() -> list[tuple[str, str, int]]:
    out = []
    for name in registry.names():
        for variant in registry.current(name).variants:
            players = 1 if variant.max_players == 1 else min(3, variant.max_players)
            out.append((name, variant.name, max(players, variant.min_players)))
    return out


def _scramble(value, seat: int, pick: random.Random, hidden: bool = False):
    """``value`` with every part ``seat`` cannot see replaced by a scrambled copy."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == SECRET:
                out[key] = _scramble(item, seat, pick, True)
            elif key == PRIVATE and isinstance(item, dict):
                out[key] = {
                    s: (part if s == str(seat) else _scramble(part, seat, pick, True))
                    for s, part in item.items()
                }
            else:
                out[key] = _scramble(item, seat, pick, hidden)
        return out
    if isinstance(value, list):
        items = [_scramble(v, seat, pick, hidden) for v in value]
        if hidden:
            pick.shuffle(items)
            if len(items) > 1 and items == value:
                items.reverse()
        return items
    if hidden and isinstance(value, int) and not isinstance(value, bool):
        return value + 1
    return value


class _Ticks:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


def _alternative(rules, state: dict, seat: int, seed: int) -> dict:
    forked = rules.fork_view(rules.view(state, seat), seat, Rng(seed))
    if forked is not None:
        return forked
    return _scramble(copy.deepcopy(state), seat, random.Random(seed))


@pytest.mark.parametrize(("title", "variant", "players"), _cases())
def test_a_bot_chooses_the_same_whatever_it_cannot_see(title, variant, players, monkeypatch):
    rules = registry.current(title)
    checked = 0
    for depth in (4, 25):
        state = new_state(rules, variant, players, 40 + depth)
        state, _ = random_playout(rules, state, random.Random(depth), Rng(depth), depth)
        status = rules.status(state)
        if status.finished or not status.to_act:
            continue
        seat = status.to_act[0]
        other = _alternative(rules, state, seat, 1000 + depth)
        if has_hidden(state):
            assert other != state, "the hidden parts were not replaced"
        view, other_view = rules.view(state, seat), rules.view(other, seat)
        assert view == other_view, "the view shows something the seat cannot see"
        if len(rules.legal_moves(view, seat)) < 2:
            continue
        for spec in BOTS:
            chosen = []
            for seen in (view, other_view):
                monkeypatch.setattr(search, "CLOCK", _Ticks())
                rng = bot_rng(7, depth, seat)
                chosen.append(bot_move(rules, copy.deepcopy(seen), seat, spec, rng, 0.2))
            assert chosen[0] == chosen[1], f"{spec.bot} {spec.level} at depth {depth}"
            assert chosen[0] in rules.legal_moves(state, seat)
        checked += 1
    assert checked, "no position with a choice was reached"
