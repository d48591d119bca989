"""Placing a dwarf on an action space (digest §3.3, §7.5, §7.7, §7.8): which spaces, which
dwarf (unarmed first, then the weakest; 1 ruby breaks the order), which option of an "either
... or" space, which space an Imitation copies, and what the space gives at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .statetypes import Home

if TYPE_CHECKING:
    from .builder import Builder

from typing import cast

from . import building
from .builder import gain, has, seat_params
from .errors import CavernaViolation
from .parts import end_action, next_turn, part_possible
from .spaces import SPACES, current_id, space_name, spec
from .state import name, next_dwarf, owns, waiting_dwarfs
from .words import goods_text


def options_of(state: dict, seat: int, space_id: str) -> list[str | None]:
    """The options of an "either ... or" space; the Guest room adds "both" (on Extension once
    per game; pack §1.3)."""
    info = SPACES[space_id]
    if "options" not in info:
        return [None]
    out = list(info["options"])
    home = state["homes"][seat]
    if owns(home, "guest_room") and not (info.get("guest_once") and home["extension_both"]):
        out.append("both")
    return out


def _card_id(state: dict, space_id: str) -> str:
    return current_id(state, space_id)


def bonus_goods(home: Home, info: dict) -> dict:
    """Per-mine goods (Ore mining, Ore delivery) or the ruby for owning enough ruby mines
    (digest §4.1, §4.2)."""
    if "bonus" not in info:
        return {}
    kind, goods, *least = info["bonus"]
    mines = sum(1 for k in home["board"] if k == kind)
    if least:
        return dict(goods) if mines >= least[0] else {}
    return {g: n * mines for g, n in goods.items() if n * mines}


def gives_now(state: dict, seat: int, space_id: str, data: dict, imitated: bool) -> bool:
    acc = {} if imitated else state["spaces"][space_id]["goods"]
    return bool(any(acc.values()) or data.get("gain") or bonus_goods(state["homes"][seat], data))


def can_do(state: dict, seat: int, space_id: str, option: Any, dwarf: int, imitated: bool) -> bool:
    """True if the dwarf could do at least one of the space's actions (digest §3.3)."""
    data = spec(_card_id(state, space_id), option)
    if gives_now(state, seat, space_id, data, imitated):
        return True
    weapon = state["homes"][seat]["dwarfs"][dwarf]["weapon"]
    parts = data.get("parts", ())
    for i, part in enumerate(parts):
        if part in data.get("requires", {}):
            continue
        if part_possible(state, seat, part, weapon, parts[:i]):
            return True
    return False


def imitation_targets(state: dict, seat: int) -> list[str]:
    """Spaces an Imitation may copy: occupied by another seat's dwarf, never Starting player or
    another Imitation (digest §7.8, EX-26)."""
    out = []
    for sid in state["order"]:
        occupant = state["spaces"][sid]["occupant"]
        info = SPACES[_card_id(state, sid)]
        if occupant is None or occupant == seat or info.get("start_player") or "imitation" in info:
            continue
        out.append(sid)
    return out


def dwarf_choices(state: dict, seat: int) -> list[int | None]:
    """None for the dwarf the order names; with a ruby, one dwarf of each other strength."""
    home = state["homes"][seat]
    default = next_dwarf(home)
    if default is None:
        return []
    out: list[int | None] = [None]
    if home["supply"]["ruby"] >= 1:
        seen = {home["dwarfs"][default]["weapon"]}
        for i in sorted(waiting_dwarfs(home), key=lambda i: (home["dwarfs"][i]["weapon"], i)):
            weapon = home["dwarfs"][i]["weapon"]
            if weapon not in seen:
                seen.add(weapon)
                out.append(i)
    return out


def place_moves(state: dict, seat: int, only: str | None = None) -> list[dict]:
    """Every legal placement of ``seat`` (digest §3.3); with ``only``, those on that space
    (every placement names its space, so a move is legal exactly when it is in this list)."""
    out = []
    dwarfs = dwarf_choices(state, seat)
    home = state["homes"][seat]
    for sid in state["order"] if only is None else [s for s in state["order"] if s == only]:
        if state["spaces"][sid]["occupant"] is not None:
            continue
        info = SPACES[_card_id(state, sid)]
        for dwarf in dwarfs:
            acting = cast(int, next_dwarf(home) if dwarf is None else dwarf)
            extra = {} if dwarf is None else {"dwarf": dwarf}
            if "imitation" in info:
                if home["supply"]["food"] < info["imitation"]:
                    continue
                for target in imitation_targets(state, seat):
                    for option in doable_options(state, seat, target, acting, True):
                        out.append(
                            {
                                "type": "place",
                                "space": sid,
                                "target": target,
                                **extra,
                                **({"option": option} if option else {}),
                            }
                        )
                continue
            for option in doable_options(state, seat, sid, acting, False):
                out.append(
                    {
                        "type": "place",
                        "space": sid,
                        **extra,
                        **({"option": option} if option else {}),
                    }
                )
    return out


#: A part one option carries out that opens another's (a new dwelling makes room for family
#: growth, digest §7.1): under "both" such an option still counts though it cannot be alone.
OPENS = {"dwelling": ("growth",)}


def doable_options(state: dict, seat: int, sid: str, dwarf: int, imitated: bool) -> list:
    """The options the dwarf could carry out. The Guest room's "both" is left out when one
    printed option could not be carried out even beside the others, since "both" is then the
    other option under another name (Urgent wish with no dwelling to build, issue 26)."""
    cid = _card_id(state, sid)
    options = options_of(state, seat, cid)
    doable = [o for o in options if can_do(state, seat, sid, o, dwarf, imitated)]
    if "both" in doable and any(
        not _opened(cid, o) for o in options if o != "both" and o not in doable
    ):
        doable.remove("both")
    return doable


def _opened(cid: str, option: str | None) -> bool:
    """True if another option of the space opens one of ``option``'s parts."""
    printed = SPACES[cid]["options"]
    mine = printed[option].get("parts", ())
    others = [p for o, spec_ in printed.items() if o != option for p in spec_.get("parts", ())]
    return any(part in OPENS.get(other, ()) for part in mine for other in others)


def check_place(state: dict, seat: int, move: dict) -> None:
    """Raise with the reason unless the placement is legal."""
    params = seat_params(state, seat)
    sid = move["space"]
    if state["phase"] != "work" or state["pending"][seat] is not None:
        raise CavernaViolation(
            "caverna_step_not_expected",
            what="place a dwarf",
            reason="another step of the current action comes first",
            **params,
        )
    if sid not in SPACES:
        raise CavernaViolation("caverna_unknown_space", space=sid)
    if sid not in state["spaces"]:
        raise CavernaViolation(
            "caverna_space_not_available", space_name=space_name(sid), players=len(state["players"])
        )
    occupant = state["spaces"][sid]["occupant"]
    if occupant is not None:
        raise CavernaViolation(
            "caverna_space_occupied",
            space_name=space_name(sid),
            occupant_name=name(state, occupant),
        )
    home = state["homes"][seat]
    if next_dwarf(home) is None:
        raise CavernaViolation("caverna_no_dwarf", **params)
    if "dwarf" in move and move["dwarf"] not in dwarf_choices(state, seat)[1:]:
        expected = home["dwarfs"][next_dwarf(home)]["weapon"]
        raise CavernaViolation(
            "caverna_dwarf_order",
            expected=(f"a weapon of strength {expected}" if expected else "no weapon"),
            **params,
        )
    if move not in place_moves(state, seat, sid):
        code, why = _why_not(state, seat, move)
        raise CavernaViolation(code, **why, **params)


def _why_not(state: dict, seat: int, move: dict) -> tuple:
    info = SPACES[_card_id(state, move["space"])]
    target = move.get("target")
    sname = space_name(move["space"])
    if "imitation" in info:
        if target is None or target not in imitation_targets(state, seat):
            return (
                "caverna_imitation_invalid",
                {
                    "target_name": space_name(target) if target else "no space",
                    "reason": "only a space occupied by another player's dwarf may be "
                    "imitated, never Starting player or an Imitation",
                },
            )
        if not has(state["homes"][seat], {"food": info["imitation"]}):
            return (
                "caverna_not_enough",
                {
                    "cost": f"{info['imitation']} food",
                    "what": sname,
                    "have": goods_text({"food": state["homes"][seat]["supply"]["food"]}),
                },
            )
        info = SPACES[_card_id(state, target)]
    elif target is not None:
        return (
            "caverna_option_invalid",
            {
                "space_name": sname,
                "option": "target",
                "reason": "only an Imitation space copies another",
            },
        )
    option = move.get("option")
    if option not in options_of(state, seat, _card_id(state, target or move["space"])):
        return (
            "caverna_option_invalid",
            {
                "space_name": sname,
                "option": option,
                "reason": "choose one of its printed options"
                if "options" in info
                else "the space has no options",
            },
        )
    return ("caverna_nothing_to_do", {"space_name": sname})


def apply_place(b: Builder, seat: int, move: dict) -> None:
    """Place the dwarf, pay a ruby or the Imitation's food, take the goods."""
    state = b.state
    sid, target = move["space"], move.get("target")
    home = b.home(seat)
    dwarf = move.get("dwarf", next_dwarf(home))
    cid = _card_id(state, target or sid)
    info = SPACES[_card_id(state, sid)]
    cost = {"ruby": 1} if "dwarf" in move else {}
    if info.get("imitation"):
        cost["food"] = info["imitation"]
    data = {"space": sid, "dwarf": dwarf, "option": move.get("option"), "target": target}
    if cost:
        data["pay"] = cost
    if SPACES[cid].get("start_player") and not target:
        data["start_player"] = True
    b.emit("DwarfPlaced", data, seat)
    if move.get("option") == "both" and SPACES[cid].get("guest_once"):
        b.emit("ExtensionBothUsed", {}, seat)
    spec_now = spec(cid, move.get("option"))
    acc = state["spaces"][sid]["goods"] if not target else {}
    if acc and not spec_now.get("take_last"):
        building.take_space(b, seat, sid, dict(acc))
    gain(
        b,
        seat,
        {**_sum(spec_now.get("gain", {}), bonus_goods(home, spec_now))},
        "space",
        space_gain=True,
    )
    if not spec_now.get("parts"):
        end_action(b, seat)


def _sum(a: dict, b: dict) -> dict:
    out = dict(a)
    for g, n in b.items():
        out[g] = out.get(g, 0) + n
    return out


def rest(b: Builder, seat: int) -> None:
    """No action space has anything the seat's next dwarf could do: its remaining dwarfs stay
    in the cave this round (decision C-18)."""
    home = b.home(seat)
    b.emit("DwarfsRested", {"dwarfs": waiting_dwarfs(home)}, seat)
    b.emit("PhaseChanged", {"phase": "work", "turn": next_turn(b.state, seat)})
