"""The actions of the action spaces, each as a lister of its complete moves and an applier
(digest §4.1-§4.7). The Market's day is in ``market.py``; travel in ``travel.py``.

Members of one generation at one place are interchangeable, so moves name them by place and
generation (``{"gen": 2}`` from the farmyard, ``{"from": "council:3", "gen": 2}``), which keeps
every list finite and free of duplicates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .statetypes import Player

if TYPE_CHECKING:
    from .builder import Builder

from typing import cast

from .pack import COLOURS, GOODS
from .state import BUILDINGS, coin_options, data, first_at, gens_at, places, split_payment


def figure(seat: int, index: int) -> str:
    return f"{seat}.{index}"


def at(state: dict, seat: int, where: str, gen: int) -> str:
    """The figure of a member of ``gen`` at ``where`` (the move was listed, so one exists)."""
    return figure(seat, cast(int, first_at(state["seats"][seat], where, gen)))


# -- grain harvest (§4.1) ------------------------------------------------------------------


def harvest_moves(state: dict, seat: int) -> list[dict]:
    return [{"type": "harvest"}] if gens_at(state["seats"][seat], "farm") else []


def harvest_amount(state: dict, seat: int) -> int:
    """2, 3 with a horse and a plough, 4 with an ox and a plough; never above the cap."""
    p, table = state["seats"][seat], data(state)["harvest"]
    g = p["goods"]
    amount = table["grain"]["plain"]
    if g["plough"] and g["horse"]:
        amount = table["grain"]["horse_plough"]
    if g["plough"] and g["ox"]:
        amount = table["grain"]["ox_plough"]
    return max(0, min(amount, table["cap"] - p["grain"], state["supply"]["grain"]))


def harvest(b: Builder, seat: int, move: dict) -> None:
    b.gain(seat, {"grain": harvest_amount(b.state, seat)}, "harvest")


# -- family (§4.2) -------------------------------------------------------------------------


def family_moves(state: dict, seat: int) -> list[dict]:
    p = state["seats"][seat]
    out: list[dict] = [{"type": "birth"}] if any(m["at"] == "unborn" for m in p["members"]) else []
    for where in places(p, ("yard:", "council:", "church:", "city:")):
        out += [{"type": "recall", "from": where, "gen": g} for g in gens_at(p, where)]
    return out


def birth(b: Builder, seat: int, move: dict) -> None:
    p = b.player(seat)
    gen = min(m["gen"] for m in p["members"] if m["at"] == "unborn")
    b.move(seat, at(b.state, seat, "unborn", gen), "farm", "birth")


def recall(b: Builder, seat: int, move: dict) -> None:
    b.move(seat, at(b.state, seat, move["from"], move["gen"]), "farm", "recall")


# -- crafts (§4.3) -------------------------------------------------------------------------


def _goods_of(building: str, table: dict) -> list[str]:
    return table["good"].split("|")


def craft_moves(state: dict, seat: int) -> list[dict]:
    p, crafts = state["seats"][seat], data(state)["crafts"]
    out = []
    for building in BUILDINGS:
        row = crafts[building]
        goods = _goods_of(building, row)
        base = {"type": "craft", "building": building}
        if first_at_any(p, f"yard:{building}"):
            out += [{**base, "pay": "time", **_good(goods, g)} for g in goods]
        for gen in gens_at(p, "farm"):  # any number may work in one yard (seed L362)
            out.append({**base, "pay": "time", "train": gen, "produce": False})
            out += [
                {**base, "pay": "time", "train": gen, "produce": True, **_good(goods, g)}
                for g in goods
            ]
        pay = row["pay"]
        if "grain" in pay:
            if p["grain"] >= pay["grain"]:
                out += [{**base, "pay": "grain", **_good(goods, g)} for g in goods]
        else:
            out += [
                {**base, "pay": "cubes", "coins": k, **_good(goods, g)}
                for k in coin_options(p, pay)
                for g in goods
            ]
    mill = crafts["mill"]
    if p["grain"] >= mill["grain"]:
        out.append({"type": "mill"})
    return out


def _good(goods: list[str], good: str) -> dict:
    return {"good": good} if len(goods) > 1 else {}


def first_at_any(player: Player, where: str) -> bool:
    return any(m["at"] == where for m in player["members"])


def craft(b: Builder, seat: int, move: dict) -> None:
    building = move["building"]
    row = data(b.state)["crafts"][building]
    good = move.get("good") or row["good"]
    if move["pay"] == "time":
        if "train" in move:
            b.move(seat, at(b.state, seat, "farm", move["train"]), f"yard:{building}", "train")
            b.time(seat, row["train_time"], f"train:{building}")
            if not move["produce"]:
                return
        b.time(seat, row["make_time"], f"make:{building}")
    elif move["pay"] == "grain":
        b.pay(seat, {"grain": row["pay"]["grain"]}, f"make:{building}")
    else:
        p = b.player(seat)
        b.pay(
            seat,
            {**split_payment(p, row["pay"], move["coins"]), "coins": move["coins"]},
            f"make:{building}",
        )
    b.gain(seat, {good: 1}, f"make:{building}")


def mill(b: Builder, seat: int, move: dict) -> None:
    row = data(b.state)["crafts"]["mill"]
    b.time(seat, row["time"], "mill")
    b.pay(seat, {"grain": row["grain"]}, "mill")
    b.gain(seat, {"coins": row["coins"]}, "mill")


# -- council chamber (§4.6) ----------------------------------------------------------------


def _council_payments(p: Player, cost: dict) -> list[dict]:
    out = [{"pay": "green", "coins": k} for k in coin_options(p, {"green": cost["green"]})]
    if p["goods"]["scroll"] >= cost["scroll"]:
        out.append({"pay": "scroll"})
    return out


def council_moves(state: dict, seat: int) -> list[dict]:
    p, council = state["seats"][seat], data(state)["council"]
    out = [
        {"type": "council_enter", "gen": g, **pay}
        for pay in _council_payments(p, council["enter"])
        for g in gens_at(p, "farm")
    ]
    steps = sorted(int(w[8:]) for w in places(p, "council:"))
    for s in steps:
        if s < 4:
            out += [
                {"type": "council_advance", "step": s, "gen": g, **pay}
                for pay in _council_payments(p, council["advance"])
                for g in gens_at(p, f"council:{s}")
            ]
    usable = sorted({t for s in steps for t in (s, s - 1) if t >= 1})
    for s in usable:
        out += [{"type": "council_privilege", **m} for m in privilege_choices(state, seat, s)]
    return out


def _pay_council(b: Builder, seat: int, move: dict, cost: dict, reason: str) -> None:
    if move["pay"] == "scroll":
        b.pay(seat, {"scroll": cost["scroll"]}, reason)
    else:
        p = b.player(seat)
        b.pay(
            seat,
            {**split_payment(p, {"green": cost["green"]}, move["coins"]), "coins": move["coins"]},
            reason,
        )


def council_enter(b: Builder, seat: int, move: dict) -> None:
    cost = data(b.state)["council"]["enter"]
    b.move(seat, at(b.state, seat, "farm", move["gen"]), "council:1", "council")
    _pay_council(b, seat, move, cost, "council")
    b.time(seat, cost["time"], "council")
    b.flow(step={"kind": "privilege", "seat": seat, "steps": [1]})


def council_advance(b: Builder, seat: int, move: dict) -> None:
    council, s = data(b.state)["council"], move["step"]
    b.move(seat, at(b.state, seat, f"council:{s}", move["gen"]), f"council:{s + 1}", "council")
    _pay_council(b, seat, move, council["advance"], "council")
    b.time(seat, council["time"][str(s + 1)], "council")
    b.flow(step={"kind": "privilege", "seat": seat, "steps": [s, s + 1]})


def privilege_choices(state: dict, seat: int, step: int) -> list[dict]:
    """The ways to take the privilege of ``step`` (L478-492): each complete."""
    p = state["seats"][seat]
    if step == 1:
        return [{"step": 1}] if state["ring"] is None else []
    if step == 2:
        stock = [c for c in COLOURS if state["supply"][c] > 0]
        if len(stock) < 2:  # digest G-13: take what there is
            return [{"step": 2, "colours": [c]} for c in stock]
        return [{"step": 2, "colours": [a, c]} for i, a in enumerate(stock) for c in stock[i + 1 :]]
    if step == 3:
        return [{"step": 3, "good": g} for g in GOODS]
    cost = data(state)["council"]["step4"]
    return [{"step": 4}] if p["coins"] >= cost["coins"] else []


def privilege(b: Builder, seat: int, move: dict) -> None:
    step = move["step"]
    if step == 1:
        b.emit("RingTaken", {}, seat)
        if b.state["solo"]:
            b.gain(seat, {"coins": 1}, "ring")  # the ring token counts as a coin (L844)
            b.flow(ring_coin=True)
    elif step == 2:
        b.gain(seat, dict.fromkeys(move["colours"], 1), "privilege")
    elif step == 3:
        b.gain(seat, {move["good"]: 1}, "privilege")
    else:
        cost = data(b.state)["council"]["step4"]
        b.pay(seat, {"coins": cost["coins"]}, "privilege")
        b.gain(seat, {"pp": cost["pp"]}, "privilege")


def council_privilege(b: Builder, seat: int, move: dict) -> None:
    privilege(b, seat, {k: v for k, v in move.items() if k != "type"})


# -- church (§4.7) -------------------------------------------------------------------------


def church_moves(state: dict, seat: int) -> list[dict]:
    p, cost = state["seats"][seat], data(state)["church"]["action"]
    pays = (
        ["time"]
        + (["brown"] if p["cubes"]["brown"] >= cost["brown"] else [])
        + (["coin"] if p["coins"] >= cost["brown"] else [])
    )
    return [{"type": "church", "gen": g, "pay": pay} for g in gens_at(p, "farm") for pay in pays]


def church(b: Builder, seat: int, move: dict) -> None:
    cost = data(b.state)["church"]["action"]
    b.move(seat, at(b.state, seat, "farm", move["gen"]), "bag", "church")
    if move["pay"] == "time":
        b.time(seat, cost["time"], "church")
    else:
        b.pay(seat, {"brown" if move["pay"] == "brown" else "coins": cost["brown"]}, "church")
