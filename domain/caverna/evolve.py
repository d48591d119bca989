"""Applying recorded Caverna events to the state (never validates, never fails on history).

Every event's data may carry three generic keys, applied before the event's own effect:

* ``gain``: goods and animals the seat receives (from the general supply, or from the action
  space named by ``from_space``);
* ``pay``: goods and animals the seat gives back to the general supply;

so the general-supply ledger ``bank`` always balances: for every good, bank + every seat's
holdings + every action space + every sown field is the same (an invariant the tests check).
"""

from __future__ import annotations

import json
from typing import cast

from domain.common.events import EventLike

from .furnishings import FURNISHINGS
from .spaces import current_id, renamed
from .state import new_home
from .statetypes import Pending, State
from .tables import LEDGER


def _add(counts: dict, goods: dict, sign: int = 1) -> None:
    for good, n in goods.items():
        counts[good] = counts.get(good, 0) + sign * n


_ANIMALS = frozenset(LEDGER[-5:])


def _move_goods(state: dict, seat: int, data: dict) -> None:
    home = state["homes"][seat]
    supply, animals, bank = home["supply"], home["animals"], state["bank"]
    gain = data.get("gain")
    if gain:
        space = data.get("from_space")
        source = state["spaces"][space]["goods"] if space else bank
        for good, n in gain.items():
            holder = animals if good in _ANIMALS else supply
            holder[good] = holder.get(good, 0) + n
            source[good] = source.get(good, 0) - n
        if space:
            state["spaces"][space]["goods"] = {g: n for g, n in source.items() if n}
    pay = data.get("pay")
    if pay:
        for good, n in pay.items():
            holder = animals if good in _ANIMALS else supply
            holder[good] = holder.get(good, 0) - n
            bank[good] = bank.get(good, 0) + n


def _setup(state: dict, d: dict) -> dict:
    n = len(d["players"])
    bank = dict.fromkeys(LEDGER, 0)
    bank["food"] = -sum(d["food"])
    new: State = {
        "title": "caverna",
        "variant": d["variant"],
        "players": list(d["players"]),
        "solo": n == 1,
        "round": 0,
        "phase": "setup",
        "start_player": d["start_player"],
        "turn": None,
        "order": list(d["order"]),
        "spaces": {
            s: {"goods": {}, "occupant": None, "dwarf": None, "target": None} for s in d["order"]
        },
        "round_cards": {},
        "urgent": False,
        "harvests": {},
        "reds": 0,
        "harvest": None,
        "markers": list(d["markers"]),
        "tiles": list(d["tiles"]),
        "homes": [new_home(f) for f in d["food"]],
        "pending": [None] * n,
        "bank": bank,
        "final": None,
    }
    return cast(dict, new)  # a plain dict at run time; ``State`` says its keys


def _round(state: dict, d: dict) -> None:
    state["round"] = d["round"]
    if d.get("card"):
        state["round_cards"][str(d["round"])] = d["card"]
        state["order"].append(d["card"])
        state["spaces"][d["card"]] = {"goods": {}, "occupant": None, "dwarf": None, "target": None}
    if d.get("urgent"):
        state["urgent"] = True
        renamed(state)
    if d.get("marker"):
        state["harvests"][str(d["round"])] = d["marker"]
        state["markers"].remove(d["marker"])
        if d["marker"] == "red":
            state["reds"] += 1
    state["harvest"] = d["harvest"]
    for home in state["homes"]:
        home["skip"] = None


def _placed(state: dict, seat: int, d: dict) -> None:
    sid, target = current_id(state, d["space"]), current_id(state, d.get("target"))
    space = state["spaces"][sid]
    space.update(occupant=seat, dwarf=d["dwarf"], target=target)
    state["homes"][seat]["dwarfs"][d["dwarf"]]["at"] = sid
    pending: Pending = {
        "kind": "action",
        "space": sid,
        "option": d.get("option"),
        "target": target,
        "dwarf": d["dwarf"],
        "done": [],
        "active": None,
        "sown": [],
        "loot": [],
        "trades": 0,
        "bought": [],
        "gained": False,
    }
    state["pending"][seat] = pending
    if d.get("start_player"):
        state["start_player"] = seat


def _part(state: dict, seat: int, d: dict) -> None:
    pending = state["pending"][seat]
    part = d.get("part")
    if pending is None or part is None:
        return
    if part not in pending["done"]:
        pending["done"].append(part)
    pending["active"] = part


def _tile(state: dict, seat: int, d: dict) -> None:
    home = state["homes"][seat]
    for space, kind in zip(d["spaces"], d["kinds"]):
        home["board"][space] = kind
    if d["kinds"] == ["large_pasture", "large_pasture"]:
        home["large"].append(list(d["spaces"]))


def _furnished(state: dict, seat: int, d: dict) -> None:
    home = state["homes"][seat]
    old = home["furn"].get(str(d["space"]))
    if old is not None:
        home["covered"].append(old)
    home["furn"][str(d["space"])] = d["tile"]
    if not FURNISHINGS[d["tile"]].get("unlimited") and d["tile"] in state["tiles"]:
        state["tiles"].remove(d["tile"])


def _sown(state: dict, seat: int, d: dict) -> None:
    home = state["homes"][seat]
    home["crops"][str(d["space"])] = [d["crop"], d["count"]]
    home["supply"][d["crop"]] -= 1
    state["bank"][d["crop"]] -= d["count"] - 1
    pending = state["pending"][seat]
    if pending is not None and pending.get("kind") == "action":
        pending["sown"].append([d.get("part") or d.get("via"), d["crop"]])


def _harvested(state: dict, seat: int, d: dict) -> None:
    home = state["homes"][seat]
    for space in d["spaces"]:
        crop, n = home["crops"][str(space)]
        home["supply"][crop] += 1
        if n > 1:
            home["crops"][str(space)] = [crop, n - 1]
        else:
            del home["crops"][str(space)]


def _weapons(state: dict, seat: int, d: dict) -> None:
    for index, strength in d["weapons"].items():
        state["homes"][seat]["dwarfs"][int(index)]["weapon"] = strength


def _expedition_ended(state: dict, seat: int, d: dict) -> None:
    _weapons(state, seat, d)
    state["pending"][seat].update(loot=[], active=None)


def _deliveries_scheduled(state: dict, seat: int, d: dict) -> None:
    for r in d["rounds"]:
        _add(state["homes"][seat]["deliveries"].setdefault(r, {}), {d["good"]: 1})


def _loot(state: dict, seat: int, d: dict) -> None:
    pending = state["pending"][seat]
    pending["loot"].append(d["item"])


def _returned(state: dict, seat: int | None, d: dict) -> None:
    for home in state["homes"]:
        for dwarf in home["dwarfs"]:
            dwarf["at"] = None
    for space in state["spaces"].values():
        space.update(occupant=None, dwarf=None, target=None)


def _cleared(state: dict, seat: int | None, d: dict) -> None:
    for good, n in state["spaces"][d["space"]]["goods"].items():
        state["bank"][good] = state["bank"].get(good, 0) + n
    state["spaces"][d["space"]]["goods"] = {}


def _replenished(state: dict, seat: int | None, d: dict) -> None:
    for space, goods in d["spaces"].items():
        _add(state["spaces"][space]["goods"], goods)
        _add(state["bank"], goods, -1)


HANDLERS = {
    "RoundStarted": lambda st, seat, d: _round(st, d),
    "SpacesReplenished": _replenished,
    "SpaceCleared": _cleared,
    "DwarfPlaced": _placed,
    "TilePlaced": _tile,
    "StableBuilt": lambda st, seat, d: st["homes"][seat]["stables"].append(d["space"]),
    "FurnishingBuilt": _furnished,
    "FieldSown": _sown,
    "DwarfBorn": lambda st, seat, d: st["homes"][seat]["dwarfs"].append(
        {"weapon": 0, "at": d["space"], "born": st["round"]}
    ),
    "WeaponsChanged": _weapons,
    "LootTaken": _loot,
    "ExpeditionEnded": _expedition_ended,
    "OreTraded": lambda st, seat, d: st["pending"][seat].update(
        trades=st["pending"][seat]["trades"] + 1
    ),
    "MarketBought": lambda st, seat, d: st["pending"][seat]["bought"].append(d["good"]),
    "CropsHarvested": _harvested,
    "Begged": lambda st, seat, d: st["homes"][seat].__setitem__(
        "begging", st["homes"][seat]["begging"] + d["markers"]
    ),
    "HomeReturned": _returned,
    "DwarfsRested": lambda st, seat, d: [
        st["homes"][seat]["dwarfs"][i].update(at="home") for i in d["dwarfs"]
    ],
    "Asked": lambda st, seat, d: st["pending"].__setitem__(
        seat, json.loads(json.dumps(d["pending"])) if d["pending"] else None
    ),
    "PhaseChanged": lambda st, seat, d: st.update(phase=d["phase"], turn=d.get("turn")),
    "HarvestSkipChosen": lambda st, seat, d: st["homes"][seat].__setitem__("skip", d["skip"]),
    "DeliveriesScheduled": _deliveries_scheduled,
    "ExtensionBothUsed": lambda st, seat, d: st["homes"][seat].__setitem__("extension_both", True),
    "GameEnded": lambda st, seat, d: st.update(
        phase="finished", turn=None, final={"scores": d["scores"], "winners": d["winners"]}
    ),
}


def evolve(state: dict, event: EventLike) -> dict:
    """Apply one event (mutates and returns ``state``)."""
    d = event.data
    if event.type == "GameSetUp":
        return _setup(state, d)
    seat = event.seat
    if seat is not None:
        if "gain" in d or "pay" in d:
            _move_goods(state, seat, d)
        if ("part" in d or "space_gain" in d) and state["pending"][seat]:
            _part(state, seat, d)
            if "space_gain" in d:
                state["pending"][seat]["gained"] = True
    handler = HANDLERS.get(event.type)
    if handler is not None:
        handler(state, seat, d)
    return state
