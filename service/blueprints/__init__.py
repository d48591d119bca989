"""HTTP routes, one module per resource; each route is thin (parse, call ``Games``, present)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import clocks, games, health, history, my_games, play, series, titles

if TYPE_CHECKING:
    from ..api import ChronicleApi

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


def register_blueprints(api: ChronicleApi) -> None:
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
