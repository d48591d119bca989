"""``Agricola``: the title object the service drives (see ``domain/common/title.py``)."""

from __future__ import annotations

from typing import Any, ClassVar

from domain.common.builder import clone
from domain.common.builder_title import BuilderTitle, Rules
from domain.common.errors import BadGameConfig
from domain.common.housing import assignment, housing_for
from domain.common.rng import Rng
from domain.common.title import GameConfig, OptionSpec, VariantInfo
from domain.common.visibility import redact

from .builder import Builder
from .cards.card_sets import CARD_SETS, LATEST
from .cards.catalogue import CARDS
from .cards.deal import check_pool
from .cards.decks import supported
from .cards.extension import build as build_extension
from .cards.fork import redeal_for
from .cards.listing import listing
from .cards.panels import hand_sizes, panels
from .cards.text import tables as card_text_tables
from .conversions import conversions_open
from .evaluation import evaluate
from .evolve import evolve as evolve_event
from .extension import compose
from .extension import of as extension_of
from .flow import advance, setup_events
from .labels import move_group, move_label
from .moves import apply_move, check_move, check_shape, legal_moves, to_act
from .scoring import rescore, score_sheet
from .series import MAX_PERMANENT, SERIES
from .solo import check_round_order
from .state import fences_left, field_at, housing, major_name, space_name, stables_left
from .statetypes import Farm
from .tables import GRID
from .text import count_text, describe, rule_of
from .walk import step_prompt
from .why import why_not

#: The composition root (issue 35 item 2): the one place the card package is wired into the
#: base rules, which never import a card (``extension.compose``).
compose(build_extension, LATEST, CARDS, card_text_tables)

#: The decks a game may shuffle together (digest §2.1 item 5), in the catalogue's order.
DECK_CHOICES = ("E", "I", "K", "EI", "EK", "IK", "EIK")

#: The solo player's fixed order of the 14 round cards (digest §9.2 item 7; ``solo.py``).
ROUND_ORDER = OptionSpec(
    "round_order",
    "list",
    (),
    "Solo only (digest §9.2 item 7): the 14 "
    "round cards in the order they are revealed, each stage's cards in "
    "its own rounds (e.g. to replay a recorded solo game); empty: "
    "shuffled within each stage as usual.",
)


#: Who starts (digest §2.1 item 10).
START_PLAYER = OptionSpec(
    "start_player",
    "int",
    -1,
    "Seat of the start player; -1 draws it with the game's seed (digest §2.1 item 10).",
    choices=(-1, 0, 1, 2, 3, 4),
)


def _variants(latest: int) -> tuple[VariantInfo, ...]:
    """The variants and their options; ``latest``: the newest card set of these rules (new
    games get it; a rules version never deals a card set newer than its own)."""
    return (
        VariantInfo(
            "family",
            1,
            5,
            "The family game of the original 2007 edition: no occupations or minor "
            "improvements, the family side of the board and of the green action cards "
            "(digest §9.1). With 1 player the solo rules apply (digest §9.2, D-09).",
            (
                START_PLAYER,
                ROUND_ORDER,
            ),
        ),
        VariantInfo(
            "full",
            1,
            5,
            "The full game (digest §2, §4.2, §10): 7 occupations and 7 minor "
            "improvements in every hand, hidden from the other players. IN PROGRESS "
            "(issue 10): only E-deck cards whose effects are implemented are dealt "
            "(see docs/rules/agricola-cards.md), which fills the hands of 1 to 5 "
            "players (1 with the 10-3 deal).",
            (
                START_PLAYER,
                OptionSpec(
                    "decks",
                    "str",
                    "E",
                    "Which decks are shuffled together "
                    "(digest §2.1 item 5): E, I, K or any combination (EI, EK, IK, EIK); "
                    "the player-count symbols filter the cards. A combination without "
                    "enough implemented cards for every hand is refused, saying how many.",
                    choices=DECK_CHOICES,
                ),
                OptionSpec(
                    "dealing",
                    "str",
                    "normal",
                    "How hands are dealt (digest "
                    "§10.4): normal, 10-3 (10 of each, discard 3), redeal "
                    "(give a hand back for 1 card fewer), draft (keep 1, pass "
                    "the rest left); solo only (digest §9.2 item 7): choose (the "
                    "player picks 7 occupations, 1+ only, and 7 minor "
                    "improvements) or none (the standard board, no cards dealt).",
                    choices=("normal", "10-3", "redeal", "draft", "choose", "none"),
                ),
                OptionSpec(
                    "exchange",
                    "bool",
                    False,
                    "The 3-for-1 exchange: whenever "
                    "asked, a seat may set aside 3 hand cards and draw 1 "
                    "(digest §10.4).",
                ),
                OptionSpec(
                    "card_set",
                    "int",
                    latest,
                    "Which implemented cards are "
                    "dealt (grows as issue 10 goes on; a game keeps its set).",
                    choices=tuple(s for s in CARD_SETS if s <= latest),
                ),
                ROUND_ORDER,
            ),
        ),
    )


def _check(state: dict, seat: int, move: dict) -> dict:
    check_move(state, seat, move)
    return move


def _apply(b: Builder, seat: int, move: dict, rng: Rng) -> None:
    apply_move(b, seat, move)


#: The rules the title object drives (``domain/common/title.py``, ``Rules``).
RULES = Rules(
    builder=Builder,
    check_shape=check_shape,
    check=_check,
    apply=_apply,
    advance=advance,
    evolve=evolve_event,
    legal_moves=legal_moves,
    to_act=to_act,
    score_sheet=score_sheet,
    rescore=rescore,
    describe=describe,
    rule_of=rule_of,
    move_label=move_label,
    move_group=move_group,
    count_words=count_text,
    step_prompt=step_prompt,
    why_not=why_not,
    evaluate=evaluate,
)


class Agricola(BuilderTitle):
    """Agricola (Lookout 2007), the family game for 1 to 5 players (digest §9.1)."""

    name = "agricola"
    display_name = "Agricola"
    rules_version = "agricola-2007-r4"
    rules = RULES
    #: r4 (issue 38): card set 8 for new full games, the I and K cards whose timing departed
    #: from their printed text corrected.
    #: r3 (issue 23 item 3): card set 7 for new full games (the last five K occupations and
    #: the windows they need: the end of the work phase, ``work_end.py``); the newest
    #: card set these rules deal. Older games keep the card set they recorded.
    latest_card_set = LATEST
    #: r2: releasing animals whenever the seat is asked, and the feeding-phase window before
    #: breeding for seats with a newborn at stake (digest §5.9, §5.10, §6.4). Recorded in
    #: ``GameSetUp`` so a game replays under the windows it was played with.
    before_breeding_window = True
    #: the card a seat discards, drafts or sets aside is its own business (digest §10.4)
    private_move_fields: ClassVar[dict[str, tuple[str, ...]]] = {
        "discard": ("card",),
        "draft_pick": ("card",),
        "exchange_mark": ("card",),
        "choose_card": ("card",),
    }  # the solo hand (digest §9.2 item 7)
    #: the round card turned up, redealt and exchanged cards, a draft packet passed on
    revealing_events = frozenset(
        {"RoundStarted", "CardsDealt", "CardsDrawn", "PacketsPassed", "CardsExchanged"}
    )
    variants = _variants(LATEST)

    # -- creation -------------------------------------------------------------------------------
    def check_config(self, config: Any) -> Any:
        """The options, and those of the solo game only (digest §9.2 item 7) refused with a
        sentence in games of 2 to 5, as are decks that cannot fill every hand."""
        filled = super().check_config(config)
        n = len(config.players)
        check_round_order(filled.get("round_order") or [], n, config.variant)
        if config.variant == "full":
            check_pool(  # the solo game's own dealings; decks without enough implemented cards
                tuple(filled.get("decks", "E")),
                n,
                filled.get("dealing", "normal"),
                filled.get("card_set", self.latest_card_set),
            )
        return filled

    def setup(self, config: GameConfig, rng: Rng) -> Any:
        n = len(config.players)
        start = self.start_seat(config, rng)
        solo = {
            "round_order": check_round_order(
                config.options.get("round_order") or [], n, config.variant
            )
        }
        if config.series is not None:
            solo.update(series_setup(config))
        if config.variant == "full":
            decks = tuple(config.options.get("decks", "E"))
            card_set = config.options.get("card_set", self.latest_card_set)
            check_pool(decks, n, config.options.get("dealing", "normal"), card_set)
            cards = {
                "decks": list(decks),
                "dealing": config.options.get("dealing", "normal"),
                "exchange": bool(config.options.get("exchange")),
                "card_set": card_set,
            }
            if solo.get("permanent"):
                cards["permanent"] = list(solo["permanent"])
            return setup_events(
                list(config.players), start, rng, self.before_breeding_window, "full", cards, solo
            )
        return setup_events(
            list(config.players), start, rng, self.before_breeding_window, solo_options=solo
        )

    # -- play -----------------------------------------------------------------------------------
    def listing_hooks(self, state: dict) -> tuple[int, int]:
        """Card hooks a legal-moves listing runs now (``anytime_candidates``: those of the cards
        in play, ``extension.Extension.running``), and how many the game's card set binds: the
        rules bench reports both (issue 35 item 3)."""
        ext = extension_of(state)
        return len(ext.running("anytime_candidates", state)), len(ext.anytime_candidates)

    # -- reading --------------------------------------------------------------------------------
    def view(self, state: dict, viewer: int | None, finished: Any = None) -> Any:
        """The whole state (nothing is hidden in the family game) plus what a client needs to
        draw each farm: where the animals stand, capacity, stables and fences left, and
        whether the seat may convert goods now (digest §5.9, §5.10); in the full game, how many
        cards each seat holds (``hand_sizes``: public, unlike the cards)."""
        if finished is None:
            finished = self.status(state).finished
        extension_of(state)  # an older snapshot's farms learn their card set first
        out = clone(redact(state, viewer, finished))
        for seat, farm in enumerate(out.get("farms", [])):
            home = housing_for(housing(farm), farm["animals"])
            farm["housing"] = assignment(home, farm["animals"])
            farm["capacity"] = {"pastures": list(home.pastures), "flexible": home.flexible}
            if home.reserved:
                farm["capacity"]["reserved"] = dict(home.reserved)
            farm["stables_left"] = stables_left(farm)
            farm["fences_left"] = fences_left(farm)
            farm["may_convert"] = conversions_open(state, seat) is None
            farm["spaces"] = farm_spaces(farm)
        if state.get("variant") == "full":
            out["hand_sizes"] = hand_sizes(state)  # public: the backs of the cards (§10.4)
        return out

    def page(self, view: Any, viewer: int | None) -> Any:
        """The full game's cards beside each farm (``cards/panels.py``, issue 23 item 6), and
        the names of the spaces and major improvements in the reader's language."""
        out = dict(panels(view, viewer))
        out["names"] = {
            **{sid: space_name(sid) for sid in view.get("spaces", {})},
            **{mid: major_name(mid) for mid in view.get("majors", {})},
        }
        return out

    def fork_view(self, state: dict, seat: int, rng: Any) -> Any:
        """A full game seen from ``seat``: the other hands are dealt anew from every card it
        cannot see (issue 10 item 6); the family game hides nothing, so plain forks serve."""
        if state.get("variant") != "full":
            return None

        return redeal_for(state, seat, rng)

    def printed_name(self, value: Any) -> Any:

        card = CARDS.get(value)
        return card["name"] if card else None

    def series(self) -> Any:
        """The solo series (digest §9.3; ``series.py``)."""

        return SERIES

    def catalogue(self, deck: Any = None) -> Any:
        """The cards of ``deck`` (E, I or K; all when None) with their catalogue summaries
        and whether the engine plays them (``cards/catalogue.py``)."""

        return listing(deck)


def farm_spaces(farm: Farm) -> list[dict]:
    """The 15 farmyard spaces as a client draws them (digest §1.3): what stands on each."""
    pasture_of = {s: i for i, p in enumerate(farm["pastures"]) for s in p}
    out = []
    for space in GRID.spaces():
        field = field_at(farm, space)
        out.append(
            {
                "space": space,
                "label": GRID.label(space),
                "room": farm["house"] if space in farm["rooms"] else None,
                "field": (
                    {"crop": field["crop"], "count": field["count"]} if field is not None else None
                ),
                "stable": space in farm["stables"],
                "pasture": pasture_of.get(space),
            }
        )
    return out


class AgricolaR3(Agricola):
    """The third rules revision: new full games got card set 7 (every card of the I and K
    decks, some with the timing issue 38 corrected). Kept so games started with it replay,
    audit and are created (an import of a record) with the card sets of that time."""

    rules_version = "agricola-2007-r3"
    latest_card_set = 7
    variants = _variants(7)


class AgricolaR2(AgricolaR3):
    """The second rules revision: new full games got card set 6 (the I and K decks but five K
    occupations). Kept so games started with it replay, audit and are created (an import of a
    record) with the card sets of that time."""

    rules_version = "agricola-2007-r2"
    latest_card_set = 6
    variants = _variants(6)


class AgricolaR1(AgricolaR2):
    """The first rules revision: animals released only when they do not fit, and only seats
    short of food (or with a workshop) asked at feeding. Kept so games started with it replay
    and audit under the rules they were played with."""

    rules_version = "agricola-2007-r1"
    before_breeding_window = False


AGRICOLA = Agricola()
AGRICOLA_R3 = AgricolaR3()
AGRICOLA_R2 = AgricolaR2()
AGRICOLA_R1 = AgricolaR1()


def series_setup(config: Any) -> dict:
    """A game of the solo series (digest §9.3): a solo full game whose permanent occupations,
    food and target the series hands over (``GameConfig.series["carry"]``)."""
    if config.variant != "full" or len(config.players) != 1:
        raise BadGameConfig(
            "bad_option",
            title="Agricola",
            variant=config.variant,
            option="series",
            reason="a solo series is played as solo full "
            "games (1 player, variant full; digest §9.3)",
        )
    carry = dict(config.series.get("carry") or {})
    permanent = [str(c) for c in carry.get("permanent", [])]

    bad = [
        c
        for c in permanent
        if CARDS.get(c, {}).get("kind") != "occupation"
        or CARDS[c]["players"] != 1
        or not supported(c)
    ]
    if bad or len(permanent) > MAX_PERMANENT or len(set(permanent)) != len(permanent):
        raise BadGameConfig(
            "bad_option",
            title="Agricola",
            variant=config.variant,
            option="series",
            reason="the permanent occupations must be up to "
            f"{MAX_PERMANENT} different implemented 1+ occupations (digest "
            "§9.2 item 8, §9.3 item 4)",
        )
    return {
        "permanent": permanent,
        "food": int(carry.get("food", 0)),
        "series": {
            "id": config.series.get("id"),
            "number": config.series.get("number"),
            "target": carry.get("target"),
            "food": int(carry.get("food", 0)),
            "permanent": permanent,
        },
    }
