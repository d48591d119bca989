"""Travel (digest §4.5): members walk the travel map, pay the road, mark each city once and
take its reward. The map is data (pack ``travel``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .builder import Builder

from .actions import at
from .pack import COLOURS
from .state import coin_options, data, gens_at, split_payment


def roads(state: dict) -> dict[tuple[str, str], dict]:
    """Every road both ways: (from, to) -> extra cubes."""
    out = {}
    for road, cubes in data(state)["travel"]["roads"].items():
        a, _, b = road.partition("-")
        out[(a, b)] = out[(b, a)] = cubes
    return out


def travel_moves(state: dict, seat: int) -> list[dict]:
    p = state["seats"][seat]
    if p["goods"]["wagon"] < data(state)["travel"]["road"]["wagon"]:
        return []
    links = roads(state)
    out = []
    for (a, b), cubes in sorted(links.items()):
        if a == "village":
            starts: list[tuple[dict, int]] = [({}, g) for g in gens_at(p, "farm")]
        elif b != "village":
            starts = [({"from": f"city:{a}"}, g) for g in gens_at(p, f"city:{a}")]
        else:
            continue
        for origin, gen in starts:
            out += [
                {"type": "travel", **origin, "gen": gen, "to": b, "coins": k}
                for k in coin_options(p, cubes)
            ]
    return out


def travel(b: Builder, seat: int, move: dict) -> None:

    state = b.state
    start = move.get("from", "farm")
    origin = start[5:] if start.startswith("city:") else "village"
    cubes = roads(state)[(origin, move["to"])]
    road = data(state)["travel"]["road"]
    p = b.player(seat)
    b.move(seat, at(state, seat, start, move["gen"]), f"city:{move['to']}", "travel")
    b.pay(
        seat,
        {"wagon": road["wagon"], **split_payment(p, cubes, move["coins"]), "coins": move["coins"]},
        "travel",
    )
    b.time(seat, road["time"], "travel")
    arrive(b, seat, move["to"])


def arrive(b: Builder, seat: int, city: str) -> None:
    """A disc and the city's reward, once per city and while discs last (L508, L530, G-14)."""
    p, table = b.player(seat), data(b.state)["travel"]
    if city in p["discs"] or len(p["discs"]) >= table["discs"]:
        return
    b.emit("DiscPlaced", {"city": city}, seat)
    reward = table["cities"][city]
    if reward == "pp3":
        b.gain(seat, {"pp": 3}, "travel")
    elif reward == "coin1":
        b.gain(seat, {"coins": 1}, "travel")
    elif cube_choices(b.state, 2, False):
        b.flow(step={"kind": "cubes", "seat": seat, "n": 2, "distinct": False, "reason": "travel"})


def cube_choices(state: dict, n: int, distinct: bool) -> list[list[str]]:
    """Ways to take ``n`` cubes from the general supply (fewer when it runs short, G-13)."""
    stock = {c: state["supply"][c] for c in COLOURS if state["supply"][c] > 0}
    out: list[list[str]] = []

    def pick(start: int, chosen: list[str]) -> None:
        if len(chosen) == n:
            out.append(chosen)
            return
        for i, c in enumerate(COLOURS[start:], start):
            used = chosen.count(c)
            if stock.get(c, 0) > used and not (distinct and used):
                pick(i, chosen + [c])

    pick(0, [])
    if not out and n > 1:
        return cube_choices(state, n - 1, distinct)
    return out
