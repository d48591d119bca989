"""Card moves in game words for the web page's buttons (see ``domain/agricola/labels.py``), in
the reader's language: every label is a whole message of the catalogues
(``domain.common.i18n``), the card named with its number (``words.card_ref``) and its text
from the catalogue's translation."""

from __future__ import annotations

from typing import Any, cast

from domain.common.i18n import N_, gettext, pgettext

from ..extension import find_space_row
from ..farm import label as farm_label
from ..farm import major_costs
from ..labels import priced
from ..nouns import count_text, goods_text
from ..state import improvement_info, space_name
from ..tables import MAJOR_IMPROVEMENTS, SINGULAR
from . import adoption, claim_moves, serf
from .catalogue import CARDS
from .engine import effect
from .play import minor_costs
from .words import card_ref


def _card(move: dict) -> str:
    return card_ref(move.get("card")) if move.get("card") in CARDS else str(move.get("card"))


def _summary(move: dict) -> str:
    card = CARDS.get(cast(str, move.get("card")))
    return pgettext("agricola card text", card["summary"]) if card and card.get("summary") else ""


def _choice(state: dict, move: dict) -> str:
    asking = [p for p in state.get("pending") or () if p and p.get("kind") == "card_choice"]
    options = asking[0].get("options", []) if asking else []
    i = move.get("option", 0)
    goods = options[i] if 0 <= i < len(options) else {}
    card = asking[0].get("card") if asking else None
    if card in CARDS:
        if goods:
            return gettext("{card}: choose {goods}").format(
                card=card_ref(card), goods=goods_text(goods)
            )
        return gettext("{card}: choose nothing more").format(card=card_ref(card))
    if goods:
        return gettext("Choose {goods}").format(goods=goods_text(goods))
    return gettext("Choose nothing more")


def _player(state: dict, seat: Any) -> str:
    players = state.get("players") or []
    if isinstance(seat, int) and 0 <= seat < len(players):
        return str(players[seat])
    return gettext("a player")


def _space_name(space_id: Any) -> str:
    return space_name(space_id) if find_space_row(space_id) else str(space_id)


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
        return gettext("Use {card}").format(card=_card(move))
    pay, gain = trades[i]
    paid = goods_text(pay) if pay else gettext("nothing")
    return gettext("{card}: {pay} for {gain}").format(
        card=_card(move), pay=paid, gain=goods_text(gain)
    )


def _play_minor(state: dict, move: dict) -> str:
    """The minor, what it costs when there is a choice, and the goods chosen with it."""

    text = gettext("Play the minor improvement {card}").format(card=_card(move)) + priced(
        state, move, lambda f: minor_costs(f, move["card"]) if move.get("card") in CARDS else []
    )
    choices = effect(cast(str, move.get("card")), state).get("choices") or []
    if "choice" in move and 0 <= move["choice"] < len(choices):
        text += gettext(", taking {goods}").format(goods=goods_text(choices[move["choice"]]))
    if move.get("return"):
        returned = ", ".join(_improvement(r) for r in move["return"])
        text += gettext(", giving back {improvements}").format(improvements=returned)
    return text + _does(move)


def _does(move: dict) -> str:
    """ ": <what the card does>" from the catalogue summary (issue 23 item 6)."""
    summary = _summary(move)
    return f": {summary}" if summary else ""


def _improvement(key: Any) -> str:
    if not key:
        return ""
    info = improvement_info(key)
    if not info:
        return str(key)
    context = "agricola majors" if key in MAJOR_IMPROVEMENTS else "agricola card name"
    return pgettext(context, info.get("name", str(key)))


def _says(message: str, **fill: Any) -> Any:
    """A label ``message`` (a whole message) with the card as ``{card}`` and ``fill``'s other
    placeholders, each a function of (state, move)."""

    def label(s: dict, m: dict) -> str:
        return gettext(message).format(card=_card(m), **{k: f(s, m) for k, f in fill.items()})

    return label


def _at(s: dict, m: dict) -> str:
    return farm_label(m["space"])


def _major_of(s: dict, m: dict) -> str:
    return _improvement(m.get("major"))


def _does_of(s: dict, m: dict) -> str:
    return _does(m)


def _card_major(s: dict, m: dict) -> str:
    return gettext("Build {improvement} with {card}").format(
        improvement=_improvement(m.get("major")), card=_card(m)
    ) + priced(
        s, m, lambda f: major_costs(f, m["major"]) if m.get("major") in MAJOR_IMPROVEMENTS else []
    )


def _sow(s: dict, m: dict) -> str:
    return gettext("Sow {crop} on {card}").format(crop=count_text(1, m["crop"]), card=_card(m))


def _bake(s: dict, m: dict) -> str:
    return gettext("Bake {grain} with {improvement} ({card})").format(
        grain=count_text(m["grain"], "grain"),
        improvement=_improvement(m.get("improvement")),
        card=_card(m),
    )


def _buy(s: dict, m: dict) -> str:
    if not m.get("buy"):
        return gettext("Decline {card}").format(card=_card(m))
    return gettext("Buy {good} for 1 food ({card})").format(
        good=count_text(1, _offered(s)), card=_card(m)
    )


def _claim(s: dict, m: dict) -> str:
    return gettext(
        "{card}: move your person from {from_space} to {to_space} and take that action"
    ).format(
        card=_card(m),
        from_space=_space_name(str(m.get("from"))),
        to_space=_space_name(str(m.get("to"))),
    )


def _adopt(s: dict, m: dict) -> str:
    if m.get("adopt"):
        message = N_("{card}: pay 1 food, the newborn comes home and acts this round")
    else:
        message = N_("{card}: keep the newborn a newborn")
    return gettext(message).format(card=card_ref("K267"))


def _redeal(s: dict, m: dict) -> str:
    deck = m.get("deck")
    if deck == "minors":
        return gettext("Redeal the minor improvements hand")
    if deck == "occupations":
        return gettext("Redeal the occupations hand")
    return gettext("Redeal the {deck} hand").format(deck=deck)


def _draw(s: dict, m: dict) -> str:
    deck = m.get("deck")
    if deck == "minors":
        return gettext("Draw 1 minor improvement for the 3 set aside")
    if deck == "occupations":
        return gettext("Draw 1 occupation for the 3 set aside")
    return gettext("Draw 1 {deck} card for the 3 set aside").format(deck=deck)


def _crop_sow(s: dict, m: dict) -> str:
    crop = str(m.get("crop"))
    crop = SINGULAR.get(crop, crop)
    return gettext("Sow {crop} on {card}").format(
        crop=pgettext("agricola goods", crop), card=_card(m)
    )


def _of(key: str) -> Any:
    """A placeholder filled from the move's ``key`` as a card reference."""
    return lambda s, m: card_ref(m.get(key))


def _space_of(key: str) -> Any:
    return lambda s, m: _space_name(m.get(key))


def _player_of(key: str) -> Any:
    return lambda s, m: _player(s, m.get(key))


#: move type -> its label; the labels of the card modules' own moves (mill.py, storehouse.py,
#: manure.py, lasso.py, claim_moves.py, adoption.py, serf.py) are here as whole messages
LABELS = {
    claim_moves.MOVE: _claim,
    adoption.MOVE: _adopt,
    serf.MOVE: _says("{card}: instead of the grain, exchange 1 grain for 1 vegetable"),
    "card_mill": _says("Use {card}: 1 grain for 3 food (1 of it to its owner)"),
    "card_resow": _says("Sow grain on the empty field at {space} ({card}, 2 grain)", space=_at),
    "card_harvest": _says("Take 1 crop from each of your sown fields ({card})"),
    "card_lasso": _says(
        "Place two people one after the other ({card}; one of them on a sheep, boar or cattle "
        "space)"
    ),
    "play_occupation": _says("Play the occupation {card}{does}", does=_does_of),
    "play_minor": _play_minor,
    "card_convert": _convert,
    "card_renovate": _says("Renovate with {card}"),
    "card_choice": _choice,
    "card_first": _says("Resolve {card} first"),
    "card_pasture": _says("Fence {space} with {card}", space=_at),
    "card_plough": _says("Plough {space} with {card}", space=_at),
    "card_sow": _crop_sow,
    "card_major": _card_major,
    "card_bake": _bake,
    "card_again": _says("Pay 1 food to use this action again ({card})"),
    "card_growth": _says("Grow the family for 1 food, in the room just built ({card})"),
    "card_fence": _says(
        "Fence the stable at {space} as a pasture, without wood ({card})", space=_at
    ),
    "card_answer": _says(
        "Play the occupation {card} for food, answering another player's occupation{does}",
        does=_does_of,
    ),
    "card_improvement": _says(
        "Build {improvement} instead of a minor improvement ({card})", improvement=_major_of
    ),
    "card_spread": _says(
        "Spread the wood of {forest} onto {clay}, {reed} and {fishing} ({card})",
        forest=lambda s, m: space_name("forest"),
        clay=lambda s, m: space_name("clay_pit"),
        reed=lambda s, m: space_name("reed_bank"),
        fishing=lambda s, m: space_name("fishing"),
    ),
    "card_food": _says("Put 1 food on {space} ({card})", space=_space_of("space")),
    "card_study": _says("Play {card} at the start of the round{does}", does=_does_of),
    "card_random": _says(
        "Have an occupation drawn at random from the hand, for 3 food first ({card})"
    ),
    "card_buy_animal": _says("Buy the animal on this round's space for 1 food ({card})"),
    "card_react": _says(
        "Play {card} for free, answering the card just played{does}", does=_does_of
    ),
    "free_room": _says("Build a free room at {space} ({card})", space=_at),
    "free_stable": _says("Build a free stable at {space} ({card})", space=_at),
    "discard": _says("Discard {card}"),
    "redeal": _redeal,
    "keep": lambda s, m: gettext("Keep this hand"),
    "draft_pick": _says("Keep {card} from the packet"),
    "choose_card": _says("Choose {card}: {summary}", summary=lambda s, m: _summary(m)),
    "exchange_mark": _says("Set {card} aside for the 3-for-1 exchange"),
    "exchange_draw": _draw,
    # I-deck occupations (cards/field_watch.py, puppeteer.py, harvest_helper.py, taster.py,
    # buyers.py, fence_delivery.py, fence_builder.py, corn_profiteer.py,
    # chamberlain.py, groom.py)
    "watch_plough": _says("Plough {space} with {card}", space=_at),
    "puppet_play": _says("Pay 1 food to play {occupation} ({card})", occupation=_of("occupation")),
    "harvest_help": _says(
        "Take 1 grain from {player}'s field at {space} ({card})",
        player=_player_of("from"),
        space=_at,
    ),
    "taster_pass": _says("Let the starting player place first ({card})"),
    "taster_first": _says("Pay the starting player 1 food to place first ({card})"),
    "card_buy": _buy,
    "fence_delivery": _says("Pay 2 food to build the 4 delivered fences ({card})"),
    "fence_mark": _says("Put the fence of {card} on {space}", space=_space_of("target")),
    "fence_build": _says("Also build fences here ({card})"),
    "corn_sell": _says("Offer 1 grain for 3 food ({card})"),
    "corn_bid": lambda s, m: (
        gettext("Buy the grain for 2 food ({card})").format(card=_card(m))
        if m.get("buy")
        else gettext("Let the grain go")
    ),
    "corn_choose": _says("Sell the grain to {player} ({card})", player=_player_of("buyer")),
    "chamberlain_order": _says("Put {space} in round 12 ({card})", space=_space_of("first")),
    "groom_stable": _says("Build a stable at {space} for 1 wood ({card})", space=_at),
}
