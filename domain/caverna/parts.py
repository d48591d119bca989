"""Carrying out an action space, part by part (digest §3.3 connectors, §4-§8).

After a dwarf is placed, the seat's pending decision names the space; its parts (``spaces``)
are offered as moves until the seat says ``done``. A part is done at most once; ``sow``,
``trade``, ``market`` and the expeditions take several moves while they are the active part.
``part_moves`` lists a part's moves; a move is legal exactly when it is in that list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .statetypes import Home

if TYPE_CHECKING:
    from .builder import Builder

from typing import cast

from . import board, building, expedition
from .builder import gain, has, pay, seat_params, with_extras
from .costs import furnish_cost, pasture_cost, payments, stable_cost
from .diagnose import why_not
from .errors import CavernaViolation
from .furnishings import DWELLINGS
from .part_kinds import MOVE_PARTS, WHAT
from .spaces import SPACES, current_id, spec
from .tables import MARKET, MAX_FORGE, MAX_STABLES, ORE_TRADE, TWINS


def card_id(state: dict, space_id: str) -> str:
    return current_id(state, space_id)


def current_spec(state: dict, pending: dict) -> dict:
    return spec(card_id(state, pending["target"] or pending["space"]), pending["option"])


def _still_open(state: dict, seat: int, pending: dict, part: str) -> bool:
    """A multi-move part that is active and not yet used up."""
    if pending["active"] != part:
        return False
    home = state["homes"][seat]
    if part == "sow":
        return bool(building.sow_moves(home, _sown(pending, "sow")))
    if part == "trade":
        return pending["trades"] < ORE_TRADE["times"]
    if part == "market":
        return True
    if part.startswith("expedition"):
        return bool(pending["loot"]) and (
            len(pending["loot"]) < expedition.level(part)
            or expedition.sow_left(state, seat, pending)
        )
    return False


def _sown(pending: dict, via: str) -> list[str]:
    return [crop for source, crop in pending["sown"] if source == via]


def open_parts(state: dict, seat: int) -> list[str]:
    """The parts the seat may still do in this action (digest §3.3)."""
    pending = state["pending"][seat]
    data = current_spec(state, pending)
    parts = data.get("parts", ())
    done, out = pending["done"], []
    last = max((parts.index(p) for p in done if p in parts), default=-1)
    for i, part in enumerate(parts):
        if part in done and not _still_open(state, seat, pending, part):
            continue
        if data.get("ordered") and i < last:
            continue
        need = data.get("requires", {}).get(part)
        if need and need not in done:
            continue
        out.append(part)
    return out


def part_possible(state: dict, seat: int, part: str, weapon: int, earlier: Any = ()) -> bool:
    """Quick test used when placing: could the dwarf do this part now?"""
    if part.startswith("expedition"):
        return weapon > 0
    if part == "forge":
        return weapon == 0 and bool(_forge_strengths(state["homes"][seat]))
    if part in ("dog", "market"):
        return True
    return bool(
        part_moves(
            state, seat, part, {"sown": [], "trades": 0, "bought": [], "dwarf_weapon": weapon}
        )
    )


def _forge_strengths(home: Home) -> list[int]:
    """Strengths 1 to 8 the seat can pay for; the Blacksmith makes forging 2 ore cheaper
    (digest §7.2, EX-18; pack §1.3)."""
    discount = 2 if "blacksmith" in home["furn"].values() else 0
    return [s for s in range(1, MAX_FORGE + 1) if home["supply"]["ore"] >= max(0, s - discount)]


def forge_cost(home: Home, strength: int) -> dict:
    discount = 2 if "blacksmith" in home["furn"].values() else 0
    return {"ore": max(0, strength - discount)}


def part_moves(state: dict, seat: int, part: str, pending: dict) -> list[dict]:
    """Every move of one part (all legal)."""
    home = state["homes"][seat]
    if part == "forest_twin":
        return [
            {"type": "twin", "side": "meadow_field", "at": a, "at2": b}
            for a, b in board.forest_twins(home)
        ]
    if part in ("cave_twin", "cave_twin_any"):
        out = [
            {"type": "twin", "side": "cavern_tunnel", "at": a, "at2": b}
            for a, b in board.cave_twins(home)
        ]
        if part == "cave_twin_any":
            out += [
                {"type": "twin", "side": "cavern_cavern", "at": a, "at2": b}
                for a, b in board.cave_twins(home, ordered=False)
            ]
        return out
    if part == "sow":
        return building.sow_moves(home, _sown(pending, "sow"))
    if part in ("furnish", "dwelling"):
        tiles = building.supply_tiles(state, part == "dwelling")
        return [
            _furnish_move("furnish", t, at, swap)
            for t, at, swap, _ in building.furnish_options(state, seat, tiles)
        ]
    if part == "growth":
        return [] if building.growth_problem(home) else [{"type": "grow"}]
    if part == "dog":
        return [{"type": "take_dog"}]
    if part == "forge":
        weapon = pending.get("dwarf_weapon")
        if weapon is None:
            weapon = home["dwarfs"][pending["dwarf"]]["weapon"]
        return [] if weapon else [{"type": "forge", "strength": s} for s in _forge_strengths(home)]
    if part == "ore_mine":
        return [{"type": "ore_mine", "at": a, "at2": b} for a, b in board.ore_mine_spots(home)]
    if part in ("ruby_mine_tunnel", "ruby_mine_deep"):
        return [
            {"type": "ruby_mine", "at": s}
            for s in board.ruby_mine_spots(home, part == "ruby_mine_deep")
        ]
    if part == "small_pasture":
        return [
            {"type": "pasture", "at": s}
            for s in board.small_pasture_spots(home)
            if has(home, pasture_cost(home, False))
        ]
    if part == "large_pasture":
        return [
            {"type": "pasture", "at": a, "at2": b}
            for a, b in board.large_pasture_spots(home)
            if has(home, pasture_cost(home, True))
        ]
    if part == "stable":
        if len(home["stables"]) >= MAX_STABLES or not has(home, stable_cost(home)):
            return []
        return [{"type": "stable", "at": s} for s in board.stable_spots(home)]
    if part == "trade":
        ok = home["supply"]["ore"] >= 2 and pending["trades"] < ORE_TRADE["times"]
        return [{"type": "trade"}] if ok else []
    if part == "market":
        return [
            {"type": "buy", "good": g}
            for g, price in MARKET.items()
            if g not in pending["bought"] and home["supply"]["gold"] >= price
        ]
    if part.startswith("expedition"):
        return expedition.loot_moves(state, seat, pending, part)
    return []


def _furnish_move(kind: str, tile: str, at: int, swap: Any) -> dict:
    move = {"type": kind, "tile": tile, "at": at}
    if swap:
        move["swap"] = swap
    return move


def moves(state: dict, seat: int) -> list[dict]:
    """Every move of the action in progress, then ``done`` when it may end."""
    pending = state["pending"][seat]
    out = []
    for part in open_parts(state, seat):
        out += part_moves(state, seat, part, pending)
    if may_end(state, seat):
        out.append({"type": "done"})
    return _unique(out)


def _unique(moves_list: list[dict]) -> list[dict]:
    seen, out = set(), []
    for m in moves_list:
        key = tuple(sorted(m.items()))
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def may_end(state: dict, seat: int) -> bool:
    """An action ends once something was done, or when nothing is possible any more."""
    pending = state["pending"][seat]
    data = current_spec(state, pending)
    if pending["done"] or pending["gained"]:
        return True
    if data.get("take_last") and any(state["spaces"][pending["space"]]["goods"].values()):
        return True
    return not any(part_moves(state, seat, p, pending) for p in open_parts(state, seat))


def part_of(state: dict, seat: int, move: dict) -> str | None:
    """The open part whose move list holds ``move``."""
    pending = state["pending"][seat]
    for part in open_parts(state, seat):
        if part in MOVE_PARTS.get(move["type"], ()) and move in part_moves(
            state, seat, part, pending
        ):
            return part
    return None


def check_part_move(state: dict, seat: int, move: dict) -> None:
    pending = state["pending"][seat]
    if state["phase"] != "work" or pending is None or pending["kind"] != "action":
        raise CavernaViolation(
            "caverna_step_not_expected",
            what=WHAT[move["type"]],
            reason="no action of theirs is in progress",
            **seat_params(state, seat),
        )
    if move["type"] == "done":
        if not may_end(state, seat):
            raise CavernaViolation(
                "caverna_part_unavailable",
                what="end the action",
                reason="the dwarf has not done any of the space's actions yet (digest §3.3)",
                **seat_params(state, seat),
            )
        return
    if part_of(state, seat, move) is None:
        raise why_not(state, seat, move, open_parts(state, seat))


def apply_part_move(b: Builder, seat: int, move: dict) -> None:
    """Carry out one listed move of the action in progress."""
    state = b.state
    if move["type"] == "done":
        end_action(b, seat)
        return
    part = cast(str, part_of(state, seat, move))  # the move was listed: an action is running
    pending = state["pending"][seat]
    active = pending["active"]
    if active and active.startswith("expedition") and active != part and pending["loot"]:
        expedition.end(b, seat)
    if part.startswith("expedition"):
        expedition.take(b, seat, move, part)
        return
    _APPLY[move["type"]](b, seat, move, part)


def _twin(b: Builder, seat: int, move: dict, part: Any) -> None:
    kinds = list(TWINS[move["side"]])
    building.place_tile(b, seat, [move["at"], move["at2"]], kinds, move["side"], part=part)


def _sow(b: Builder, seat: int, move: dict, part: Any) -> None:
    building.sow(b, seat, move["at"], move["crop"], part=part)


def _furnish(b: Builder, seat: int, move: dict, part: Any) -> None:
    home = b.home(seat)
    paid = dict(payments_for(home, furnish_cost(home, move["tile"]), move.get("swap")))
    building.furnish(b, seat, move["tile"], move["at"], paid, part=part)


def payments_for(home: Home, cost: dict, swap: Any) -> dict:
    for option, paid in payments(home, cost):
        if option == swap:
            return paid
    raise ValueError("payment not available")


def _grow(b: Builder, seat: int, move: dict, part: Any) -> None:
    building.grow(b, seat, b.state["pending"][seat]["space"], part=part)


def _dog(b: Builder, seat: int, move: dict, part: Any) -> None:
    gain(b, seat, {"dog": 1}, "housework", part=part)


def _forge(b: Builder, seat: int, move: dict, part: Any) -> None:
    home = b.home(seat)
    dwarf = b.state["pending"][seat]["dwarf"]
    pay(b, seat, forge_cost(home, move["strength"]), "forge")
    b.emit(
        "WeaponsChanged",
        {"weapons": {str(dwarf): move["strength"]}, "part": part, "reason": "forged"},
        seat,
    )


def _ore_mine(b: Builder, seat: int, move: dict, part: Any) -> None:
    building.place_tile(
        b,
        seat,
        [move["at"], move["at2"]],
        ["ore_mine", "deep_tunnel"],
        "ore_mine",
        extra={"ore": 3},
        part=part,
    )


def _ruby_mine(b: Builder, seat: int, move: dict, part: Any) -> None:
    deep = b.home(seat)["board"][move["at"]] == "deep_tunnel"
    building.place_tile(
        b,
        seat,
        [move["at"]],
        ["ruby_mine"],
        "ruby_mine",
        extra={"ruby": 1} if deep else {},
        part=part,
    )


def _pasture(b: Builder, seat: int, move: dict, part: Any) -> None:
    spaces = [move["at"]] + ([move["at2"]] if "at2" in move else [])
    home = b.home(seat)
    building.fence(b, seat, spaces, pasture_cost(home, len(spaces) == 2), part=part)


def _stable(b: Builder, seat: int, move: dict, part: Any) -> None:
    building.build_stable(b, seat, move["at"], stable_cost(b.home(seat)), part=part)


def _trade(b: Builder, seat: int, move: dict, part: Any) -> None:
    b.emit("OreTraded", {"pay": ORE_TRADE["pay"], "gain": ORE_TRADE["gain"], "part": part}, seat)


def _buy(b: Builder, seat: int, move: dict, part: Any) -> None:
    good = move["good"]
    b.emit(
        "MarketBought",
        {
            "good": good,
            "pay": {"gold": MARKET[good]},
            "gain": with_extras(b.home(seat), {good: 1}),
            "part": part,
        },
        seat,
    )


_APPLY = {
    "twin": _twin,
    "sow": _sow,
    "furnish": _furnish,
    "grow": _grow,
    "take_dog": _dog,
    "forge": _forge,
    "ore_mine": _ore_mine,
    "ruby_mine": _ruby_mine,
    "pasture": _pasture,
    "stable": _stable,
    "trade": _trade,
    "buy": _buy,
}


def end_action(b: Builder, seat: int) -> None:
    """End the action: finish an expedition, take the animals of a farming space, pass on."""
    state = b.state
    pending = state["pending"][seat]
    if pending["active"] and pending["active"].startswith("expedition") and pending["loot"]:
        expedition.end(b, seat)
    data = current_spec(state, pending)
    goods = state["spaces"][pending["space"]]["goods"]
    if data.get("take_last") and not pending["target"] and any(goods.values()):
        building.take_space(b, seat, pending["space"], dict(goods))
    b.emit("Asked", {"pending": None}, seat)
    b.emit("PhaseChanged", {"phase": "work", "turn": next_turn(b.state, seat)})


def next_turn(state: dict, seat: int) -> int | None:
    """The next seat clockwise with a dwarf still in its cave (digest §3.3)."""
    n = len(state["players"])
    for step in range(1, n + 1):
        other = (seat + step) % n
        if any(d["at"] is None for d in state["homes"][other]["dwarfs"]):
            return other
    return None


__all__ = ["SPACES", "DWELLINGS"]
