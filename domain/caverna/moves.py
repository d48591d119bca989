"""Moves: their JSON shape, who is asked, the legal-move lists and the dispatch of ``decide``.

``legal_moves`` lists every move of the seat's current decision; ``check_move`` accepts a move
exactly when the same lists hold it (so listed moves are exactly the accepted ones), and
otherwise explains why in the game's nouns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .builder import Builder

from domain.common.errors import InvalidMove, NotYourTurn
from domain.common.moveshape import check_fields, move_type

from . import anytime, parts, placement
from .builder import seat_params
from .building import breed
from .errors import CavernaViolation
from .flow import feeding_need
from .spaces import current_id
from .state import animals_fit, name
from .tables import FARM_ANIMALS, GRID
from .words import goods_text

_INT, _STR = int, str
#: type -> (required fields, optional fields), each field -> its JSON type.
MOVE_SHAPES: dict[str, tuple[dict, dict]] = {
    "place": ({"space": _STR}, {"dwarf": _INT, "option": _STR, "target": _STR}),
    "twin": ({"side": _STR, "at": _INT, "at2": _INT}, {}),
    "sow": ({"at": _INT, "crop": _STR}, {}),
    "furnish": ({"tile": _STR, "at": _INT}, {"swap": _STR}),
    "grow": ({}, {}),
    "take_dog": ({}, {}),
    "trade": ({}, {}),
    "done": ({}, {}),
    "forge": ({"strength": _INT}, {}),
    "ore_mine": ({"at": _INT, "at2": _INT}, {}),
    "ruby_mine": ({"at": _INT}, {}),
    "pasture": ({"at": _INT}, {"at2": _INT}),
    "stable": ({"at": _INT}, {}),
    "buy": ({"good": _STR}, {}),
    "loot": (
        {"item": _STR},
        {"at": _INT, "at2": _INT, "tile": _STR, "swap": _STR, "animals": _STR},
    ),
    "convert": ({"good": _STR}, {"count": _INT}),
    "ruby": ({"buy": _STR}, {}),
    "ruby_tile": ({"tile": _STR, "at": _INT}, {}),
    "use": ({"tile": _STR}, {"choice": _INT}),
    "peace": ({"dwarf": _INT}, {}),
    "release": ({"animal": _STR}, {}),
    "feed": ({}, {"with": _STR}),
    "keep_newborns": (dict.fromkeys(FARM_ANIMALS, _INT), {}),
    "skip": ({"phase": _STR}, {}),
    "keep_goods": ({"space": _STR}, {}),
    "pass": ({}, {}),
}
ANYTIME = ("convert", "ruby", "ruby_tile", "use", "peace", "release")
PART_MOVES = tuple(parts.MOVE_PARTS) + ("done",)


def canonical(state: dict, move: dict) -> dict:
    """``move`` with today's space ids: a placement recorded with the old id of Urgent wish
    (``wish_for_children`` after Family life) names ``urgent_wish_for_children`` (issue 26)."""
    if move.get("type") != "place":
        return move
    out = dict(move)
    for key in ("space", "target"):
        if isinstance(out.get(key), str):
            out[key] = current_id(state, out[key])
    return out


def check_shape(move: object) -> None:
    """Raise :class:`InvalidMove` unless ``move`` is a well-formed Caverna move."""
    kind = move_type(move)
    assert isinstance(move, dict)
    if kind not in MOVE_SHAPES:
        raise InvalidMove("unknown_move", move_type=kind, title="Caverna")
    check_fields(kind, move, MOVE_SHAPES[kind], _on_board)


def _on_board(key: str, value: int) -> None:
    if key in ("at", "at2") and not GRID.on_board(value):
        raise InvalidMove(
            reason=f"'{key}' must be a space of the home board from 0 to 47 "
            "(row * 8 + column, with the Office room's edge)"
        )


# -- who is asked -----------------------------------------------------------------------------


def to_act(state: dict) -> tuple[int, ...]:
    """The seats the game waits for: a seat with animals that do not fit first; in the work
    phase the seat whose turn it is; otherwise every seat with a question (digest §3.3, §9)."""
    if not state or state.get("phase") in (None, "finished", "setup"):
        return ()
    unhoused = tuple(s for s, h in enumerate(state["homes"]) if not animals_fit(h))
    if unhoused:
        return unhoused
    if state["phase"] == "work":
        active = [s for s, p in enumerate(state["pending"]) if p is not None]
        if active:
            return tuple(active)
        return () if state["turn"] is None else (state["turn"],)
    return tuple(s for s, p in enumerate(state["pending"]) if p is not None)


def check_turn(state: dict, seat: object) -> None:
    asked = to_act(state)
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in asked:
        valid = isinstance(seat, int) and 0 <= seat < len(state.get("players", []))
        raise NotYourTurn(
            seat_name=name(state, seat) if valid else f"seat {seat}",
            waiting=" and ".join(name(state, s) for s in asked) or "nobody",
        )


# -- the steps outside actions -------------------------------------------------------------------


def step_moves(state: dict, seat: int) -> list[dict]:
    """Moves of the seat's question outside an action (feeding, newborns, choices)."""
    pending = state["pending"][seat]
    home = state["homes"][seat]
    if pending is None:
        if state["phase"] != "work":
            return []
        return placement.place_moves(state, seat) or [{"type": "pass"}]
    kind = pending["kind"]
    if kind == "action":
        return parts.moves(state, seat)
    if kind == "feed":
        out = [{"type": "feed"}]
        if "working_cave" in home["furn"].values() and pending["need"] >= 1:
            out += [
                {"type": "feed", "with": g}
                for g, n in (("wood", 1), ("stone", 1), ("ore", 2))
                if home["supply"][g] >= n
            ]
        return out
    if kind == "breed":
        return [
            {"type": "keep_newborns", **{a: o.get(a, 0) for a in FARM_ANIMALS}}
            for o in pending["options"]
        ]
    if kind == "harvest_choice":
        return [{"type": "skip", "phase": "field"}, {"type": "skip", "phase": "breeding"}]
    if kind == "solo_clear":
        out = (
            [
                {"type": "keep_goods", "space": s}
                for s in pending["spaces"]
                if s not in pending["kept"]
            ]
            if home["supply"]["ruby"] >= 1
            else []
        )
        return out + [{"type": "done"}]
    if kind == "final":
        return [{"type": "done"}]
    return []


def legal_moves(state: dict, seat: int) -> list[dict]:
    """Every move ``seat`` may make now; empty when it is not asked."""
    if seat not in to_act(state):
        return []
    if not animals_fit(state["homes"][seat]):
        return [m for m in anytime.moves(state, seat) if m["type"] in ("convert", "release")]
    return step_moves(state, seat) + anytime.moves(state, seat)


def check_move(state: dict, seat: int, move: dict) -> None:
    """Raise unless ``seat`` may make ``move`` now (shape, turn and every rule)."""
    check_shape(move)
    check_turn(state, seat)
    kind = move["type"]
    home = state["homes"][seat]
    if not animals_fit(home) and kind not in ("convert", "release"):
        raise CavernaViolation(
            "caverna_animals_unhoused",
            animals=goods_text({a: home["animals"][a] for a in FARM_ANIMALS}),
            **seat_params(state, seat),
        )
    if kind in ANYTIME:
        anytime.check(state, seat, move)
        return
    pending = state["pending"][seat]
    if kind == "place":
        placement.check_place(state, seat, move)
        return
    if pending is not None and pending["kind"] == "action" and kind in PART_MOVES:
        parts.check_part_move(state, seat, move)
        return
    if move not in step_moves(state, seat):
        if kind == "keep_newborns" and pending is not None and pending["kind"] == "breed":
            raise CavernaViolation(
                "caverna_newborns_invalid",
                choice=_animals(move),
                options=(" or ".join(_animals(o) for o in pending["options"])),
                **seat_params(state, seat),
            )
        raise CavernaViolation(
            "caverna_step_not_expected",
            what=_STEP_WHAT.get(kind, kind),
            reason=_step_reason(state, seat, move),
            **seat_params(state, seat),
        )


_STEP_WHAT = {
    "pass": "leave the remaining dwarfs at home",
    "feed": "feed the family",
    "keep_newborns": "choose the newborn animals",
    "skip": "choose which harvest step to skip",
    "keep_goods": "keep the goods on an action space",
    "done": "finish",
    "twin": "place a tile",
    "furnish": "furnish a cavern",
    "sow": "sow",
}


def _animals(counts: dict) -> str:
    text = goods_text({a: counts.get(a, 0) for a in FARM_ANIMALS})
    return "no newborn" if text == "nothing" else text


def _step_reason(state: dict, seat: int, move: dict) -> str:
    pending = state["pending"][seat]
    if pending is None:
        return "no such step is open; it is the placing of a dwarf"
    if move["type"] == "keep_newborns":
        return "that is not one of the ways the newborns fit (digest §8.4)"
    if move["type"] == "feed":
        return "the Working cave feeds one dwarf with 1 wood, 1 stone or 2 ore it must have"
    return f"the open step is {pending['kind'].replace('_', ' ')}"


def apply_move(b: Builder, seat: int, move: dict) -> None:
    kind = move["type"]
    if kind in ANYTIME:
        anytime.apply(b, seat, move)
    elif kind == "place":
        placement.apply_place(b, seat, move)
    elif kind == "pass":
        placement.rest(b, seat)
    elif b.state["pending"][seat]["kind"] == "action":
        parts.apply_part_move(b, seat, move)
    else:
        _apply_step(b, seat, move)


def _apply_step(b: Builder, seat: int, move: dict) -> None:
    pending = b.state["pending"][seat]
    kind = pending["kind"]
    if kind == "feed":
        _feed(b, seat, pending, move.get("with"))
    elif kind == "breed":
        breed(b, seat, {a: move[a] for a in FARM_ANIMALS}, "breeding")
    elif kind == "harvest_choice":
        b.emit("HarvestSkipChosen", {"skip": move["phase"]}, seat)
    elif kind == "solo_clear" and move["type"] == "keep_goods":
        b.emit("GoodsKept", {"pay": {"ruby": 1}, "space": move["space"]}, seat)
        kept = pending["kept"] + [move["space"]]
        b.emit("Asked", {"pending": dict(pending, kept=kept)}, seat)
        return
    elif kind == "solo_clear":
        for space in pending["spaces"]:
            if space not in pending["kept"]:
                b.emit("SpaceCleared", {"space": space})
    b.emit("Asked", {"pending": None}, seat)


def _feed(b: Builder, seat: int, pending: dict, worker: Any) -> None:
    """Pay food; the Working cave feeds one dwarf with wood, stone or ore; each missing food
    is a begging marker (digest §9.1, EX-27; pack §1.3)."""
    need = pending["need"]
    paid = {}
    if worker:
        paid[worker] = 2 if worker == "ore" else 1
        need -= 1 if pending["one_food"] else 2
        need = max(0, need)
    food = b.home(seat)["supply"]["food"]
    if min(food, need):
        paid["food"] = min(food, need)
    b.emit("FamilyFed", {"pay": paid, "need": pending["need"]}, seat)
    if need > food:
        b.emit("Begged", {"markers": need - food}, seat)


__all__ = ["check_move", "apply_move", "legal_moves", "to_act", "check_shape", "feeding_need"]
