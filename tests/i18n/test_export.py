"""``chronicle export --lang ru`` (issue 36): the record keeps the facts; the sentences, made
from the events as the public sees them, are added in the language asked for."""

from __future__ import annotations

import json

from click.testing import CliRunner

from service.cli import cli


def _created(client) -> str:
    answer = client.post(
        "/api/v1/games",
        json={"title": "agricola", "variant": "family", "players": ["Ann", "Bob"], "seed": 3},
    )
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["id"]


def test_export_adds_the_sentences_in_the_language_asked(services, client):
    game_id = _created(client)
    runner = CliRunner()

    def run(*args):
        result = runner.invoke(cli, list(args), obj={"services": services}, catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return json.loads(result.output)

    plain = run("export", game_id)
    assert "sentences" not in plain
    russian = run("export", game_id, "--lang", "ru")
    czech = run("export", game_id, "--lang", "cs")
    assert russian["head"] == plain["head"] == czech["head"]  # the facts are the same record
    assert russian["events"] == plain["events"]
    ru, cs = russian["sentences"], czech["sentences"]
    assert ru["lang"] == "ru" and cs["lang"] == "cs" and ru["viewer"] is None
    versions = [e["version"] for e in plain["events"]]
    assert [e["version"] for e in ru["events"]] == versions
    text = " ".join(e["text"] + " ".join(e.get("lines", [])) for e in ru["events"])
    assert "садятся за игру Агрикола" in text and "Начинается раунд 1" in text, text
    text = " ".join(e["text"] + " ".join(e.get("lines", [])) for e in cs["events"])
    assert "Začíná kolo 1" in text, text
    bad = runner.invoke(cli, ["export", game_id, "--lang", "de"], obj={"services": services})
    assert bad.exit_code == 2
