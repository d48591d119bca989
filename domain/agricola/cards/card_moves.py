"""Moves on played cards beside an action (digest §10.1): converting goods on a card at any
time (``card_convert``), renovating through a card at any time (``card_renovate``, Builder's
Trowel E50), choosing a card's goods (``card_choice``) and, where the order changes the outcome,
which card of one window comes first (``card_first``, decision K-02)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..conversions import conversions_open
from ..farm import affordable, renovation_problem, renovations
from ..place_effects import renovate
from ..statetypes import Farm
from ..steps import settle
from . import engine
from .common import ask_choice, order_moves, receive_animals
from .play import refusal

if TYPE_CHECKING:
    from ..builder import Builder


def trade_options(farm: Farm, eff: dict) -> list[int]:
    """The options of a card's fixed trades (``converts``) the seat can make with what it holds,
    as far as the card's own conditions allow (``converts_if``, ``option_if``)."""
    if not eff.get("converts") or (eff.get("converts_if") and not eff["converts_if"](farm)):
        return []
    held = {**farm["supply"], **farm["animals"]}
    return [
        i
        for i, (pay, gain) in enumerate(eff["converts"])
        if affordable(held, pay) and (not eff.get("option_if") or eff["option_if"](farm, gain))
    ]


def convert_moves(state: dict, seat: int) -> list[dict]:
    farm = state["farms"][seat]
    held = {**farm["supply"], **farm["animals"]}
    out = []
    for card_id in farm.get("cards", []):
        eff = engine.effect(card_id, farm)
        if state["phase"] in eff.get("not_in_phases", ()):
            continue
        if (
            eff.get("converts_dynamic")
            and eff.get("harvest")
            and state["phase"] != "harvest_feeding"
        ):
            continue
        if eff.get("converts_dynamic"):
            for i, (pay, _) in enumerate(eff["converts_dynamic"](farm)):
                if affordable(held, pay):
                    out.append({"type": "card_convert", "card": card_id, "option": i})
            continue
        if eff.get("harvest") and (
            state["phase"] != "harvest_feeding" or farm["card_state"].get(card_id) == state["round"]
        ):
            continue
        out += [
            {"type": "card_convert", "card": card_id, "option": i} for i in trade_options(farm, eff)
        ]
    return out


def renovate_moves(state: dict, seat: int) -> list[dict]:
    """Builder's Trowel (E50): renovate a wooden hut to clay at any time, paying as usual
    (``pay`` picks another way to pay that the seat's cards offer, e.g. Clay Roof E36)."""

    farm = state["farms"][seat]
    if farm["house"] != "wood" or conversions_open(state, seat):
        return []
    pays = [
        i
        for i, (target, _) in enumerate(renovations(farm))
        if target == "clay" and not renovation_problem(farm, i)
    ]
    return [
        {"type": "card_renovate", "card": c, **({"pay": i} if i else {})}
        for c in farm.get("cards", [])
        if engine.effect(c, farm).get("renovate_any_time")
        for i in pays
    ]


def _cannot_use(state: dict, seat: int, move: dict, reason: str) -> Any:
    return refusal("card_not_now", state, seat, move["card"], what="use", reason=reason)


def check_card_renovate(state: dict, seat: int, move: dict) -> None:
    if move not in renovate_moves(state, seat):
        raise _cannot_use(
            state, seat, move, "only a wooden hut, when they may act and can pay the renovation"
        )


def apply_card_renovate(b: Builder, seat: int, move: dict) -> None:
    renovate(b, seat, move.get("pay", 0))


def check_card_convert(state: dict, seat: int, move: dict) -> None:
    reason = conversions_open(state, seat)
    if reason:
        raise _cannot_use(state, seat, move, reason)
    if move not in convert_moves(state, seat):
        raise _cannot_use(state, seat, move, _closed(state, seat, move.get("card")))


def _closed(state: dict, seat: int, card_id: Any) -> str:
    """Why a card's trade is not offered: the card's own sentence of when it may be used
    (``when``, with ``not_in_phases``; issue 38), else the general reason."""
    farm = state["farms"][seat]
    if card_id in farm.get("cards", []):
        eff = engine.effect(card_id, farm)
        if state["phase"] in eff.get("not_in_phases", ()):
            return f"it may be used {eff['when']}"
        if eff.get("harvest") and state["phase"] != "harvest_feeding":
            return "it may be used only in the feeding phase of a harvest, once"
    return "it is not theirs, or they lack what it converts"


def apply_card_convert(b: Builder, seat: int, move: dict) -> None:
    eff = engine.effect(move["card"], b.state)
    if eff.get("converts_dynamic"):
        pay, gain = eff["converts_dynamic"](b.state["farms"][seat])[move.get("option", 0)]
        done = {"fresh_used": True} if eff.get("fresh") else {"counter": True}
        b.emit("CardConverted", {"card": move["card"], "pay": pay, "gain": gain, **done}, seat)
        return
    pay, gain = eff["converts"][move.get("option", 0)]
    animals = {a: n for a, n in gain.items() if a in b.state["farms"][seat]["animals"]}
    data = {
        "card": move["card"],
        "pay": pay,
        "gain": {g: n for g, n in gain.items() if g not in animals},
    }
    if eff.get("harvest"):
        data["once"] = True
    b.emit("CardConverted", data, seat)
    if animals:
        receive_animals(b, seat, move["card"], animals)
    if callable(eff.get("offer_step")) and b.state["pending"][seat] is not None:
        eff["offer_step"](b, seat, move["card"])  # a step of the action (issue 38): closed,
        settle(b, seat)  # then the action ends if nothing else is left


def choice_moves(state: dict, seat: int) -> list[dict]:
    pending = state["pending"][seat]
    if state["phase"] != "work" or not pending or pending["kind"] != "card_choice":
        return []
    return [{"type": "card_choice", "option": i} for i in range(len(pending["options"]))]


def check_card_choice(state: dict, seat: int, move: dict) -> None:
    if move not in choice_moves(state, seat):
        raise refusal(
            "card_not_now",
            state,
            seat,
            None,
            what="choose goods from",
            reason="no card asks for a choice now",
        )


def apply_card_choice(b: Builder, seat: int, move: dict) -> None:
    pending = b.state["pending"][seat]
    data = {"card": pending["card"], "goods": pending["options"][move["option"]], "part": "choice"}
    if pending.get("onto"):
        data["onto"] = pending["onto"]
    b.emit("CardGoods", data, seat)
    extra = pending.get("top_up")
    if extra and move["option"]:  # Dancer E212 with the Storyteller E169
        b.emit("CardGoods", {"card": extra["card"], "goods": extra["goods"]}, seat)
    for payee in pending.get("pays", []) if move["option"] else ():  # Fisherman E161
        b.emit("CardGoods", {"card": pending["card"], "goods": {"food": 1}, "from": seat}, payee)
    if pending.get("queue") and ask_choice(b, seat, pending["space"], pending["queue"]):
        return
    settle(b, seat)


def check_card_first(state: dict, seat: int, move: dict) -> None:
    if move not in order_moves(state, seat):
        raise refusal(
            "card_not_now",
            state,
            seat,
            move["card"],
            what="resolve",
            reason="no cards wait for the seat to choose their order, or this one "
            "is not among them",
        )


def apply_card_first(b: Builder, seat: int, move: dict) -> None:
    """K-02: the chosen card's entry first, the others after it in their order."""

    pending = b.state["pending"][seat]
    queue = pending["queue"]
    i = next(i for i, e in enumerate(queue) if e["card"] == move["card"])
    ordered = [queue[i]] + queue[:i] + queue[i + 1 :]
    if not ask_choice(b, seat, pending["space"], ordered, chosen=True):
        settle(b, seat)
