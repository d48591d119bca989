"""The game's course (digest §2, §3, §6.1): setup, seeding the action spaces from the green bag,
turns, the end of a turn (deaths, Clara), the mass, the new round, the final actions and the
end. ``advance`` runs every automatic step until somebody has to decide."""

from __future__ import annotations

from domain.common.events import Event
from domain.common.rng import Rng

from . import clara, death, market, mass, stalls
from .builder import Builder
from .moves import apply, legal_moves, to_act
from .pack import COLOURS
from .scoring import final_scores
from .state import card, cubes_on_board, next_seat, order_from

BONUSES: tuple[dict[str, int], ...] = (
    {},
    {"grain": 1},
    {"random_cube": 1},
    {"chosen_cube": 1},
    {"coins": 1},
)


def setup_events(
    players: list[str], variant: str, first: int, pack: dict, rng: Rng, options: dict
) -> list[Event]:
    """The first event builds the whole state, with the data pack (issue 12)."""
    solo = variant == "solo"
    data_ = {
        "players": players,
        "variant": variant,
        "solo": solo,
        "first": first,
        "options": options,
        "pack": pack,
        "clara": clara.new_clara(pack["values"]) if solo else None,
    }
    b = Builder({})
    b.emit("GameSetUp", data_)
    stalls.lay_out(b, rng)
    if options.get("starting_bonuses", True) and not solo:
        for k, seat in enumerate(order_from(b.state, first)):
            _bonus(b, seat, BONUSES[k], rng)
    if b.state["step"] is None:
        start_round(b, rng)
    return b.finish()


def _bonus(b: Builder, seat: int, bonus: dict, rng: Rng) -> None:
    """Recommended starting bonuses by seat (L177-183; G-32)."""
    if "random_cube" in bonus:
        stock = [c for c in COLOURS if b.state["supply"][c] > 0]
        b.gain(seat, {rng.choice("start-cube", stock): 1}, "start")
    elif "chosen_cube" in bonus:
        b.flow(
            step={"kind": "cubes", "seat": seat, "n": 1, "distinct": False, "reason": "start"},
            turn=seat,
        )
    else:
        b.gain(seat, bonus, "start")


def start_round(b: Builder, rng: Rng) -> None:
    """Ring token to the starting player, fill the bag, seed the spaces (L605-609, L226-240)."""
    state = b.state
    first = state["first"] if state["ring"] is None or state["solo"] else state["ring"]
    if state.get("ring_coin"):
        b.pay(0, {"coins": 1}, "ring")  # an unspent ring token goes back (L844)
    if state["solo"] and state["round"] > 0:
        b.emit("ClaraCleared", {})
    b.flow(
        round=state["round"] + 1,
        first=first,
        ring=None,
        ring_coin=False,
        phase="turns",
        turn=first,
        stage="choose",
        step=None,
        took=None,
        clara_sold=False,
    )
    setup_card = card(b.state)
    added = {c: min(k, b.state["supply"][c]) for c, k in setup_card["bag_add"].items()}
    added["plague"] = b.state["supply"]["plague"]
    b.emit("BagFilled", {"added": added})
    bag = [c for c in COLOURS + ("plague",) for _ in range(b.state["bag"][c])]
    drawn: dict[str, list[str]] = {}
    for space in b.state["spaces"]:  # the board's spaces, expansions' included
        for k in range(setup_card["space_cubes"][space]):
            if not bag:
                break
            cube = rng.choice(f"bag/{b.state['round']}/{space}/{k}", bag)
            bag.remove(cube)
            drawn.setdefault(space, []).append(cube)
    b.emit("CubesDrawn", {"spaces": drawn})


def advance(b: Builder, rng: Rng) -> None:
    """Run automatic steps until a seat must decide (or the game is over)."""
    for _ in range(1000):
        state = b.state
        if state["phase"] == "finished" or state["dying"] is not None:
            return
        if state["phase"] in ("mass_buy", "mass_advance"):
            if state["mass"] is None:
                _after_mass(b, rng)
            elif not _only_move(b, rng, {"type": "done"}):
                return
            continue
        if state["step"] is not None:
            return
        if state["phase"] == "setup":
            start_round(b, rng)
            continue
        if state["market_day"] is not None:
            if market.day_over(state):
                market.end_day(b, rng)
            elif not _only_move(b, rng, {"type": "pass"}):
                return
            continue
        if state["stage"] != "done":
            return
        if not _end_turn(b, rng):
            return


def _only_move(b: Builder, rng: Rng, move: dict) -> bool:
    """Make ``move`` for the seat whose only choice it is (a seat with nothing to buy, serve or
    move up is not asked); False when the seat has a real choice."""
    seat = to_act(b.state)[0]
    if legal_moves(b.state, seat) != [move]:
        return False
    apply(b, seat, move, rng)
    return True


def _end_turn(b: Builder, rng: Rng) -> bool:
    """Deaths at the end of the turn, then Clara, then the next turn, mass or the end."""
    state = b.state
    seat = state["turn"]
    for s in order_from(state, seat):  # market-day payers settle immediately (L635)
        if not death.settle(b, s):
            return False
    if state["solo"] and state["took"] is not None and state["end"] is None:
        if not clara.take(b, rng):  # you choose her cube first (L851-853)
            return False
        b.flow(took=None)
    return _next_turn(b, rng)


def _next_turn(b: Builder, rng: Rng) -> bool:
    state = b.state
    seat = state["turn"]
    end = state["end"]
    if end is not None:
        # the first time: who acts last (L707-721); later: the seat that just acted is done
        queue = (
            final_queue(state) if end["queue"] is None else [s for s in end["queue"] if s != seat]
        )
        if not queue:
            b.flow(end={**end, "queue": []})
            mass.start(b)  # the last mass, then scoring (L713, L723)
            return True
        free = cubes_on_board(state) == 0
        b.flow(
            end={**end, "queue": queue, "free": free},
            turn=queue[0],
            took=None,
            clara_sold=False,
            stage="choose",
            step={"kind": "space", "seat": queue[0], "free": True} if free else None,
        )
        return True
    if cubes_on_board(state) == 0:
        mass.start(b)
        return True
    b.flow(turn=next_seat(state, seat), stage="choose", took=None, clara_sold=False)
    return True


def final_queue(state: dict) -> list[int]:
    """Who takes a last action (L707-721, G-27, G-37)."""
    end, n = state["end"], len(state["players"])
    if state["solo"]:
        return [0] if end["by"] == "c" else []
    starter = end.get("starter")
    if starter is not None and end["by"] != starter:
        return order_from(state, (starter + 1) % n)
    by = starter if starter is not None else end["by"]
    return order_from(state, by)[1:]


def _after_mass(b: Builder, rng: Rng) -> None:
    if b.state["end"] is not None:
        scores, winners = final_scores(b.state)
        b.emit("GameFinished", {"scores": scores, "winners": winners})
        return
    start_round(b, rng)
