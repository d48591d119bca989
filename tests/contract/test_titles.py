"""The title contract, once for every registered title, variant and representative options
(``cases.py``): each case plays one complete game of uniformly random listed moves through the
``Games`` application, then checks

* random listed play reaches the end;
* the listed moves are exactly the accepted moves: at sampled positions, every listed move is
  accepted and near misses of them (a field dropped, changed to another listed value, off by
  one, misspelt; an unknown field; an unknown type) are refused unless listed;
* a snapshot (the state through JSON) plus the later events equals the events;
* ``rescore`` equals the full score sheet after every event;
* random JSON gives only domain errors;
* the hidden-data scan (``scan.py``): after every event, nothing a viewer may not see is in the
  summary, the state, the events with their sentences, rules and moves, the legal moves with
  their labels, or the score sheet as that viewer gets them; the detailed audit and the export
  are scanned at checkpoints while the game runs.

The HTTP outputs (event stream, pages) are scanned by ``test_hidden_outputs.py``.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.common.errors import DomainError
from domain.common.events import Event
from domain.common.visibility import has_hidden, redact
from service import views

from .cases import Case, all_cases
from .play import decide_copy, new_app, random_play, rng_for, snapshot, start, versions
from .scan import Knowledge, Scanner, foreign_private, strings, text_of

CASES = all_cases()
#: how many positions per game get the near-miss check (spread over the game)
NEAR_MISS_POSITIONS = 12
#: labels of each move type taken into the game's vocabulary
LABELS_PER_TYPE = 40
#: moves between the checkpoints that scan the detailed audit and the export (each audit
#: re-runs the game so far once per viewer)
CHECKPOINT_EVERY = 250


def _seed_of(case: Case) -> int:
    return sum(map(ord, case.id)) * 7919


@pytest.fixture(scope="module")
def app():
    games = new_app()
    yield games
    games.close()


def _vocabulary(app, game_id) -> str:
    """Words the game shows anyway (at version 1, to the public): space names, goods…"""
    game = app.game_at(game_id, 1)
    rules = game.rules
    parts = [json.dumps(rules.view(game.state, None, False))]
    for seat in range(len(game.players)):
        parts += [rules.move_label(game.state, m) for m in rules.legal_moves(game.state, seat)]
    parts += [app.event_view(game, e, None, False)["text"] for e in app.stored_events(game_id)]
    # the printed texts of the title's cards are public: a card's text that names another
    # card ("when the Chief is played") does not tell who holds that card
    parts += [str(card.get("text", "")) for card in rules.catalogue() or []]
    return " ".join(parts)


def _future(app, game_id) -> dict[int, set[str]]:
    """Version -> strings that revealing events after it show (the next round card…)."""
    stored = app.stored_events(game_id)
    rules = app.get_game(game_id).rules
    reveals = [
        (e.originator_version, set(strings(e.data)))
        for e in stored
        if e.type != "GameCreated" and rules.reveals(e)
    ]
    out, later = {}, set()
    for e in reversed(stored):
        out[e.originator_version] = set(later)
        for version, found in reveals:
            if version == e.originator_version:
                later |= found
    return out


def _outputs(app, game, events_now, viewer, boundary: bool):
    """Everything ``viewer`` can get at this version that changes with it (the events are
    taken as they were shown then: the game was not over). The public outputs (summary, score
    sheet) are asked for the public viewer only; the state and the moves at the end of each
    move (the versions a client is shown)."""
    rules = game.rules
    yield "event", app.event_view(game, events_now[-1], viewer, False)
    if not boundary:
        return
    if viewer is None:
        yield "summary", app.summary(game)
        yield "scores", redact(rules.score_sheet(game.state), viewer, False)
    yield "state", views.state_view(game, viewer, False)
    if viewer is not None and viewer in rules.status(game.state).to_act:
        moves = rules.legal_moves(game.state, viewer)
        yield (
            "moves",
            {
                "moves": views.legal_moves_view(game.version, moves, viewer),
                "labels": [rules.move_label(game.state, m) for m in moves],
                "groups": [rules.move_group(game.state, m) for m in moves],
            },
        )


class Played:
    """One case played to its end, with the checkpoint outputs gathered on the way."""

    def __init__(self, app, case: Case) -> None:
        self.case = case
        self.game_id = start(app, case)  # unseeded: the seed is a secret while it runs
        self.seed = app.get_game(self.game_id).seeds[0]["seed"]
        self.vocabulary = _vocabulary(app, self.game_id)
        self.checkpoints: list[tuple[int, int | None, str, str]] = []
        pick = random.Random(_seed_of(case))
        self._labelled: dict[str, int] = {}
        self.moves = random_play(app, self.game_id, pick, self._checkpoint, self._words)

    def _words(self, game, moves) -> None:
        """The labels of moves that name no card (\"Cook or convert 1 sheep to food\") are
        words the game shows anyway: a card called "Cook" is searched for by its number."""
        rules = game.rules
        for move in moves:
            kind = str(move.get("type"))
            if self._labelled.get(kind, 0) >= LABELS_PER_TYPE or any(
                isinstance(v, str) and rules.printed_name(v) for v in move.values()
            ):
                continue
            self._labelled[kind] = self._labelled.get(kind, 0) + 1
            self.vocabulary += " " + rules.move_label(game.state, move)

    def _checkpoint(self, app, game_id, made: int) -> None:
        if made % CHECKPOINT_EVERY:
            return
        game = app.get_game(game_id)
        if game.rules.status(game.state).finished:
            return
        seats = list(range(len(game.players))) if has_hidden(game.state) else [0]
        for viewer in [None, *seats]:
            report = views.audit_view(
                app.audit(game_id, detail=True, viewer=viewer), game, viewer, True
            )
            self.checkpoints.append((game.version, viewer, "audit", text_of(report)))
        self.checkpoints.append((game.version, None, "export", text_of(app.export(game_id))))


@pytest.fixture(scope="module")
def played(app):
    cache: dict[str, Played] = {}

    def get(case: Case) -> Played:
        if case.id not in cache:
            cache[case.id] = Played(app, case)
        return cache[case.id]

    return get


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_random_listed_play_reaches_the_end_and_audits(app, played, case):
    game = played(case)
    final = app.get_game(game.game_id)
    assert final.rules.status(final.state).finished
    assert game.moves > 0
    assert app.audit(game.game_id).ok


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_rescore_equals_the_sheet_and_snapshots_equal_events(app, played, case):
    game = played(case)
    rules = case.rules
    sheet, cuts = None, {}
    total = len(app.stored_events(game.game_id))
    marks = {2, total // 3, (2 * total) // 3, total - 1}
    for folded, event, _ in versions(app, game.game_id):
        if event.type == "GameCreated" or sheet is None:
            sheet = rules.score_sheet(folded.state)
        else:
            sheet = rules.rescore(folded.state, sheet, event)
            assert sheet == rules.score_sheet(folded.state), (case.id, folded.version)
        if folded.version in marks:
            cuts[folded.version] = snapshot(folded.state)
    final = app.get_game(game.game_id).state
    stored = app.stored_events(game.game_id)
    for cut, state in cuts.items():
        for event in stored[cut:]:
            if event.type.startswith("Undo"):
                break
            state = rules.evolve(state, Event(event.type, snapshot(event.data), event.seat))
        else:
            assert state == snapshot(final), (case.id, cut)


def near_misses(legal: list[dict], pick: random.Random) -> list:
    """Moves like the listed ones that differ in one field (most are not listed)."""
    values: dict[str, list] = {}
    for move in legal:
        for key, value in move.items():
            if value not in values.setdefault(key, []):
                values[key].append(value)
    out: list = [{"type": "no_such_move"}, {}, None, [], "done"]
    for move in pick.sample(legal, min(len(legal), 25)):
        out.append({**move, "unknown_field": 1})
        for key, value in move.items():
            if key != "type":
                out.append({k: v for k, v in move.items() if k != key})
            others = [v for v in values[key] if v != value]
            out += [{**move, key: v} for v in pick.sample(others, min(3, len(others)))]
            if isinstance(value, int) and not isinstance(value, bool):
                out += [{**move, key: value + 1}, {**move, key: -1}, {**move, key: str(value)}]
            elif isinstance(value, str):
                out.append({**move, key: value + "x"})
    return out


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_listed_moves_are_exactly_the_accepted_moves(app, played, case):
    game = played(case)
    rules = case.rules
    stored = app.stored_events(game.game_id)
    starts = [e.originator_version - 1 for e in stored if e.command and "move" in e.command]
    pick = random.Random(_seed_of(case) + 1)
    chosen = set(pick.sample(starts, min(NEAR_MISS_POSITIONS, len(starts))))
    checked = 0
    for folded, _event, _ in versions(app, game.game_id):
        if folded.version not in chosen:
            continue
        for seat in rules.status(folded.state).to_act:
            legal = rules.legal_moves(folded.state, seat)
            for move in legal:
                assert decide_copy(rules, folded.state, seat, move, rng_for(folded)), move
            for candidate in near_misses(legal, pick):
                try:
                    decide_copy(rules, folded.state, seat, candidate, rng_for(folded))
                except DomainError:
                    assert candidate not in legal, (case.id, folded.version, candidate)
                    continue
                assert candidate in legal, (case.id, folded.version, seat, candidate)
                checked += 1
    assert checked > 0


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 50) | st.text(max_size=10),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)


@pytest.mark.parametrize(
    "case", [c for c in CASES if c.players == 2 or c.variant == "solo"][:6], ids=lambda c: c.id
)
def test_random_json_gives_only_domain_errors(app, played, case):
    game = played(case)
    rules = case.rules
    mid = app.game_at(game.game_id, len(app.stored_events(game.game_id)) // 2)
    listed_keys = sorted(
        {k for s in range(case.players) for m in rules.legal_moves(mid.state, s) for k in m}
        | {"type"}
    )
    listed_values = sorted(
        {
            json.dumps(v)
            for s in range(case.players)
            for m in rules.legal_moves(mid.state, s)
            for v in m.values()
        }
    )
    # the midpoint may fall inside a move, where no seat has a listed move (nothing to sample)
    values = (
        json_values | st.sampled_from([json.loads(v) for v in listed_values])
        if listed_values
        else json_values
    )
    moves = st.dictionaries(st.sampled_from(listed_keys), values, max_size=5)

    @settings(
        max_examples=150,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(move=moves | json_values, seat=st.integers(-1, case.players))
    def random_json(move, seat):
        try:
            decide_copy(rules, mid.state, seat, move, rng_for(mid))
        except DomainError:
            pass

    random_json()


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_nothing_hidden_reaches_another_viewer(app, played, case):
    game = played(case)
    scanner = Scanner(case.rules, game.vocabulary)
    future = _future(app, game.game_id)
    knowledge = Knowledge(case.players)
    seats = [None, *range(case.players)]
    at_version: dict[int, dict] = {}
    stored = app.stored_events(game.game_id)
    boundaries = {e.originator_version - 1 for e in stored if e.command is not None}
    boundaries.add(len(stored))
    for folded, event, events_now in versions(app, game.game_id):
        boundary = folded.version in boundaries
        knowledge.add(event.data)
        if boundary:
            knowledge.add(folded.state)
        knowledge.future = {s for s in future.get(folded.version, set()) if not scanner.everyday(s)}
        finished = case.rules.status(folded.state).finished
        if finished:
            break
        hidden = {v: knowledge.hidden_from(v) | {str(game.seed)} for v in seats}
        visible_to = {v: knowledge.public | knowledge.own.get(v, set()) for v in seats}
        at_version[folded.version] = (hidden, visible_to)
        # a game that has hidden nothing from anyone yet shows every seat what it shows the
        # public: one seat stands for the others
        for viewer in seats if knowledge.any_hidden else seats[:2]:
            visible = knowledge.public | knowledge.own.get(viewer, set())
            for where, body in _outputs(app, folded, events_now, viewer, boundary):
                text = text_of(body)
                assert not foreign_private(body, viewer, text=text), (
                    case.id,
                    folded.version,
                    viewer,
                    where,
                )
                found = scanner.leaks(text, hidden[viewer], visible)
                assert not found, (case.id, folded.version, viewer, where, found, text[:600])
    for version, viewer, where, text in game.checkpoints:
        if version not in at_version:
            continue  # inside a move: no checkpoint is taken there
        hidden, visible_to = at_version[version]
        found = scanner.leaks(text, hidden[viewer], visible_to[viewer])
        assert not found, (case.id, version, viewer, where, found)
