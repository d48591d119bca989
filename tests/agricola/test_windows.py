"""Typed windows and card modules (issue 35 item 1): a card module that binds a window that
does not exist, registers a move type or event another module owns, or binds a hook with the
wrong signature is refused when the title is composed, with a sentence naming the card module
and the window."""

from __future__ import annotations

import pytest

from domain.agricola import windows
from domain.agricola.abilities import Bind, CardModule, Move, install
from domain.agricola.cards import extension as cards_extension
from domain.agricola.cards.card_sets import CARD_SETS, LATEST
from domain.agricola.cards.full_game import full_game
from domain.agricola.extension import Extension
from domain.agricola.windows import BindingError


def _moves(state, seat):
    return []


def _check(state, seat, move):
    return None


def _apply(b, seat, move):
    return None


def test_every_declared_module_fits_its_windows():
    for module in cards_extension.MODULES:
        module.check()
    for card_set in CARD_SETS:  # the full game's own bindings, as each card set has them
        full_game(card_set).check()
    assert all(w.shape in ("hooks", "keyed", "one", "data") for w in windows.WINDOWS.values())


def test_a_window_that_does_not_exist_is_refused_naming_the_card_and_the_window():
    module = CardModule("tester", frozenset({"X1"}), (Bind("anytime_candidatez", _moves),))
    with pytest.raises(
        BindingError,
        match=r"tester \(cards X1\) binds the window 'anytime_candidatez', which does not exist",
    ):
        module.check()


def test_a_hook_with_the_wrong_signature_is_refused():
    module = CardModule("tester", frozenset({"X1"}), (Bind("anytime_candidates", _check),))
    with pytest.raises(
        BindingError,
        match=r"tester \(cards X1\) binds '_check' to the window 'anytime_candidates' "
        r"with the wrong signature",
    ):
        module.check()
    bad_move = CardModule("tester", moves={"card_x": Move(_check, _moves)})
    with pytest.raises(BindingError, match=r"move 'card_x' whose apply has the wrong signature"):
        bad_move.check()


def test_a_key_a_keyed_window_does_not_have_is_refused():
    module = CardModule("tester", binds=(Bind("costs", lambda farm, cost: cost, key="barn"),))
    with pytest.raises(BindingError, match=r"binds the window 'costs' under 'barn'"):
        module.check()


def test_a_move_type_another_module_owns_is_refused():
    ext = cards_extension.build(LATEST)
    owned = next(iter(ext.handlers))
    module = CardModule("tester", frozenset({"X1"}), moves={owned: Move(_check, _apply)})
    with pytest.raises(
        BindingError, match=rf"tester registers the move type '{owned}' in the window 'handlers'"
    ):
        install(ext, module)


def test_an_event_another_module_owns_is_refused():
    ext = Extension()
    install(ext, CardModule("first", events={"ThingHappened": lambda state, event: state}))
    with pytest.raises(
        BindingError,
        match=r"second registers the event 'ThingHappened' in the window 'events', "
        r"which the card module first owns",
    ):
        install(ext, CardModule("second", events={"ThingHappened": lambda state, event: state}))


def test_a_binding_lands_in_its_window_in_order():
    ext = Extension()
    install(ext, CardModule("a", frozenset({"X1"}), (Bind("anytime_candidates", _moves),)))
    assert ext.anytime_candidates == [_moves]
    assert ext.cards_of[_moves] == frozenset({"X1"})
    first = lambda farm, pending: (0, False)  # noqa: E731
    second = lambda farm, pending: (1, False)  # noqa: E731
    install(ext, CardModule("b", binds=(Bind("fence_credit", second),)))
    install(ext, CardModule("c", binds=(Bind("fence_credit", first, first=True),)))
    assert ext.fence_credit == [first, second]
