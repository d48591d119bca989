"""Issue 26: Village's log read as a player reads it: names and articles right, the generation
in deaths, whose figure the mass drew, customers by what they want and pay, road costs on the
travel buttons, and no "The game moves on." lines."""

from __future__ import annotations

import re

import pytest

from domain.common.events import Event
from domain.village import VILLAGE

from .support import NAMES, give, random_game, setup
from .test_examples import _act


@pytest.mark.parametrize("n,seed", [(1, 3), (2, 4), (4, 5)])
def test_a_whole_game_log_reads_well(n, seed):
    _, _, events = random_game(n, seed)
    texts = [VILLAGE.describe(e, list(NAMES[:n])) for e in events]
    assert "The game moves on." not in texts
    for text in texts:
        assert not re.search(r"\ba (orange|ochre|[aeiou]\w*) ", text), text
        assert "A member of Clara" not in text and "dies at beside" not in text
        assert not re.search(r"\b(c\.\d+|\d\.\d+|c\d\d|frag-\d)\b", text), text
    deaths = [t for t, e in zip(texts, events) if e.type == "MemberDied"]
    assert deaths and all(re.search(r"'s \"\d\" dies", t) for t in deaths)
    served = [t for t, e in zip(texts, events) if e.type == "CustomerServed"]
    assert all("wants" in t and "prestige points" in t for t in served)


def test_the_mass_names_whose_figure_reached_the_church():
    event = Event(
        "FiguresDrawn",
        {"figures": ["0.4", "monk", "c.9"], "steps": [1, None, 2], "gens": [2, None, 3]},
    )
    assert VILLAGE.describe(event, ["Ann"]) == (
        'The mass draws from the black bag: Ann\'s "2" (to church step 1), a monk (back into '
        'the bag), Clara\'s "3" (to church step 2).'
    )


def test_deaths_say_the_generation_and_clara_reads_right():
    event = Event(
        "MemberDied",
        {"figure": "c.0", "gen": 1, "at": "near", "to": "grave", "slot": 0, "category": None},
    )
    assert (
        VILLAGE.describe(event, ["Ann"])
        == 'Clara\'s "1" dies beside her board and is laid in an anonymous grave.'
    )


def test_a_customer_is_named_by_what_it_wants_and_pays():
    state, _ = setup(2)
    cid = state["market"]["stalls"][0]
    tile = state["pack"]["values"]["customers"][cid]
    give(state, 0, **dict(tile["needs"]))
    from .support import cubes, play, turn

    cubes(state, market=["green"])
    turn(state, 0)
    s, _ = play(state, 0, {"type": "take", "space": "market", "colour": "green"})
    label = VILLAGE.move_label(s, {"type": "serve", "slot": 0})
    assert f"for {tile['pp']} PP" in label
    s, events = play(s, 0, {"type": "serve", "slot": 0})
    served = next(e for e in events if e.type == "CustomerServed")
    assert f"pays {tile['pp']} prestige points" in VILLAGE.describe(served, ["Ann", "Bob"])
    assert cid not in VILLAGE.describe(served, ["Ann", "Bob"])


def test_travel_labels_show_what_the_road_costs():
    state, _ = setup(2)
    give(state, 0, wagon=1, brown=2, pink=2)
    state = _act(state, 0, "travel")
    labels = [
        VILLAGE.move_label(state, m) for m in VILLAGE.legal_moves(state, 0) if m["type"] == "travel"
    ]
    assert labels and all("2 time" in lab and "1 wagon" in lab for lab in labels)
    assert any("2 brown" in lab for lab in labels) and any("2 pink" in lab for lab in labels)


def test_the_pack_sentence_counts_each_kind_apart():
    events = [e for e in random_game(2, 4, limit=1)[2] if e.type == "GameSetUp"]
    text = VILLAGE.describe(events[0], ["Ann", "Bob"])
    assert "91 placeholders" in text and "1 value from another edition" in text
    assert "1 unverified value" in text and "complete" not in text


def test_titles_and_the_summary_count_each_kind_and_claim_no_complete_rules():
    info = VILLAGE.info()["data_pack"]
    assert info["counts"] == {
        "placeholder": 91,
        "other_edition": 1,
        "unverified": 1,
        "inferred": 0,
        "total": 137,
    }
    assert "complete" not in info["notice"] + info["rules"]
    assert "are not built" in info["rules"]
    assert info["marks"]["lifetrack.spaces"] == "unverified"
    assert info["marks"]["travel.roads.village-S"] == "other_edition"
    assert info["marks"]["customers.c05"] == "placeholder"
    assert "customers.frag-1" not in info["marks"]
    state, _ = setup(2)
    assert VILLAGE.provenance(state)["counts"] == info["counts"]
    assert VILLAGE.view(state, 0)["marks"] == info["marks"]


def test_the_score_sheet_marks_placeholder_customer_points():
    state, _ = setup(2)
    state["seats"][0]["customers"] = ["frag-1", "c05"]
    row = VILLAGE.score_sheet(state)["seats"][0]["categories"][3]
    assert row["key"] == "customers" and row["marks"] == {"c05": "placeholder"}
    assert "points of 1 are placeholders" in row["label"]
