"""A corpus of recorded games of every title, variant and deck mix, and its check (issue 35).

``python scripts/corpus.py generate`` plays each case of :data:`CASES` under the pure rules
(``registry``; no store, no HTTP) with a seeded client that picks only listed moves (half the
time a move type first, so rare card moves come up), and stores under ``tests/corpus/`` one
gzipped JSON file per case: the configuration, every move with the seat that made it, the
events each move caused, a short hash of each listing the mover chose from, and the final
state's hash and score sheet.

``python scripts/corpus.py check`` replays every stored game: the set-up and each move must
cause the same events, each listing must hash the same, folding the stored events must give the
same final state, and the score sheet must agree. It prints one line per difference and exits 1
if there is any (``tests/test_corpus.py`` runs the same check under pytest).

The corpus is recorded *before* a change of the rules' shape (issue 35's card engine) and
checked after it: a refactor that keeps behaviour keeps it at 0 differences.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import random
import sys
from collections.abc import Iterator
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from domain.common.events import Event  # noqa: E402
from domain.common.rng import Rng  # noqa: E402
from domain.common.title import GameConfig  # noqa: E402
from domain.platform import registry  # noqa: E402

CORPUS_DIR = os.path.join(ROOT, "tests", "corpus")
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus")
MAX_MOVES = 6000
A_R3, A_R2, A_R1 = "agricola-2007-r3", "agricola-2007-r2", "agricola-2007-r1"

#: (name, title, rules version or None for the current one, variant, players, options, series)
CASES: tuple[tuple[str, str, str | None, str, int, dict, dict | None], ...] = (
    ("agricola-family-1", "agricola", None, "family", 1, {}, None),
    ("agricola-family-2", "agricola", None, "family", 2, {}, None),
    ("agricola-family-3", "agricola", None, "family", 3, {}, None),
    ("agricola-family-5", "agricola", None, "family", 5, {}, None),
    ("agricola-full-E-1", "agricola", None, "full", 1, {"decks": "E"}, None),
    ("agricola-full-E-2", "agricola", None, "full", 2, {"decks": "E"}, None),
    ("agricola-full-E-3", "agricola", None, "full", 3, {"decks": "E"}, None),
    ("agricola-full-E-4", "agricola", None, "full", 4, {"decks": "E"}, None),
    ("agricola-full-E-5", "agricola", None, "full", 5, {"decks": "E"}, None),
    ("agricola-full-EIK-2", "agricola", None, "full", 2, {"decks": "EIK"}, None),
    ("agricola-full-EIK-3", "agricola", None, "full", 3, {"decks": "EIK"}, None),
    ("agricola-full-EIK-4", "agricola", None, "full", 4, {"decks": "EIK"}, None),
    ("agricola-full-EIK-5", "agricola", None, "full", 5, {"decks": "EIK"}, None),
    ("agricola-full-I-2", "agricola", None, "full", 2, {"decks": "I"}, None),
    ("agricola-full-I-4", "agricola", None, "full", 4, {"decks": "I"}, None),
    ("agricola-full-K-2", "agricola", None, "full", 2, {"decks": "K"}, None),
    ("agricola-full-K-4", "agricola", None, "full", 4, {"decks": "K"}, None),
    ("agricola-full-EI-3", "agricola", None, "full", 3, {"decks": "EI"}, None),
    ("agricola-full-EK-3", "agricola", None, "full", 3, {"decks": "EK"}, None),
    ("agricola-full-IK-3", "agricola", None, "full", 3, {"decks": "IK"}, None),
    ("agricola-full-EIK-1", "agricola", None, "full", 1, {"decks": "EIK"}, None),
    ("agricola-draft-E-4", "agricola", None, "full", 4, {"dealing": "draft"}, None),
    (
        "agricola-draft-EIK-3",
        "agricola",
        None,
        "full",
        3,
        {"decks": "EIK", "dealing": "draft"},
        None,
    ),
    ("agricola-10-3-E-1", "agricola", None, "full", 1, {"dealing": "10-3"}, None),
    ("agricola-10-3-EIK-3", "agricola", None, "full", 3, {"decks": "EIK", "dealing": "10-3"}, None),
    (
        "agricola-redeal-EIK-3",
        "agricola",
        None,
        "full",
        3,
        {"decks": "EIK", "dealing": "redeal"},
        None,
    ),
    (
        "agricola-exchange-EIK-3",
        "agricola",
        None,
        "full",
        3,
        {"decks": "EIK", "exchange": True},
        None,
    ),
    (
        "agricola-choose-EIK-1",
        "agricola",
        None,
        "full",
        1,
        {"decks": "EIK", "dealing": "choose"},
        None,
    ),
    ("agricola-none-1", "agricola", None, "full", 1, {"dealing": "none"}, None),
    (
        "agricola-series-2",
        "agricola",
        None,
        "full",
        1,
        {"decks": "EIK"},
        {"id": "corpus-series", "number": 2, "carry": {"permanent": [], "food": 3, "target": 55}},
    ),
    (
        "agricola-series-5",
        "agricola",
        None,
        "full",
        1,
        {"decks": "E"},
        {"id": "corpus-series", "number": 5, "carry": {"permanent": [], "food": 1, "target": 64}},
    ),
    ("agricola-set1-E-3", "agricola", None, "full", 3, {"decks": "E", "card_set": 1}, None),
    ("agricola-set4-EI-3", "agricola", None, "full", 3, {"decks": "EI", "card_set": 4}, None),
    ("agricola-set6-EIK-4", "agricola", None, "full", 4, {"decks": "EIK", "card_set": 6}, None),
    ("agricola-r2-E-3", "agricola", A_R2, "full", 3, {"decks": "E"}, None),
    ("agricola-r1-E-2", "agricola", A_R1, "full", 2, {}, None),
    ("agricola-r1-family-4", "agricola", A_R1, "family", 4, {}, None),
    *((f"caverna-standard-{n}", "caverna", None, "standard", n, {}, None) for n in range(1, 8)),
    ("caverna-introductory-3", "caverna", None, "introductory", 3, {}, None),
    ("caverna-r1-standard-3", "caverna", "caverna-r1", "standard", 3, {}, None),
    *((f"village-standard-{n}", "village", None, "standard", n, {}, None) for n in range(2, 5)),
    ("village-solo-1", "village", None, "solo", 1, {}, None),
    ("village-r1-standard-3", "village", "village-r1", "standard", 3, {}, None),
)


def _rules(title: str, version: str | None):
    return registry.get(title, version) if version else registry.current(title)


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=_default)


def _default(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"not JSON: {type(value).__name__}")


def short_hash(value: Any) -> str:
    return hashlib.sha256(canonical(value).encode()).hexdigest()[:12]


def _plain(value: Any) -> Any:
    """``value`` as JSON gives it back (key order kept: a fold may iterate it)."""
    return json.loads(json.dumps(value, default=_default))


def _event(e: Any) -> list:
    return [e.type, e.seat, _plain(e.data)]


def _series_carry(rules, series: dict | None) -> dict | None:
    """A series game's carry with permanent occupations picked from the title's own cards (the
    first 1+ occupations of the card list, so the pick is stable)."""
    if series is None or series["carry"]["permanent"]:
        return series
    from domain.agricola.cards.catalogue import CARDS
    from domain.agricola.cards.decks import supported

    picks = [
        c
        for c in sorted(CARDS)
        if CARDS[c].get("kind") == "occupation" and CARDS[c]["players"] == 1 and supported(c)
    ]
    count = min(7, series["number"] - 1)
    carry = dict(series["carry"], permanent=picks[3 : 3 + 7 * count : 7][:count])
    return dict(series, carry=carry)


def _choose(pick: random.Random, moves: list[dict]) -> dict:
    """Half the time a move type first (rare card moves come up), else any listed move."""
    if pick.random() < 0.5:
        kinds = sorted({str(m.get("type")) for m in moves})
        kind = pick.choice(kinds)
        return pick.choice([m for m in moves if str(m.get("type")) == kind])
    return pick.choice(moves)


def record(case: tuple, seed: int) -> dict:
    """Play one case to its end; the record :func:`check_one` replays."""
    name, title, version, variant, n, options, series = case
    rules = _rules(title, version)
    series = _series_carry(rules, series)
    config = GameConfig(variant, NAMES[:n], dict(options), series)
    rng, pick = Rng(seed), random.Random(seed)
    setup = rules.setup(config, rng)
    state: dict = {}
    for event in setup:
        state = rules.evolve(state, event)
    steps = []
    for _ in range(MAX_MOVES):
        status = rules.status(state)
        if status.finished or not status.to_act:
            break
        seat = pick.choice(list(status.to_act))
        moves = rules.legal_moves(state, seat)
        move = _choose(pick, moves)
        events = rules.decide(state, seat, move, rng)
        steps.append([seat, move, short_hash(moves), [_event(e) for e in events]])
        for event in events:
            state = rules.evolve(state, event)
    return {
        "name": name,
        "title": title,
        "rules_version": rules.rules_version,
        "variant": variant,
        "players": list(NAMES[:n]),
        "options": options,
        "series": series,
        "seed": seed,
        "setup": [_event(e) for e in setup],
        "steps": steps,
        "finished": rules.status(state).finished,
        "state": short_hash(state),
        "score": _plain(rules.score_sheet(state)),
    }


def check_one(game: dict) -> Iterator[str]:
    """Every difference between the stored game and its replay under today's rules."""
    name = game["name"]
    rules = registry.get(game["title"], game["rules_version"])
    config = GameConfig(
        game["variant"], tuple(game["players"]), dict(game["options"]), game["series"]
    )
    rng = Rng(game["seed"])
    setup = [_event(e) for e in rules.setup(config, rng)]
    if setup != game["setup"]:
        yield f"{name}: the set-up's events differ"
    state: dict = {}
    for t, seat, data in game["setup"]:
        state = rules.evolve(state, Event(t, _plain(data), seat))
    folded: dict = {}
    for t, seat, data in game["setup"]:
        folded = rules.evolve(folded, Event(t, _plain(data), seat))
    for i, (seat, move, listing, stored) in enumerate(game["steps"]):
        moves = rules.legal_moves(state, seat)
        if short_hash(moves) != listing:
            yield f"{name}: move {i}: the listing for seat {seat} differs"
        events = [_event(e) for e in rules.decide(state, seat, move, rng)]
        if events != stored:
            yield f"{name}: move {i} ({move.get('type')}): events differ: {events} != {stored}"
            return
        for t, s, data in stored:
            state = rules.evolve(state, Event(t, _plain(data), s))
            folded = rules.evolve(folded, Event(t, _plain(data), s))
    if short_hash(state) != game["state"]:
        yield f"{name}: the final state differs"
    if short_hash(folded) != game["state"]:
        yield f"{name}: the state folded from the stored events differs"
    if rules.status(state).finished != game["finished"]:
        yield f"{name}: finished differs"
    if _plain(rules.score_sheet(state)) != game["score"]:
        yield f"{name}: the score sheet differs"


def path_of(name: str) -> str:
    return os.path.join(CORPUS_DIR, f"{name}.json.gz")


def load(name: str) -> dict:
    with gzip.open(path_of(name), "rt", encoding="utf-8") as f:
        return json.load(f)


def stored_names() -> list[str]:
    if not os.path.isdir(CORPUS_DIR):
        return []
    return sorted(f[: -len(".json.gz")] for f in os.listdir(CORPUS_DIR) if f.endswith(".json.gz"))


#: games recorded per case: more for the full Agricola game, whose cards come up at random
GAMES_FULL_AGRICOLA = 3


def generate(only: list[str]) -> None:
    os.makedirs(CORPUS_DIR, exist_ok=True)
    for index, case in enumerate(CASES):
        if only and case[0] not in only:
            continue
        games = GAMES_FULL_AGRICOLA if case[1] == "agricola" and case[3] == "full" else 1
        for k in range(games):
            game = record(case, seed=1000 + 100 * k + index)
            name = case[0] if k == 0 else f"{case[0]}-g{k + 1}"
            game["name"] = name
            with gzip.GzipFile(path_of(name), "wb", mtime=0) as f:
                f.write(json.dumps(game, separators=(",", ":")).encode())
            print(f"{name}: {len(game['steps'])} moves, finished={game['finished']}", flush=True)


def check(only: list[str]) -> int:
    differences = 0
    for name in stored_names():
        if only and name not in only:
            continue
        found = list(check_one(load(name)))
        differences += len(found)
        for line in found:
            print(line)
        print(f"{name}: {'ok' if not found else f'{len(found)} difference(s)'}", flush=True)
    print(f"{differences} difference(s)")
    return 1 if differences else 0


if __name__ == "__main__":
    verb, *names = sys.argv[1:] or ["check"]
    if verb == "generate":
        generate(names)
    elif verb == "check":
        sys.exit(check(names))
    else:
        sys.exit(f"usage: {sys.argv[0]} generate|check [case ...]")
