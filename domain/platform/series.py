"""A series of games played one after another by one player (Agricola's solo series, digest
§9.3, T-16), as pure rules: the series' events, its state folded from them, and the checks of a
series move. The application part (streams, tokens, creating each game) is
``domain/platform/series_app.py``; what a title's series means (targets, what carries over, which
choices a finished game offers) is the title's :class:`SeriesRules`, named by
``Title.series()``.

Each game of a series is an ordinary game (its own stream, audit and export) whose
``GameCreated`` names the series, its number and what it carried over. The series stream
records, in order:

* ``SeriesStarted`` ``{title, rules_version, player, options, seeded}``;
* ``SeriesGameStarted`` ``{number, game, target, carry}``;
* ``SeriesGameScored`` ``{number, game, score, target, won}``, when the player moves on;
* ``PermanentChosen`` ``{number, card, name}``: the choice made after game ``number``.

Its state::

    {"id", "title", "rules_version", "player", "options", "seeded",
     "games": [{"number", "game", "target", "carry", "score", "won"}],
     "permanent": [{"card", "name", "after_game"}]}
"""

from __future__ import annotations

import abc
from dataclasses import dataclass, field

from ..common.errors import RuleViolation, register_messages

register_messages(
    {
        "series_not_available": "{title} has no series of games.",
        "series_game_not_current": "Game {game} is not the game series {series} is waiting for "
        "(its game {number} is {current}).",
        "series_game_of_other_series": "Game {game} is game {other_number} of another series, "
        "not of series {series}.",
        "series_game_not_finished": "Game {number} of the series ({game}) is still being played; "
        "the series moves on once it is over.",
        "series_choice_not_played": "{choice} was not played in game {number}: a permanent "
        "{noun} must be one played in that game ({rule}). Played "
        "there: {played}.",
        "series_choice_already_permanent": "{choice} is permanent already (after game "
        "{after_game}).",
        "series_choice_required": "After game {number} the player chooses one more permanent "
        "{noun} ({rule}): name one played in it ({played}).",
        "series_full": "{count} {noun}s are permanent already, the most this series keeps "
        "({rule}); the next game starts without a new choice.",
        "series_unknown_move": "A series move is 'choose' (with 'game' and 'card') or 'next' "
        "(with 'game'), not '{move_type}'.",
    }
)


class SeriesViolation(RuleViolation):
    """A series move the series' rules refuse (422)."""


@dataclass(frozen=True)
class SeriesResult:
    """What a finished game of a series gives it: the player's score (None while the game is
    being played) and the choices it offers for the next game (cards played in it)."""

    score: int | None
    playable: list[str] = field(default_factory=list)


class SeriesRules(abc.ABC):
    """A title's series: the variant its games are played in and what carries over."""

    variant: str = ""
    max_permanent: int = 0
    description: str = ""
    #: what is made permanent ("occupation"), and the rules section saying so, for sentences
    noun: str = "card"
    rule: str = "the title's series rules"

    @abc.abstractmethod
    def target(self, number: int) -> int:
        """The score game ``number`` (from 1) must reach to be won."""

    @abc.abstractmethod
    def result(self, state: dict) -> SeriesResult:
        """The finished game's score and the choices it offers."""

    @abc.abstractmethod
    def carry(self, number: int, permanent: list[str], previous: dict | None) -> dict:
        """What game ``number`` starts with (``GameConfig.series["carry"]``), given the
        permanent choices so far and the previous game's entry (``score``, ``target``)."""

    def check_options(self, options: dict) -> dict:
        """The options every game of the series is created with (checked by the title)."""
        return dict(options)

    def name_of(self, choice: str) -> str:
        return str(choice)


# -- state -------------------------------------------------------------------------------------


def evolve(state: dict | None, kind: str, data: dict) -> dict:
    """Apply one series event (never validates)."""
    if kind == "SeriesStarted":
        return {
            "title": data["title"],
            "rules_version": data["rules_version"],
            "player": data["player"],
            "options": dict(data["options"]),
            "seeded": bool(data.get("seeded")),
            "games": [],
            "permanent": [],
        }
    state = dict(state or {})
    if kind == "SeriesGameStarted":
        state["games"] = state["games"] + [
            {
                "number": data["number"],
                "game": data["game"],
                "target": data["target"],
                "carry": dict(data["carry"]),
                "score": None,
                "won": None,
            }
        ]
    elif kind == "SeriesGameScored":
        state["games"] = [
            dict(g, score=data["score"], won=data["won"]) if g["number"] == data["number"] else g
            for g in state["games"]
        ]
    elif kind == "PermanentChosen":
        state["permanent"] = state["permanent"] + [
            {"card": data["card"], "name": data["name"], "after_game": data["number"]}
        ]
    return state


def describe(kind: str, data: dict, player: str, title_name: str | None = None) -> str:
    """One sentence per series event (``title_name``: the title as players call it)."""
    if kind == "SeriesStarted":
        return f"{data['player']} starts a series of {title_name or data['title']} games."
    if kind == "SeriesGameStarted":
        carry = data["carry"]
        extra = []
        if carry.get("permanent"):
            extra.append(f"{len(carry['permanent'])} permanent card(s)")
        if carry.get("food"):
            extra.append(f"{carry['food']} food carried over")
        return f"Game {data['number']} begins (target {data['target']} points)" + (
            f" with {' and '.join(extra)}." if extra else "."
        )
    if kind == "SeriesGameScored":
        outcome = "reaching" if data["won"] else "missing"
        return (
            f"{player} scores {data['score']} points in game {data['number']}, {outcome} "
            f"the target of {data['target']}."
        )
    if kind == "PermanentChosen":
        return f"{player} makes {data['name']} permanent after game {data['number']}."
    return kind


def current(state: dict) -> dict:
    return state["games"][-1]


# -- deciding a series move ----------------------------------------------------------------------


def was_won(score: int | None, target: int, forfeited: bool = False) -> bool:
    """Whether a series game was won (digest §9.3): its score reached its target, and its
    player did not forfeit it (dropped when their clock ran out, ``platform/dropping.py``: the
    game ends with no winner, whatever its score sheet says)."""
    return not forfeited and score is not None and score >= target


def decide(
    state: dict,
    series_id: str,
    rules: SeriesRules,
    move: dict,
    game_series: dict | None,
    game_state: dict,
    finished: bool,
    forfeited: bool = False,
) -> list[tuple[str, dict]]:
    """The events of a series move after the current game (digest §9.3 items 1, 3): the game
    is scored and, below the most permanent choices, one of the cards played in it becomes
    permanent. ``game_series`` is the named game's own series tag; ``finished`` says the game
    is over (by its rules, or ended by the platform when its clock ran out), ``forfeited``
    that its player lost it so (:func:`was_won`)."""
    kind = move.get("type")
    if kind not in ("choose", "next"):
        raise SeriesViolation("series_unknown_move", move_type=kind)
    game = current(state)
    named = str(move.get("game"))
    if game_series and game_series.get("id") != series_id:
        raise SeriesViolation(
            "series_game_of_other_series",
            game=named,
            series=series_id,
            other_number=game_series.get("number"),
        )
    if named != game["game"]:
        raise SeriesViolation(
            "series_game_not_current",
            game=named,
            series=series_id,
            number=game["number"],
            current=game["game"],
        )
    if not finished:
        raise SeriesViolation("series_game_not_finished", number=game["number"], game=game["game"])
    result = rules.result(game_state)
    events = [
        (
            "SeriesGameScored",
            {
                "number": game["number"],
                "game": game["game"],
                "score": result.score,
                "target": game["target"],
                "won": was_won(result.score, game["target"], forfeited),
            },
        )
    ]
    chosen = choice_events(state, rules, move, result, game["number"])
    return events + chosen


def choice_events(
    state: dict, rules: SeriesRules, move: dict, result: SeriesResult, number: int
) -> list[tuple[str, dict]]:
    full = len(state["permanent"]) >= rules.max_permanent
    played = ", ".join(rules.name_of(c) for c in result.playable) or "none"
    if move["type"] == "next":
        if not full and result.playable:
            raise SeriesViolation(
                "series_choice_required",
                number=number,
                played=played,
                noun=rules.noun,
                rule=rules.rule,
            )
        return []
    if full:
        raise SeriesViolation(
            "series_full", count=len(state["permanent"]), noun=rules.noun, rule=rules.rule
        )
    card = str(move.get("card"))
    earlier = [p for p in state["permanent"] if p["card"] == card]
    if earlier:
        raise SeriesViolation(
            "series_choice_already_permanent",
            choice=rules.name_of(card),
            after_game=earlier[0]["after_game"],
        )
    if card not in result.playable:
        raise SeriesViolation(
            "series_choice_not_played",
            choice=rules.name_of(card),
            number=number,
            played=played,
            noun=rules.noun,
            rule=rules.rule,
        )
    return [("PermanentChosen", {"number": number, "card": card, "name": rules.name_of(card)})]


def legal_moves(state: dict, rules: SeriesRules, game_state: dict, finished: bool) -> list[dict]:
    """The series moves open now: one ``choose`` per card played in the finished current game
    (or ``next`` once the most permanent choices are made or nothing was played)."""
    if not finished:
        return []
    game = current(state)
    result = rules.result(game_state)
    held = {p["card"] for p in state["permanent"]}
    options = [c for c in result.playable if c not in held]
    if len(state["permanent"]) >= rules.max_permanent or not options:
        return [{"type": "next", "game": game["game"]}]
    return [{"type": "choose", "game": game["game"], "card": c} for c in options]


def next_game(state: dict, rules: SeriesRules) -> tuple[int, dict]:
    """The number of the next game and what it carries over (digest §9.3 items 2, 4, 6)."""
    previous = current(state) if state["games"] else None
    number = (previous["number"] + 1) if previous else 1
    permanent = [p["card"] for p in state["permanent"]]
    return number, rules.carry(number, permanent, previous)
