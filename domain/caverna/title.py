"""``Caverna``: the title object the service drives (see ``domain/common/title.py``)."""

from __future__ import annotations

from typing import Any

from domain.common.builder import clone
from domain.common.builder_title import BuilderTitle, Rules
from domain.common.events import EventLike
from domain.common.rng import Rng
from domain.common.title import OptionSpec, VariantInfo
from domain.common.visibility import redact

from . import evaluation, walk, why
from .board import label
from .builder import Builder
from .evolve import evolve as evolve_event
from .flow import advance, setup_events
from .furnishings import tile_name
from .labels import move_group, move_label
from .moves import apply_move, canonical, check_move, check_shape, legal_moves, to_act
from .parts import card_id
from .scoring import rescore, score_sheet
from .spaces import space_name
from .state import animals_fit, room
from .statetypes import Home
from .text import describe, rule_of
from .words import count_text

_START = OptionSpec(
    "start_player",
    "int",
    -1,
    "Seat of the starting player; -1 draws it with the game's seed (digest §2.1).",
    choices=(-1, 0, 1, 2, 3, 4, 5, 6),
)


def _check(state: dict, seat: int, move: dict) -> dict:
    """``move`` with today's space ids, once it passes its checks (``moves.py``)."""
    move = canonical(state, move)
    check_move(state, seat, move)
    return move


def _apply(b: Builder, seat: int, move: dict, rng: Rng) -> None:
    apply_move(b, seat, move)


def _describe(event: EventLike, names: list[str], viewer: int | None) -> str:
    """``event`` as ``viewer`` may see it (Caverna hides nothing, so ``viewer`` changes
    nothing)."""
    return describe(event, names)


#: The rules the title object drives (``domain/common/title.py``, ``Rules``).
RULES = Rules(
    builder=Builder,
    check_shape=lambda move, state: check_shape(move),
    check=_check,
    apply=_apply,
    advance=advance,
    evolve=evolve_event,
    legal_moves=legal_moves,
    to_act=to_act,
    score_sheet=score_sheet,
    rescore=rescore,
    describe=_describe,
    rule_of=rule_of,
    move_label=move_label,
    move_group=move_group,
    count_words=count_text,
    step_prompt=walk.step_prompt,
    why_not=why.why_not,
    evaluate=evaluation.evaluate,
)


class Caverna(BuilderTitle):
    """Caverna: The Cave Farmers, 1 to 7 players (digest ``shared/rules/caverna.md``, data
    pack ``shared/data/caverna.md``)."""

    name = "caverna"
    display_name = "Caverna"
    rules_version = "caverna-r2"
    rules = RULES
    #: the new action card and the harvest marker turned up each round (digest §3.1)
    revealing_events = frozenset({"RoundStarted"})
    variants = (
        VariantInfo(
            "standard",
            1,
            7,
            "The full game with all 48 furnishing tiles, 1 to 7 "
            "players; with 1 player the solo rules apply (digest §11.1).",
            (_START,),
        ),
        VariantInfo(
            "introductory",
            1,
            7,
            "The introductory game: only the 27 furnishing tiles "
            "of the introductory supply boards (digest §2.5; pack §1.1).",
            (_START,),
        ),
    )

    def setup(self, config: Any, rng: Rng) -> list[Any]:
        start = self.start_seat(config, rng)
        return setup_events(list(config.players), config.variant, start, rng)

    def view(self, state: dict, viewer: int | None, finished: bool | None = None) -> dict:
        """The whole state (nothing is hidden in Caverna) plus each home's labels, room and
        whether its animals fit."""
        if finished is None:
            finished = self.status(state).finished
        out = clone(redact(state, viewer, finished))
        out["space_names"] = {sid: space_name(card_id(state, sid)) for sid in out.get("order", [])}
        for home in out.get("homes", []):
            home["room"] = room(home)
            home["animals_fit"] = animals_fit(home)
            home["rows"] = home_rows(home)
        return out


def home_rows(home: Home) -> list[list[dict]]:
    """The printed home board (rows 1-4, forest then mountain) as a client draws it."""
    rows = []
    for r in range(1, 5):
        row = []
        for c in range(1, 7):
            s = r * 8 + c
            tile = home["furn"].get(str(s))
            crop = home["crops"].get(str(s))
            row.append(
                {
                    "space": s,
                    "label": label(s),
                    "kind": home["board"][s],
                    "furnishing": tile_name(tile) if tile else None,
                    "stable": s in home["stables"],
                    "crop": f"{crop[1]} {crop[0]}" if crop else None,
                }
            )
        rows.append(row)
    return rows


class CavernaR1(Caverna):
    """The rules version before issue 26, which made a ruby turn into 2 food in one move, left
    out a redundant Guest-room "both" on Urgent wish with no dwelling to build, and gave Urgent
    wish its own space id (``urgent_wish_for_children``). Games started with it load,
    replay and play on with today's code: their stored events still fold (the old ids and event
    shapes are read), but an audit that re-decides their moves may report a mismatch where issue
    26 changed a rule. New games are ``caverna-r2`` (``docs/rules/caverna.md``)."""

    rules_version = "caverna-r1"


CAVERNA = Caverna()
CAVERNA_R1 = CavernaR1()
