"""``Caverna``: the title object the service drives (see ``domain/common/title.py``)."""

from __future__ import annotations

from domain.common.errors import BadGameConfig, GameOver
from domain.common.i18n import sheet_in_language
from domain.common.title import BuilderTitle, OptionSpec, Status, VariantInfo
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
from .state import animals_fit, clone, room
from .text import describe, rule_of
from .words import count_text

_START = OptionSpec(
    "start_player",
    "int",
    -1,
    "Seat of the starting player; -1 draws it with the game's seed (digest §2.1).",
    choices=(-1, 0, 1, 2, 3, 4, 5, 6),
)


class Caverna(BuilderTitle):
    """Caverna: The Cave Farmers, 1 to 7 players (digest ``shared/rules/caverna.md``, data
    pack ``shared/data/caverna.md``)."""

    name = "caverna"
    display_name = "Caverna"
    rules_version = "caverna-r2"
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

    def setup(self, config, rng):
        n = len(config.players)
        start = config.options.get("start_player", -1)
        if start is None or start == -1:
            start = rng.below("start-player", n)
        elif not 0 <= start < n:
            raise BadGameConfig(
                "bad_option",
                title=self.display_name,
                variant=config.variant,
                option="start_player",
                reason=f"must be -1 or a seat from 0 to {n - 1}",
            )
        return setup_events(list(config.players), config.variant, start, rng)

    def built(self, state, seat, move, rng) -> Builder:
        """The builder after ``move``: its events and its own evolved copy of the state."""
        check_shape(move)
        if state.get("phase") == "finished":
            raise GameOver()
        move = canonical(state, move)
        check_move(state, seat, move)
        b = Builder(state)
        apply_move(b, seat, move)
        advance(b, rng)
        return b

    def evolve(self, state, event):
        return evolve_event(state, event)

    def legal_moves(self, state, seat):
        if not state or state.get("phase") == "finished":
            return []
        return legal_moves(state, seat)

    def status(self, state):
        if not state:
            return Status(None, "setup", (), False)
        phase = state.get("phase", "setup")
        return Status(state.get("round") or None, phase, to_act(state), phase == "finished")

    def evaluate(self, state, seat):
        """A bot heuristic beyond the score sheet (``evaluation.py``, issue 25)."""
        return evaluation.evaluate(state, seat)

    def score_sheet(self, state):
        return sheet_in_language(score_sheet(state), self.name)

    def rescore(self, state, previous, event):
        return rescore(state, previous, event)

    def view(self, state, viewer, finished=None):
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

    def describe(self, event, names, viewer=None):
        """``event`` as ``viewer`` may see it (Caverna hides nothing, so ``viewer`` changes
        nothing)."""
        return describe(event, names)

    def count_words(self, n, good):
        return count_text(n, good)

    def rule_of(self, event):
        return rule_of(event)

    def move_label(self, state, move):
        return move_label(state, move)

    def move_group(self, state, move):
        return move_group(state, move)

    def step_prompt(self, state, seat):
        return walk.step_prompt(state, seat)

    def why_not(self, state, seat, target):
        return why.why_not(state, seat, target)


def home_rows(home: dict) -> list[list[dict]]:
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
