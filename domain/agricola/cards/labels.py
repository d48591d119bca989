"""Card moves in game words for the web page's buttons (see ``domain/agricola/labels.py``)."""

from __future__ import annotations

from typing import cast

from ..extension import find_space_row
from ..farm import label as farm_label
from ..farm import major_costs
from ..labels import priced
from ..state import improvement_info, space_name
from ..tables import MAJOR_IMPROVEMENTS
from ..text import goods_text
from . import adoption, claim_moves, lasso, manure, mill, serf, storehouse
from .catalogue import CARDS
from .engine import effect
from .play import minor_costs


def _card(move: dict) -> str:
    card = move.get("card")
    return f"{CARDS[card]['name']} ({card})" if card in CARDS else str(card)


def _summary(move: dict) -> str:
    return CARDS[move["card"]]["summary"] if move.get("card") in CARDS else ""


def _choice(state: dict, move: dict) -> str:
    asking = [p for p in state.get("pending") or () if p and p.get("kind") == "card_choice"]
    options = asking[0].get("options", []) if asking else []
    i = move.get("option", 0)
    goods = options[i] if 0 <= i < len(options) else {}
    card = asking[0].get("card") if asking else None
    head = f"{_card({'card': card})}: " if card in CARDS else ""
    return f"{head}choose {goods_text(goods)}" if goods else f"{head}choose nothing more"


def _player(state: dict, seat) -> str:
    players = state.get("players") or []
    return str(players[seat]) if isinstance(seat, int) and 0 <= seat < len(players) else "a player"


def _space_name(space_id) -> str:
    return (find_space_row(space_id) or {}).get("name", str(space_id))


def _offered(state: dict) -> str:
    asking = [p for p in state.get("pending") or () if p and p.get("kind") == "card_buy"]
    return str(asking[0].get("good")) if asking else "good"


def _owner_farm(state: dict, card: str) -> dict | None:
    for farm in state.get("farms", []):
        if card in farm.get("cards", []):
            return farm
    return None


def _convert(state: dict, move: dict) -> str:
    """What a card's trade does: "Dock Worker (E171): 3 wood for 1 clay" (issue 23 item 6)."""

    eff, i = effect(cast(str, move.get("card")), state), move.get("option", 0)
    trades = eff.get("converts") or []
    if eff.get("converts_dynamic"):
        farm = _owner_farm(state, cast(str, move.get("card")))
        trades = eff["converts_dynamic"](farm) if farm is not None else []
    if not 0 <= i < len(trades):
        return f"Use {_card(move)}"
    pay, gain = trades[i]
    paid = goods_text(pay) if pay else "nothing"
    return f"{_card(move)}: {paid} for {goods_text(gain)}"


def _play_minor(state: dict, move: dict) -> str:
    """The minor, what it costs when there is a choice, and the goods chosen with it."""

    text = f"Play the minor improvement {_card(move)}" + priced(
        state, move, lambda f: minor_costs(f, move["card"]) if move.get("card") in CARDS else []
    )
    choices = effect(cast(str, move.get("card")), state).get("choices") or []
    if "choice" in move and 0 <= move["choice"] < len(choices):
        text += f", taking {goods_text(choices[move['choice']])}"
    if move.get("return"):
        text += f", giving back {', '.join(_improvement(r) for r in move['return'])}"
    return text + _does(move)


def _does(move: dict) -> str:
    """ ": <what the card does>" from the catalogue summary (issue 23 item 6)."""
    card = CARDS.get(cast(str, move.get("card")))
    return f": {card['summary']}" if card and card.get("summary") else ""


def _improvement(key) -> str:
    return improvement_info(key).get("name", str(key)) if key else ""


LABELS = {
    claim_moves.MOVE: claim_moves.label,
    adoption.MOVE: adoption.label,
    serf.MOVE: serf.label,
    "play_occupation": lambda s, m: f"Play the occupation {_card(m)}{_does(m)}",
    "play_minor": _play_minor,
    "card_convert": _convert,
    "card_renovate": lambda s, m: f"Renovate with {_card(m)}",
    "card_choice": _choice,
    "card_first": lambda s, m: f"Resolve {_card(m)} first",
    "card_pasture": lambda s, m: f"Fence {farm_label(m['space'])} with {_card(m)}",
    "card_plough": lambda s, m: f"Plough {farm_label(m['space'])} with {_card(m)}",
    "card_sow": lambda s, m: f"Sow {m['crop']} on {_card(m)}",
    "card_major": lambda s, m: (
        f"Build {_improvement(m.get('major'))} with {_card(m)}"
        + priced(
            s,
            m,
            lambda f: major_costs(f, m["major"]) if m.get("major") in MAJOR_IMPROVEMENTS else [],
        )
    ),
    "card_bake": lambda s, m: (
        f"Bake {m['grain']} grain with {_improvement(m.get('improvement'))} ({_card(m)})"
    ),
    "card_again": lambda s, m: f"Pay 1 food to use this action again ({_card(m)})",
    "card_growth": lambda s, m: f"Grow the family for 1 food, in the room just built ({_card(m)})",
    "card_fence": lambda s, m: (
        f"Fence the stable at {farm_label(m['space'])} as a pasture, without wood ({_card(m)})"
    ),
    "card_answer": lambda s, m: (
        f"Play the occupation {_card(m)} for food, answering another player's occupation{_does(m)}"
    ),
    "card_improvement": lambda s, m: (
        f"Build {_improvement(m.get('major'))} instead of a minor improvement ({_card(m)})"
    ),
    "card_spread": lambda s, m: (
        f"Spread the wood of the Forest onto Clay Pit, Reed Bank and Fishing ({_card(m)})"
    ),
    "card_food": lambda s, m: f"Put 1 food on {space_name(m.get('space'))} ({_card(m)})",
    "card_study": lambda s, m: f"Play {_card(m)} at the start of the round{_does(m)}",
    "card_random": lambda s, m: (
        f"Have an occupation drawn at random from the hand, for 3 food first ({_card(m)})"
    ),
    "card_buy_animal": lambda s, m: f"Buy the animal on this round's space for 1 food ({_card(m)})",
    "card_react": lambda s, m: (
        f"Play {_card(m)} for free, answering the card just played{_does(m)}"
    ),
    "free_room": lambda s, m: f"Build a free room at {farm_label(m['space'])} ({_card(m)})",
    "free_stable": lambda s, m: f"Build a free stable at {farm_label(m['space'])} ({_card(m)})",
    "discard": lambda s, m: f"Discard {_card(m)}",
    "redeal": lambda s, m: f"Redeal the {m.get('deck')} hand",
    "keep": lambda s, m: "Keep this hand",
    "draft_pick": lambda s, m: f"Keep {_card(m)} from the packet",
    "choose_card": lambda s, m: f"Choose {_card(m)}: {_summary(m)}",
    "exchange_mark": lambda s, m: f"Set {_card(m)} aside for the 3-for-1 exchange",
    "exchange_draw": lambda s, m: f"Draw 1 {m.get('deck')} card for the 3 set aside",
    **mill.LABELS,
    **storehouse.LABELS,
    **manure.LABELS,
    **lasso.LABELS,
    # I-deck occupations (cards/field_watch.py, puppeteer.py, harvest_helper.py, taster.py,
    # buyers.py, fence_delivery.py, fence_builder.py, corn_profiteer.py,
    # chamberlain.py, groom.py)
    "watch_plough": lambda s, m: f"Plough {farm_label(m['space'])} with {_card(m)}",
    "puppet_play": lambda s, m: (
        f"Pay 1 food to play {_card({'card': m.get('occupation')})} ({_card(m)})"
    ),
    "harvest_help": lambda s, m: (
        f"Take 1 grain from {_player(s, m.get('from'))}'s field at {farm_label(m['space'])} "
        f"({_card(m)})"
    ),
    "taster_pass": lambda s, m: f"Let the starting player place first ({_card(m)})",
    "taster_first": lambda s, m: f"Pay the starting player 1 food to place first ({_card(m)})",
    "card_buy": lambda s, m: (
        f"Buy 1 {_offered(s)} for 1 food ({_card(m)})" if m.get("buy") else f"Decline {_card(m)}"
    ),
    "fence_delivery": lambda s, m: f"Pay 2 food to build the 4 delivered fences ({_card(m)})",
    "fence_mark": lambda s, m: f"Put the fence of {_card(m)} on {_space_name(m.get('target'))}",
    "fence_build": lambda s, m: f"Also build fences here ({_card(m)})",
    "corn_sell": lambda s, m: f"Offer 1 grain for 3 food ({_card(m)})",
    "corn_bid": lambda s, m: (
        f"Buy the grain for 2 food ({_card(m)})" if m.get("buy") else "Let the grain go"
    ),
    "corn_choose": lambda s, m: f"Sell the grain to {_player(s, m.get('buyer'))} ({_card(m)})",
    "chamberlain_order": lambda s, m: f"Put {_space_name(m.get('first'))} in round 12 ({_card(m)})",
    "groom_stable": lambda s, m: (
        f"Build a stable at {farm_label(m['space'])} for 1 wood ({_card(m)})"
    ),
}
