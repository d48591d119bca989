"""``Village``: the title object the service drives (see ``domain/common/title.py``). It is the
composition root of the data pack: the pack is read once, from ``$CHRONICLE_VILLAGE_DATA`` or
the shipped file, and every new game records it in its first event."""

from __future__ import annotations

from typing import Any

from domain.common.builder_title import BuilderTitle, Rules
from domain.common.i18n import N_, gettext
from domain.common.rng import Rng
from domain.common.title import GameConfig, OptionSpec, VariantInfo

from . import evaluation, walk, why
from . import pack as packs
from .builder import Builder
from .diagnose import check_shape, refuse
from .evolve import evolve as evolve_event
from .expansions import EXPANSIONS
from .flow import advance, setup_events
from .labels import move_group, move_label
from .moves import apply, legal_moves, to_act
from .scoring import score_sheet
from .text import _COUNTED, _count, describe, rule_of

_START = OptionSpec(
    "start_player",
    "int",
    -1,
    "Seat of the first player (the oldest player, L175); -1 draws it with the game's seed.",
    choices=(-1, 0, 1, 2, 3, 4),
)
_BONUS = OptionSpec(
    "starting_bonuses",
    "bool",
    True,
    "The recommended starting bonuses by seat "
    "(L177-183): grain, a random cube, a chosen cube, a coin.",
)


def _check(state: dict, seat: int, move: dict) -> dict:
    """``move`` if it is one of the seat's legal moves; else the refusal that says why."""
    if move not in legal_moves(state, seat):
        raise refuse(state, seat, move)
    return move


def _advance(b: Builder, rng: Rng) -> None:
    """What happens by itself after the move, then the builder's copy-on-write state made
    whole (``builder.py``)."""
    advance(b, rng)
    b.finish()


def _phase(state: dict) -> str:
    """The phase ``status`` reports: a market day in the turns is its own (digest §3)."""
    phase = str(state["phase"])
    if state["market_day"] is not None and phase == "turns":
        return "market_day"
    return phase


def _count_words(n: int, good: str) -> str:
    return _count(n, good) if good in _COUNTED else f"{n} {good}"


#: The rules the title object drives (``domain/common/title.py``, ``Rules``). ``describe``:
#: Village's bag draws are secret only until drawn, and an event names only what was drawn,
#: so the viewer changes nothing.
RULES = Rules(
    builder=Builder,
    check_shape=lambda move, state: check_shape(move),
    check=_check,
    apply=apply,
    advance=_advance,
    evolve=evolve_event,
    legal_moves=legal_moves,
    to_act=to_act,
    phase=_phase,
    score_sheet=score_sheet,
    describe=describe,
    rule_of=rule_of,
    move_label=move_label,
    move_group=move_group,
    count_words=_count_words,
    step_prompt=walk.step_prompt,
    why_not=why.why_not,
    evaluate=evaluation.evaluate,
)


class Village(BuilderTitle):
    """Village (Big Box), 2 to 5 players and solo against Clara (digest
    ``shared/rules/village.md``; numbers from the data pack, ``pack.py``)."""

    name = "village"
    display_name = "Village"
    rules_version = "village-r2"
    rules = RULES
    #: draws: cubes from the bag, customers turned up, the mass's figures, Clara's fate
    revealing_events = frozenset({"CubesDrawn", "CustomersLaid", "FiguresDrawn", "Fate"})
    variants = (
        VariantInfo(
            "standard",
            2,
            5,
            "The base game of the Big Box for 2 to 5 players. Many "
            "component numbers are provisional: see data_pack.",
            (_START, _BONUS),
        ),
        VariantInfo(
            "solo",
            1,
            1,
            "One player against Clara (digest §7.1), on the 2-player "
            "setup card. Many component numbers are provisional: see data_pack.",
        ),
    )

    def __init__(self) -> None:
        self._pack: dict | None = None

    def pack(self) -> dict:
        """The data pack new games use (read and checked once)."""
        if self._pack is None:
            self._pack = packs.read_file()
        return self._pack

    def preflight(self) -> None:
        self.pack()

    def info(self) -> dict:
        out = super().info()
        out["data_pack"] = pack_notice(self.pack(), statuses=True)
        out["expansions"] = {k: e.status for k, e in EXPANSIONS.items()}
        return out

    def setup(self, config: GameConfig, rng: Rng) -> list[Any]:
        start = self.start_seat(config, rng)
        return setup_events(
            list(config.players), config.variant, start, self.pack(), rng, dict(config.options)
        )

    def view(self, state: dict, viewer: int | None, finished: bool | None = None) -> dict:
        """The state as ``viewer`` may see it, with ``marks``: the kind of every provisional
        value of the game's pack by key (the market, travel map and score sheet mark them)."""
        out = super().view(state, viewer, finished)
        if out and "pack" in out:
            out = {**out, "marks": marks(out["pack"])}
        return out

    def provenance(self, state: dict) -> dict | None:
        if not state:
            return None
        return pack_notice(state["pack"], statuses=False)


#: What the rules cover, said beside the numbers (issue 26: no claim beyond this).
RULES_SCOPE = N_(
    "Rules: the Big Box base game (2-5 players) and solo against Clara, with the "
    "decisions of docs/rules/village.md where the rulebook is silent; the Inn, Port "
    "and Wedding are not built."
)


def pack_notice(pack: dict, statuses: bool) -> dict:
    """What players are told about the numbers a game uses (issues 12 and 26): each kind of
    provisional value counted on its own (placeholder, other edition, unverified, inferred) and
    named value by value; with ``statuses``, every value's status too (``GET /titles``)."""
    provisional = pack["provisional"]
    counts = packs.counts(pack)
    out = {
        "name": pack["name"],
        "hash": pack["hash"],
        "edition": pack.get("edition", ""),
        "provisional": bool(provisional),
        "provisional_values": provisional,
        "counts": counts,
        "marks": marks(pack),
        "notice": (
            gettext("Data pack {name} has provisional component values: {counts}")
            if provisional
            else gettext("Data pack {name}: {counts}")
        ).format(name=pack["name"], counts=packs.counts_sentence(pack)),
        "rules": RULES_SCOPE,
    }
    if statuses:
        out["statuses"] = pack.get("statuses", {})
    return out


def marks(pack: dict) -> dict:
    """Every value that is not read off the Big Box, by key: its kind (``placeholder``,
    ``other_edition``, ``unverified``, ``inferred``), for the pages to mark."""
    statuses = pack.get("statuses") or dict.fromkeys(pack.get("provisional", []), "PH")
    return {k: packs.kind_of(s) for k, s in sorted(statuses.items()) if packs.kind_of(s)}


class VillageR1(Village):
    """The rules version before issue 26, which allowed any number of members in a workshop
    (L362, L693), removed Clara's reaction after the Well (L913), made an unspent solo ring
    token score nothing (L844, L770, V-16b), folded bookkeeping into the event beside it instead
    of ``Flow`` events and gave ``MemberMoved`` the member's generation. Games started with it load,
    replay and play on with today's code: their stored events still fold (the old ids and event
    shapes are read), but an audit that re-decides their moves may report a mismatch where issue
    26 changed a rule. New games are ``village-r2`` (``docs/rules/village.md``)."""

    rules_version = "village-r1"


VILLAGE = Village()
VILLAGE_R1 = VillageR1()
