"""HTTP routes, one module per resource; each route is thin (parse, call ``Games``, present)."""

from __future__ import annotations

from . import clocks, games, health, history, my_games, play, series, titles

BLUEPRINTS = (
    titles.blp,
    games.blp,
    play.blp,
    history.blp,
    my_games.blp,
    series.blp,
    health.blp,
    clocks.blp,
)


def register_blueprints(api) -> None:
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
