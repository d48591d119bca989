"""Issue 26: ``chronicle village-pack new`` walks through every value and writes a checked pack
with status SRC-BB for what was typed; ``check`` validates one; a game is played on a pack made
this way (through ``CHRONICLE_VILLAGE_DATA``, as the service reads it)."""

from __future__ import annotations

import json
import random

from click.testing import CliRunner

from domain.common.rng import Rng
from domain.common.title import GameConfig
from domain.village import pack as packs
from domain.village.title import Village
from service.cli import cli

from .support import check_invariants

RAW = json.loads(packs.DEFAULT.read_text(encoding="utf-8"))
KEYS = list(RAW["values"])


def _answers(typed: dict) -> str:
    """One line per value, in the order the command asks: the typed JSON or Enter."""
    return "".join((typed[k] + "\n") if k in typed else "\n" for k in KEYS)


def _new(tmp_path, typed: dict, extra: str = ""):
    out = tmp_path / "mine.json"
    result = CliRunner().invoke(
        cli, ["village-pack", "new", "-o", str(out), "--by", "Ann"], input=extra + _answers(typed)
    )
    return out, result


def test_new_walks_every_value_and_writes_typed_ones_as_src_bb(tmp_path):
    typed = {
        "lifetrack.spaces": "9",
        "council.time.2": "3",
        "customers.c05": '{"needs": {"wagon": 1}, "pp": 3}',
    }
    out, result = _new(tmp_path, typed)
    assert result.exit_code == 0, result.output
    assert result.output.count("printed:") == len(KEYS) == 137
    assert "seed's bound: at least 7" in result.output and "(seed L677-681)" in result.output
    assert "now: 10 (UNV:" in result.output
    written = json.loads(out.read_text())
    for key, text in typed.items():
        assert written["values"][key]["value"] == json.loads(text)
        assert written["values"][key]["status"] == "SRC-BB"
        assert "by Ann" in written["values"][key]["source"]
    assert written["values"]["council.time.3"] == RAW["values"]["council.time.3"]
    check = CliRunner().invoke(cli, ["village-pack", "check", str(out)])
    assert check.exit_code == 0 and "89 placeholders" in check.output, check.output


def test_a_value_outside_the_seed_bound_is_refused_as_it_is_typed(tmp_path):
    """lifetrack.spaces = 5 contradicts L677-681; the command says why and asks again."""
    answers = _answers({}).split("\n")
    at = KEYS.index("lifetrack.spaces")
    answers[at] = "5\nten\n9"
    out = tmp_path / "mine.json"
    result = CliRunner().invoke(
        cli, ["village-pack", "new", "-o", str(out)], input="\n".join(answers)
    )
    assert result.exit_code == 0, result.output
    assert "refused: value 'lifetrack.spaces' is 5; it must be at least 7" in result.output
    assert "'ten' is not JSON" in result.output
    assert json.loads(out.read_text())["values"]["lifetrack.spaces"]["value"] == 9


def test_a_pack_that_does_not_hold_together_is_not_written(tmp_path):
    """Each value within its bound, the setup card's total no longer divisible (L695)."""
    out, result = _new(tmp_path, {"setup.3.space_cubes.harvest": "4"})
    assert result.exit_code == 2 and not out.exists()
    assert "not written" in result.output and "not divisible by 3" in result.output


def test_check_refuses_a_bad_file_naming_value_bound_and_line(tmp_path):
    raw = json.loads(json.dumps(RAW))
    raw["values"]["market.stalls.3"]["value"] = 2
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw))
    result = CliRunner().invoke(cli, ["village-pack", "check", str(bad)])
    assert result.exit_code == 2
    assert "'market.stalls.3' is 2" in result.output and "seed L436-458" in result.output


def test_a_game_plays_to_its_end_on_a_typed_pack(tmp_path, monkeypatch):
    typed = {
        "lifetrack.spaces": "8",
        "customers.c05": '{"needs": {"wagon": 1}, "pp": 3}',
        "council.time.4": "2",
    }
    out, result = _new(tmp_path, typed)
    assert result.exit_code == 0, result.output
    monkeypatch.setenv(packs.ENV, str(out))
    title = Village()  # reads the pack as a starting service does
    title.preflight()
    assert title.info()["data_pack"]["name"] == "village-bigbox"
    state: dict = {}
    rng, pick = Rng(5), random.Random(5)
    for event in title.setup(GameConfig("standard", ("Ann", "Bob", "Cid"), {}), rng):
        state = title.evolve(state, event)
    assert state["pack"]["values"]["lifetrack"]["spaces"] == 8
    for _ in range(6000):
        status = title.status(state)
        if status.finished:
            break
        seat = status.to_act[0]
        for event in title.decide(state, seat, pick.choice(title.legal_moves(state, seat)), rng):
            state = title.evolve(state, event)
            check_invariants(state)
    assert title.status(state).finished
    assert state["final"]["scores"] == [r["total"] for r in title.score_sheet(state)["seats"]]
