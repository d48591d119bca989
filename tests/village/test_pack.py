"""The data pack (issue 12 deliverable 2): the shipped pack passes every invariant and says
where each number comes from; broken packs are refused with a sentence naming the value; an
operator's pack is used by new games and recorded in their first event; a bad pack stops the
service at start."""

from __future__ import annotations

import copy
import json
import re

import pytest

from domain.village import VILLAGE
from domain.village.pack import DEFAULT, PackInvalid, load, read_file

RAW = json.loads(DEFAULT.read_text(encoding="utf-8"))


def broken(**changes) -> dict:
    raw = copy.deepcopy(RAW)
    for key, value in changes.items():
        key = key.replace("__", ".")
        if value is None:
            del raw["values"][key]
        else:
            raw["values"][key]["value"] = value
    return raw


def refuse(raw: dict) -> str:
    with pytest.raises(PackInvalid) as err:
        load(raw, "test.json")
    assert err.value.code == "village_pack_invalid"
    return err.value.message


def test_the_shipped_pack_passes_and_tags_every_value():
    pack = load(RAW, "shipped")
    assert pack["name"] == "village-bigbox-provisional" and len(pack["hash"]) == 64
    statuses = {e["status"] for e in RAW["values"].values()}
    assert statuses <= {"SRC-BB", "SRC-OE", "INF", "UNV", "PH"}
    assert all(e["source"].strip() for e in RAW["values"].values())
    assert "setup.2.space_cubes.market" not in pack["provisional"]  # SRC-BB (seed L885)
    assert "market.stalls.3" in pack["provisional"]  # rests on a GAP (G-08)
    assert "scoring.travel" not in pack["provisional"]  # printed in the seed


def test_tags_agree_with_the_sources():
    """The statuses follow ``shared/data/village/sources.md``: seed numbers are SRC-BB, the
    two village roads are sourced, the life-time track is UNV, and the numbers the sources
    list as GAP are placeholders."""
    v = RAW["values"]
    assert v["travel.roads.village-N"]["status"] == "SRC-BB"
    assert v["travel.roads.village-S"]["status"] == "SRC-OE"
    assert v["travel.cities.N"]["status"] == "SRC-BB" and v["travel.cities.A"]["status"] == "PH"
    assert v["lifetrack.spaces"]["status"] == "UNV"
    assert v["church.grain.2"]["status"] == v["church.grain.3"]["status"] == "SRC-BB"
    assert v["church.grain.4"]["status"] == "PH"
    assert all(v[f"council.time.{s}"]["status"] == "PH" for s in "234")
    assert v["customers.frag-1"] == {
        "value": {"needs": {"horse": 1, "plough": 1}, "pp": 6},
        "status": "SRC-BB",
        "source": "seed L438",
    }
    assert all(v[k]["status"] == "PH" for k in v if re.match(r"customers\.c\d", k))
    assert all(v[k]["status"] == "SRC-BB" for k in v if k.startswith("scoring."))
    assert all(
        v[k]["status"] == "PH"
        for k in v
        if k.startswith("setup.") and k != "setup.2.space_cubes.market"
    )
    assert v["setup.2.space_cubes.market"]["status"] == "SRC-BB"  # sources.md §4.4
    assert v["market.stalls.4"]["status"] == v["market.queue"]["status"] == "SRC-BB"


@pytest.mark.parametrize(
    "changes,words",
    [
        ({"setup__3__space_cubes__harvest": 4}, "not divisible by 3"),
        (
            {"setup__2__space_cubes__market": 3, "setup__2__space_cubes__family": 0},
            "'setup.2.space_cubes.family' is 0; it must be at least 1",
        ),
        (
            {"setup__2__space_cubes__market": 2, "setup__2__space_cubes__crafts": 3},
            "Market always holds 1 cube",
        ),
        (
            {
                "setup__4__bag_add__brown": 1,
                "setup__4__bag_add__pink": 1,
                "setup__4__bag_add__orange": 1,
                "setup__4__bag_add__green": 1,
            },
            "more must go in",
        ),
        ({"church__grain__3": 3}, "church.grain.3' is 3; it must be 2 (bound: 2 (seed L591-597))"),
        ({"church__grain__4": 3}, "church.grain.4' is 3; it must be 4 or 2"),
        (
            {"council__time__2": 5},
            "council.time.2' is 5; it must be 2 or 3 (bound: 2 or 3 (seed L470))",
        ),
        ({"customers__c05": None}, "24 customer tiles"),
        ({"customers__c05": {"needs": {"beer": 1}, "pp": 2}}, "customers.c05"),
        ({"travel__exits": ["N"]}, "exactly 2 cities"),
        (
            {"travel__roads__C-D": None, "travel__roads__D-S": None},
            "the travel map is not connected: D",
        ),
        (
            {
                "clara__order": [
                    "market",
                    "council",
                    "travel",
                    "church",
                    "family",
                    "harvest",
                    "crafts",
                ]
            },
            "Market, Travel, Council in a row",
        ),
        ({"chronicle__clergy": ["3-5", "5"]}, "must have a slot open with 2 players"),
        ({"lifetrack__spaces": "ten"}, "lifetrack.spaces"),
        ({"setup__5__space_cubes__church": None}, "value 'setup.5.space_cubes.church' is missing"),
        # issue 26: the bounds the seed gives, each with its line
        (
            {"market__stalls__3": 2},
            "'market.stalls.3' is 2; it must be from 4 to 5 (bound: 4 to 5: "
            "the 3-player market day serves 3 customers and leaves a fourth (seed L436-458, L446))",
        ),
        (
            {"market__stalls__2": 1},
            "'market.stalls.2' is 1; it must be from 3 to 5 (bound: 3 to 5: "
            "the solo example serves 3 customers from the stalls (seed L879-881))",
        ),
        ({"lifetrack__spaces": 5}, "'lifetrack.spaces' is 5; it must be at least 7"),
        ({"lifetrack__spaces": 5}, "seed L677-681"),
        ({"market__queue": 4}, "'market.queue' is 4; it must be 5 (bound: 5 (seed L424))"),
        ({"market__stalls__4": 4}, "'market.stalls.4' is 4; it must be 5"),
        ({"customers__frag-1": {"needs": {"horse": 1}, "pp": 6}}, "customers.frag-1 must want"),
        ({"customers__frag-1": {"needs": {"horse": 1, "plough": 1}, "pp": 5}}, "(seed L438)"),
    ],
)
def test_broken_packs_are_refused_with_a_sentence(changes, words):
    assert words in refuse(broken(**changes))


def test_entries_need_a_status_a_source_and_a_value():
    raw = copy.deepcopy(RAW)
    raw["values"]["council.time.2"]["status"] = "GAP"
    assert "council.time.2' is a GAP" in refuse(raw)
    raw = copy.deepcopy(RAW)
    raw["values"]["council.time.2"]["status"] = "guess"
    assert "status 'guess'" in refuse(raw)
    raw = copy.deepcopy(RAW)
    raw["values"]["council.time.2"]["source"] = " "
    assert "names no source" in refuse(raw)
    assert "no 'values'" in refuse({"name": "x"})


def test_an_operators_pack_is_used_and_recorded(tmp_path, monkeypatch):
    raw = copy.deepcopy(RAW)
    raw["name"] = "typed-from-my-box"
    raw["values"]["council.time.2"] = {"value": 3, "status": "SRC-BB", "source": "my board"}
    path = tmp_path / "pack.json"
    path.write_text(json.dumps(raw))
    monkeypatch.setenv("CHRONICLE_VILLAGE_DATA", str(path))
    pack = read_file()
    assert pack["name"] == "typed-from-my-box" and pack["values"]["council"]["time"]["2"] == 3
    assert "council.time.2" not in pack["provisional"]
    from domain.common.rng import Rng
    from domain.common.title import GameConfig
    from domain.village.title import Village

    title = Village()
    first = title.setup(GameConfig("standard", ("Ann", "Bob"), {}), Rng(1))[0]
    assert first.type == "GameSetUp" and first.data["pack"]["name"] == "typed-from-my-box"
    assert first.data["pack"]["hash"] == pack["hash"]
    assert first.data["pack"]["values"]["council"]["time"]["2"] == 3


def test_a_bad_pack_stops_the_service_at_start(tmp_path, monkeypatch):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(broken(setup__3__space_cubes__harvest=4)))
    monkeypatch.setenv("CHRONICLE_VILLAGE_DATA", str(path))
    monkeypatch.setattr(VILLAGE, "_pack", None)
    from service.bootstrap import preflight

    with pytest.raises(PackInvalid) as err:
        preflight()
    assert "setup.3.space_cubes add up to 22" in err.value.message
    (tmp_path / "junk.json").write_text("{not json")
    monkeypatch.setenv("CHRONICLE_VILLAGE_DATA", str(tmp_path / "junk.json"))
    monkeypatch.setattr(VILLAGE, "_pack", None)
    with pytest.raises(PackInvalid):
        preflight()
    monkeypatch.setattr(VILLAGE, "_pack", None)
