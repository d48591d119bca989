"""Scoring: every category of the score pad, ties, the sheet at any time (digest §8; T-12, T-13)."""

from __future__ import annotations

import pytest

from domain.agricola import AGRICOLA
from domain.agricola.scoring import farm_counts, score_farm, tier_points
from domain.agricola.tables import SCORE_PAD, SCORING_TIERS

from .support import build_farm, give, give_animals, setup


def sheet_of(state, seat):
    cats = AGRICOLA.score_sheet(state)["seats"][seat]["categories"]
    return {c["key"]: (c["count"], c["points"]) for c in cats}


@pytest.mark.parametrize(
    "key,table",
    [
        ("fields", {0: -1, 1: -1, 2: 1, 3: 2, 4: 3, 5: 4, 9: 4}),
        ("pastures", {0: -1, 1: 1, 2: 2, 3: 3, 4: 4, 6: 4}),
        ("grain", {0: -1, 1: 1, 3: 1, 4: 2, 5: 2, 6: 3, 7: 3, 8: 4, 20: 4}),
        ("vegetables", {0: -1, 1: 1, 2: 2, 3: 3, 4: 4, 7: 4}),
        ("sheep", {0: -1, 1: 1, 3: 1, 4: 2, 5: 2, 6: 3, 7: 3, 8: 4}),
        ("wild_boar", {0: -1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 4}),
        ("cattle", {0: -1, 1: 1, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4}),
    ],
)
def test_tiered_categories(key, table):
    """§8.1: the score pad's tiers, -1 for none (D-41)."""
    thresholds = {k: t for k, _, t in SCORING_TIERS}[key]
    for count, pts in table.items():
        assert tier_points(count, thresholds) == pts, (key, count)


def test_t13_complete_score_sheet_is_21():
    """T-13 (§8): 4-room clay hut, 4 people; 3 fields (3 grain on one, 2 in supply); 2 pastures
    over 3 spaces with 1 stable; 4 sheep, 1 cattle; Fireplace and Well; 1 begging card."""
    state, _, _ = setup(2, seed=1, start_player=0)
    build_farm(
        state,
        0,
        rooms=[0, 5, 10, 11],
        house="clay",
        family=4,
        fields={12: ("grain", 3), 13: (None, 0), 14: (None, 0)},
        pastures=[[3, 4], [9]],
        stables=[4],
    )
    farm = state["farms"][0]
    farm["supply"] = dict.fromkeys(farm["supply"], 0)
    give(state, 0, grain=2)
    give_animals(state, 0, sheep=4, cattle=1)
    farm["majors"] = ["fireplace_2", "well"]
    farm["begging"] = 1
    expected = {
        "fields": (3, 2),
        "pastures": (2, 2),
        "grain": (5, 2),
        "vegetables": (0, -1),
        "sheep": (4, 2),
        "wild_boar": (0, -1),
        "cattle": (1, 1),
        "unused_spaces": (5, -5),
        "fenced_stables": (1, 1),
        "clay_hut_rooms": (4, 4),
        "stone_house_rooms": (0, 0),
        "family_members": (4, 12),
        "card_points": (5, 5),
        "begging_cards": (1, -3),
        "bonus_points": (0, 0),
    }
    assert sheet_of(state, 0) == expected
    total, categories = score_farm(farm)
    assert total == 21
    assert [c["key"] for c in categories] == list(SCORE_PAD)
    assert [c["label"] for c in categories] == [
        "Fields",
        "Pastures",
        "Grain",
        "Vegetables",
        "Sheep",
        "Wild boar",
        "Cattle",
        "Unused farmyard spaces",
        "Fenced stables",
        "Clay hut rooms",
        "Stone house rooms",
        "Family members",
        "Card points",
        "Begging cards",
        "Bonus points",
    ]


def test_t12_pastures_count_pastures_not_spaces_and_used_spaces():
    """T-12 (§8.1, §8.2): 3 fenced spaces in 2 pastures score as 2 pastures; fenced, room,
    field and stable spaces are used; an unfenced stable's space is used but scores nothing."""
    state, _, _ = setup(2, seed=1, start_player=0)
    build_farm(state, 0, pastures=[[3, 4], [9]], stables=[0], fields={12: ("vegetable", 2)})
    counts = farm_counts(state["farms"][0])
    assert counts["pastures"] == 2
    assert counts["unused_spaces"] == 15 - (2 + 3 + 1 + 1)
    assert counts["fenced_stables"] == 0
    assert counts["vegetables"] == 2  # on the field (§8.1)


def test_workshop_bonus_points_for_resources_held():
    """§7 (D-04): Joinery 3/5/7 wood, Pottery 3/5/7 clay, Basketmaker's 2/4/5 reed -> 1/2/3."""
    state, _, _ = setup(2, seed=1, start_player=0)
    farm = state["farms"][0]
    farm["majors"] = ["joinery", "pottery", "basketmakers_workshop"]
    give(state, 0, wood=5, clay=2, reed=7)
    assert sheet_of(state, 0)["bonus_points"] == (2 + 0 + 3, 5)
    assert sheet_of(state, 0)["card_points"] == (6, 6)


def test_family_members_and_begging_per_unit():
    """§8.2: +3 per family member (newborns too), -3 per begging card."""
    state, _, _ = setup(2, seed=1, start_player=0)
    build_farm(state, 0, family=5)
    state["farms"][0]["begging"] = 2
    sheet = sheet_of(state, 0)
    assert sheet["family_members"] == (5, 15) and sheet["begging_cards"] == (2, -6)


def test_ties_share_the_victory_and_the_sheet_works_at_any_time():
    """§8.3: no tie-breaker; the sheet before the end says what each would score now."""
    state, _, _ = setup(3, seed=1, start_player=0)
    sheet = AGRICOLA.score_sheet(state)
    assert sheet["final"] is False
    totals = [s["total"] for s in sheet["seats"]]
    # start: 2 wooden rooms, 2 people, 13 unused spaces, -1 for each of 7 tiers
    assert totals == [6 - 13 - 7] * 3
    assert sheet["winners"] == [0, 1, 2]
    assert [s["name"] for s in sheet["seats"]] == ["Ann", "Bob", "Cid"]
