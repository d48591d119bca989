"""The mass at the end of each round (digest §4.8, §7.1.6): buy your own members out of the
black bag for a coin each, the rest of the 4 figures drawn at random; then each seat once may
move members up the church steps for grain; then the most members on the steps scores 2."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.common.rng import Rng

if TYPE_CHECKING:
    from .builder import Builder

from .clara import walk
from .state import data, first_at, gens_at, member_of, order_from, owner_of


def start(b: Builder) -> None:
    b.flow(
        phase="mass_buy",
        step=None,
        stage="choose",
        mass={"left": order_from(b.state, b.state["first"]), "bought": 0},
    )


def to_act(state: dict) -> list[int]:
    mass = state["mass"]
    return [mass["left"][0]] if mass and mass["left"] else []


def buy_moves(state: dict, seat: int) -> list[dict]:
    p = state["seats"][seat]
    out = []
    if p["coins"] >= 1 and state["mass"]["bought"] < data(state)["church"]["draws"]:
        out = [{"type": "buy", "gen": g} for g in gens_at(p, "bag")]
    return out + [{"type": "done"}]


def buy(b: Builder, seat: int, move: dict) -> None:
    index = first_at(b.player(seat), "bag", move["gen"])
    b.pay(seat, {"coins": 1}, "mass")
    b.move(seat, f"{seat}.{index}", "church:1", "mass")
    mass = b.state["mass"]
    b.flow(mass={**mass, "bought": mass["bought"] + 1})


def advance_moves(state: dict, seat: int) -> list[dict]:
    p, grain = state["seats"][seat], data(state)["church"]["grain"]
    out = []
    for step in range(1, 4):
        if p["grain"] >= grain[str(step + 1)]:
            out += [
                {"type": "advance", "step": step, "gen": g} for g in gens_at(p, f"church:{step}")
            ]
    return out + [{"type": "done"}]


def advance(b: Builder, seat: int, move: dict) -> None:
    step = move["step"]
    index = first_at(b.player(seat), f"church:{step}", move["gen"])
    b.pay(seat, {"grain": data(b.state)["church"]["grain"][str(step + 1)]}, "mass")
    b.move(seat, f"{seat}.{index}", f"church:{step + 1}", "mass")


def done(b: Builder, seat: int, rng: Rng) -> None:
    b.emit("MassDone", {"part": "buy" if b.state["phase"] == "mass_buy" else "advance"}, seat)
    mass = b.state["mass"]
    left = [s for s in mass["left"] if s != seat]
    b.flow(mass={**mass, "left": left})
    if left and not (
        b.state["phase"] == "mass_buy" and mass["bought"] >= data(b.state)["church"]["draws"]
    ):
        return
    if b.state["phase"] == "mass_buy":
        draw(b, rng)
        b.flow(
            phase="mass_advance",
            mass={"left": order_from(b.state, b.state["first"]), "bought": mass["bought"]},
        )
    else:
        majority(b)
        b.flow(mass=None)


def draw(b: Builder, rng: Rng) -> None:
    """Fill the 4 draws at random from the bag (L572-574): monks go back, members go to
    step 1, Clara's walk up to a step without another of hers (L921)."""
    state = b.state
    missing = data(state)["church"]["draws"] - state["mass"]["bought"]
    pool = list(state["black_bag"])
    figures, steps = [], []
    church = {s: list(f) for s, f in state["church"].items()}  # as the draws fill it
    for k in range(min(missing, len(pool))):
        figure = rng.choice(f"mass/{state['round']}/{k}", pool)
        pool.remove(figure)
        figures.append(figure)
        step = (
            None
            if figure == "monk"
            else (walk({"church": church}, figure) if figure.startswith("c.") else 1)
        )
        if step:
            church[str(step)].append(figure)
        steps.append(step)
    b.emit(
        "FiguresDrawn",
        {
            "figures": figures,
            "steps": steps,
            "gens": [None if f == "monk" else member_of(state, f)["gen"] for f in figures],
        },
    )


def majority(b: Builder) -> None:
    """2 PP to the most members on the steps; ties go to the rightmost member, then all
    (L578); Clara scores nothing and her win leaves the bonus unscored (G-24)."""
    counts: dict = {}
    for step, figures in b.state["church"].items():
        for figure in figures:
            who = owner_of(figure)
            count, best = counts.get(who, (0, 0))
            counts[who] = (count + 1, max(best, int(step)))
    if not counts:
        return
    top = max(counts.values())
    winners = [w for w, c in counts.items() if c == top]
    seats = [w for w in winners if w != "c"]
    if seats:
        for seat in sorted(seats):
            b.gain(seat, {"pp": data(b.state)["church"]["majority_pp"]}, "mass")
    else:
        b.emit("MajorityLost", {"to": "Clara" if winners else None})
