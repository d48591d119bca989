"""Issue 36 benchmarks: what reading in Russian costs beside English.

(a) **Game page**: the game page of a 5-player Agricola family game at about version 500, as
    its seated player sees it (the page of ``bench.web``), rendered in ``en`` and in ``ru``
    (``?lang=``) in alternating rounds; medians of each language's renders. Target: ru p50 <=
    1.1 x en p50.
(b) **Event sentences**: every event of that game described for the seated player
    (``Games.event_view``: redact, then describe) in ``en`` and in ``ru``, alternating rounds;
    the median time per sentence. Target: ru <= 1.2 x en per sentence.

Both languages run in the same process on the same game, one after the other in each round,
so that load from other processes falls on both alike. The ratios compare this thread's CPU
time (what the work itself costs on a shared machine); wall-clock figures are reported beside.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time

from .games import play_random
from .web import _app

ROUNDS = 15


def _medians(samples: list[tuple[float, float]], scale: float) -> tuple[float, float]:
    return (
        scale * statistics.median(w for w, _ in samples),
        scale * statistics.median(c for _, c in samples),
    )


PAGE_RENDERS = 6


def _page(client, url: str, lang: str, n: int) -> list[tuple[float, float]]:
    """``n`` renders: (wall, this thread's CPU) seconds each."""
    out = []
    for _ in range(n):
        started, started_cpu = time.perf_counter(), time.thread_time()
        answer = client.get(f"{url}?lang={lang}")
        out.append((time.perf_counter() - started, time.thread_time() - started_cpu))
        assert answer.status_code == 200
        assert f'<html lang="{lang}">' in answer.get_data(True)
    return out


def _sentences(games, game, events, lang: str) -> tuple[float, float]:
    """Seconds per sentence: (wall, this thread's CPU)."""
    from locales import translate

    with translate(lang):
        started, started_cpu = time.perf_counter(), time.thread_time()
        for event in events:
            games.event_view(game, event, 0, False)
        wall, cpu = time.perf_counter() - started, time.thread_time() - started_cpu
    return wall / len(events), cpu / len(events)


def run(report: dict) -> None:
    app, services = _app(tempfile.mkdtemp(prefix="chronicle-bench-i18n-"))
    try:
        from service.web import security

        games = services.games()
        names = ["Ann", "Bob", "Cid", "Dee", "Eve"]
        created = games.create_game("agricola", "family", names, {}, seed=11)
        game_id = created.game.id
        version = play_random(games, game_id, random.Random(4), max_version=500)
        client = app.test_client()
        with app.test_request_context():
            invite = security.make_invite(game_id, 0, created.tokens[0])
        client.get(f"/join/{invite}")
        url = f"/games/{game_id}"
        for lang in ("en", "ru"):  # warm: catalogues compiled, logs described once each
            _page(client, url, lang, 3)
        pages: dict[str, list[tuple[float, float]]] = {"en": [], "ru": []}
        per_sentence: dict[str, list[tuple[float, float]]] = {"en": [], "ru": []}
        game = games.get_game(game_id)
        events = games.stored_events(game_id)
        for i in range(ROUNDS):
            order = ("en", "ru") if i % 2 == 0 else ("ru", "en")
            for lang in order:
                pages[lang] += _page(client, url, lang, PAGE_RENDERS)
                per_sentence[lang].append(_sentences(games, game, events, lang))
        page = {k: _medians(v, 1000) for k, v in pages.items()}
        sentence = {k: _medians(v, 1e6) for k, v in per_sentence.items()}
        sizes = {k: len(client.get(f"{url}?lang={k}").data) for k in ("en", "ru")}
        report["game_page"] = {
            "version": version,
            "renders_each": len(pages["en"]),
            "bytes_en": sizes["en"],
            "bytes_ru": sizes["ru"],
            "en_p50_ms": page["en"][0],
            "ru_p50_ms": page["ru"][0],
            "en_cpu_p50_ms": page["en"][1],
            "ru_cpu_p50_ms": page["ru"][1],
            "ratio_ru_en_wall": page["ru"][0] / page["en"][0],
            "ratio_ru_en": page["ru"][1] / page["en"][1],
            "target": "ru <= 1.1 x en (CPU time of the render: the machine is shared)",
            "met": page["ru"][1] <= 1.1 * page["en"][1],
        }
        report["event_sentences"] = {
            "events": len(events),
            "rounds": ROUNDS,
            "en_us_per_sentence": sentence["en"][0],
            "ru_us_per_sentence": sentence["ru"][0],
            "en_cpu_us_per_sentence": sentence["en"][1],
            "ru_cpu_us_per_sentence": sentence["ru"][1],
            "ratio_ru_en_wall": sentence["ru"][0] / sentence["en"][0],
            "ratio_ru_en": sentence["ru"][1] / sentence["en"][1],
            "target": "ru <= 1.2 x en per sentence (CPU time)",
            "met": sentence["ru"][1] <= 1.2 * sentence["en"][1],
        }
    finally:
        services.close()
