"""Sentences for Village's events, with the digest section behind each event (audit
``?detail=true``); the labels of its moves are in :mod:`.labels`."""

from __future__ import annotations

from domain.common.i18n import gettext, join_list, ngettext, npgettext, pgettext, rulebook_citation

from . import sheet_words  # noqa: F401 (registers the score sheet's counted labels)
from .pack import counts_sentence
from .seed_lines import LINES, RULEBOOKS

SPACE_NAMES = {
    "harvest": "Grain harvest",
    "family": "Family",
    "crafts": "Crafts",
    "market": "Market",
    "travel": "Travel",
    "council": "Council chamber",
    "church": "Church",
}
RULES = {
    "GameSetUp": "§2",
    "Gained": "§4",
    "Paid": "§4",
    "TimePaid": "§5.1",
    "MemberMoved": "§4",
    "MemberDied": "§5.4",
    "DeathSkipped": "§9 G-03",
    "Flow": "§3.7",
    "CubeTaken": "§3.3",
    "BagFilled": "§3.2",
    "CubesDrawn": "§3.2",
    "CustomersLaid": "§4.4.2",
    "CustomerServed": "§4.4.1",
    "DiscPlaced": "§4.5",
    "RingTaken": "§4.6",
    "FiguresDrawn": "§4.8",
    "ClaraCube": "§7.1.3",
    "Fate": "§7.1.4",
    "ClaraCleared": "§7.1.7",
    "GameFinished": "§6.2",
    "WellUsed": "§4.9",
    "MarketDayStarted": "§4.4.1",
    "MarketPassed": "§4.4.1",
    "GameEndTriggered": "§6.1",
    "MajorityLost": "§7.1.6",
    "MassDone": "§4.8",
}


COLOUR_WORDS = ("brown", "pink", "orange", "green", "plague")
BUILDING_NAMES = {
    "wainwright": "Wainwright",
    "stables": "Stables",
    "chancellery": "Chancellery",
    "smithy": "Smithy",
    "mill": "Mill",
}
#: Why goods, cubes or time change hands, as the end of a sentence.
WHY = {
    "harvest": "from the grain harvest",
    "mill": "at the Mill",
    "council": "for the council chamber",
    "church": "for the church",
    "travel": "for the journey",
    "market": "for a sale at the market",
    "customer": "to the customer",
    "well": "for the Well",
    "privilege": "as a council privilege",
    "ring": "with the ring token, a coin in solo",
    "mass": "in the mass",
    "start": "as a starting bonus",
    "plague": "for the plague cube",
}


#: the catalogues' context of counted things ("{n} coins", "{n} brown cubes")
COUNT_CONTEXT = "village count"


def count_messages() -> dict[str, tuple[str, str]]:
    """thing -> the (singular, plural) message ids of "{n} <thing>" (``COUNT_CONTEXT``)."""
    out = {}
    for g in ("pp", "coins", "grain", *COLOUR_WORDS, "scroll", "horse", "plough", "ox", "wagon"):
        unit = {"pp": "prestige point", "coins": "coin", "grain": "bag of grain"}.get(
            g, f"{g} cube" if g in COLOUR_WORDS else g
        )
        plural = unit.replace("bag of", "bags of") if "bag" in unit else unit + "s"
        out[g] = ("{n} " + unit, "{n} " + plural)
    out["time"] = ("{n} time", "{n} time")  # units of time (``TimePaid``)
    return out


_COUNTED = count_messages()


def _count(k: int, g: str) -> str:
    if g in _COUNTED:
        one, many = _COUNTED[g]
        return npgettext(COUNT_CONTEXT, one, many, k).format(n=k)
    return f"{k} {g}" + ("s" if k != 1 else "")


def _goods(goods: dict) -> str:
    return join_list([_count(k, g) for g, k in goods.items()], gettext("nothing"))


def _building(b: str) -> str:
    return pgettext("village buildings", BUILDING_NAMES[b]) if b in BUILDING_NAMES else b


def _space(space: str) -> str:
    return pgettext("village spaces", SPACE_NAMES[space])


#: one cube taken, by colour ("an orange cube"): context "village cube"
A_CUBE = {c: f"{'an' if c[:1] in 'aeiou' else 'a'} {c} cube" for c in COLOUR_WORDS}


def _a_cube(colour: str) -> str:
    return pgettext("village cube", A_CUBE[colour]) if colour in A_CUBE else f"a {colour} cube"


def _colour(colour: str) -> str:
    return pgettext("village colour", colour)


def _why(reason: str) -> str:
    kind, _, arg = str(reason).partition(":")
    if kind == "make":
        return gettext("at the {building}").format(building=_building(arg))
    if kind == "train":
        return gettext("to train a member at the {building}").format(building=_building(arg))
    return pgettext("village why", WHY[kind]) if kind in WHY else f"({reason})"


#: places (``_place``), with ``{arg}`` where a number or a building fills in
PLACES = {
    "farm": "the farmyard",
    "unborn": "the family supply",
    "bag": "the black bag",
    "yard": "the {arg}",
    "council": "council step {arg}",
    "church": "church step {arg}",
    "city": "city {arg}",
    "near": "Clara's board",
    "reserve": "the church reserve",
    "chronicle": "the village chronicle",
    "grave": "a grave",
}
#: where someone stands, with its preposition (``_at``)
AT = {
    "farm": "on the farmyard",
    "council": "on council step {arg}",
    "church": "on church step {arg}",
    "yard": "at the {arg}",
    "city": "in city {arg}",
    "near": "beside Clara's board",
    "reserve": "in the church reserve",
    "bag": "in the black bag",
    "unborn": "at the family supply",
    "chronicle": "at the village chronicle",
    "grave": "at a grave",
}


def _arg(kind: str, arg: str) -> str:
    return _building(arg) if kind == "yard" else arg


def _place(where: str) -> str:
    kind, _, arg = where.partition(":")
    if kind not in PLACES:
        return where
    return pgettext("village place", PLACES[kind]).format(arg=_arg(kind, arg))


def _at(where: str) -> str:
    """Where someone stands, with its preposition: "on council step 3", "beside Clara's
    board"."""
    kind, _, arg = where.partition(":")
    if kind not in AT:
        return gettext("at {place}").format(place=where)
    return pgettext("village at", AT[kind]).format(arg=_arg(kind, arg))


def _member(names: list[str], figure: str, gen) -> str:
    """'Ann's "2"', 'Clara's "3"', or without a generation "a member of Ann's"."""
    head = figure.split(".")[0]
    owner = "Clara" if head == "c" else _name(names, int(head) if head.isdigit() else None)
    if gen is not None:
        return gettext('{owner}\'s "{gen}"').format(owner=owner, gen=gen)
    return gettext("a member of {owner}'s").format(owner=owner)


def _name(names: list[str], seat) -> str:
    if seat is None:
        return "Clara"
    return names[seat] if 0 <= seat < len(names) else "?"


def _customer(d: dict) -> str:
    if "wants" not in d:
        return gettext("the customer {customer}").format(customer=d["customer"])
    return ngettext(
        "a customer who wants {goods} and pays {n} prestige point",
        "a customer who wants {goods} and pays {n} prestige points",
        d["pp"],
    ).format(goods=_goods(d["wants"]), n=d["pp"])


#: where a dead member goes (``MemberDied``)
DIED = {
    "chronicle": "{member} dies {where} and is written into the village chronicle among the "
    "{category}.",
    "grave": "{member} dies {where} and is laid in an anonymous grave.",
    "removed": "{member} dies {where} and leaves the game: no slot or grave is left.",
}


def describe(event, names: list[str], viewer=None) -> str:
    """One sentence for ``event`` (already redacted for ``viewer``; Village's events hide
    nothing once they happen, so ``viewer`` changes nothing), in the reader's language."""
    d, seat, t = event.data, event.seat, event.type
    who = _name(names, seat)
    simple = SIMPLE.get(t)
    if simple is not None:
        return simple(who, d)
    if t == "GameSetUp":
        return _set_up(d)
    if t == "MemberMoved":
        return _moved(who, d, names)
    if t == "MemberDied":
        where = gettext("beside her board") if d["at"] == "near" else _at(d["at"])
        category = d.get("category")
        return gettext(DIED[d["to"]]).format(
            member=_member(names, d["figure"], d.get("gen")),
            where=where,
            category=pgettext("village chronicle", str(category)) if category else category,
        )
    if t == "FiguresDrawn":
        return _drawn(d, names)
    if t == "CustomersLaid":
        return _laid(d)
    if t == "Flow":
        return _flow(d, names)
    return t


def _laid(d: dict) -> str:
    tiles = d.get("tiles") or {}
    if not d.get("revealed"):
        return gettext("The market's customers move up to the free stalls.")
    if not tiles:
        n = len(d["revealed"])
        return ngettext(
            "The market is laid out; {n} customer turns face up.",
            "The market is laid out; {n} customers turn face up.",
            n,
        ).format(n=n)
    wants = "; ".join(
        gettext("one wants {goods} and pays {pp} PP").format(goods=_goods(w["wants"]), pp=w["pp"])
        for w in tiles.values()
    )
    return gettext("New customers turn up at the market: {wants}.").format(wants=wants)


def _paid(who: str, d: dict) -> str:
    if d["reason"] == "ring":
        return gettext("{who} gives the unspent ring token back to the council roof.").format(
            who=who
        )
    return gettext("{who} pays {goods} {why}.").format(
        who=who, goods=_goods(d["pay"]), why=_why(d["reason"])
    )


def _drawn_cubes(who: str, d: dict) -> str:
    spaces = "; ".join(
        f"{_space(s)} {', '.join(_colour(x) for x in c)}" for s, c in d["spaces"].items()
    )
    return gettext("This round's cubes are drawn onto the action spaces: {spaces}.").format(
        spaces=spaces or gettext("none")
    )


def _fate(who: str, d: dict) -> str:
    if d.get("reshuffled"):
        return gettext("Clara's {set} fate tokens are shuffled again.").format(set=d["set"])
    if d["quill"]:
        return gettext("Clara's fate token turns up the quill: her oldest member dies.")
    return gettext("Clara's fate token turns up blank.")


SIMPLE = {
    "Gained": lambda who, d: gettext("{who} gains {goods} {why}.").format(
        who=who, goods=_goods(d["gain"]), why=_why(d["reason"])
    ),
    "Paid": _paid,
    "TimePaid": lambda who, d: gettext("{who} spends {time} {why}.").format(
        who=who, time=_count(d["time"], "time"), why=_why(d["reason"])
    ),
    "DeathSkipped": lambda who, d: gettext(
        "{who} owes a death, but no member of theirs is visible: nobody dies."
    ).format(who=who),
    "CubeTaken": lambda who, d: gettext("{who} takes {cube} from {space}.").format(
        who=who, cube=_a_cube(d["colour"]), space=_space(d["space"])
    ),
    "WellUsed": lambda who, d: gettext("{who} uses the Well, paying {cubes}.").format(
        who=who, cubes=_count(3, d["colour"])
    ),
    "BagFilled": lambda who, d: gettext("The green bag is filled: {goods}.").format(
        goods=_goods(d["added"])
    ),
    "CubesDrawn": _drawn_cubes,
    "CustomerServed": lambda who, d: (
        gettext("{who} serves {customer}.").format(who=who, customer=_customer(d))
        if who != "Clara"
        else gettext("Clara takes {customer}.").format(customer=_customer(d))
    ),
    "MarketDayStarted": lambda who, d: gettext("{who} holds a market day.").format(who=who),
    "MarketPassed": lambda who, d: gettext("{who} passes and is out of this market day.").format(
        who=who
    ),
    "DiscPlaced": lambda who, d: gettext("{who} marks city {city} with a disc.").format(
        who=who, city=d["city"]
    ),
    "RingTaken": lambda who, d: gettext(
        "{who} takes the ring token and will start the next round."
    ).format(who=who),
    "MajorityLost": lambda who, d: (
        gettext("Nobody scores the church majority this mass: Clara has it.")
        if d.get("to")
        else gettext("Nobody scores the church majority this mass.")
    ),
    "ClaraCube": lambda who, d: gettext("Clara takes {cube} from {space}.").format(
        cube=_a_cube(d["colour"]), space=_space(d["space"])
    ),
    "Fate": _fate,
    "ClaraCleared": lambda who, d: gettext(
        "Clara's cubes go back to the supply, all but the last."
    ),
    "GameEndTriggered": lambda who, d: gettext(
        "{who} fills the last free place in the {place}: the game is ending."
    ).format(who=who, place=pgettext("village end place", d["place"])),
    "GameFinished": lambda who, d: gettext("The game is over."),
    "MassDone": lambda who, d: (
        gettext("{who} buys no more members out of the black bag.")
        if d.get("part") == "buy"
        else gettext("{who} moves no more members up the church steps.")
    ).format(who=who),
}


def _set_up(d: dict) -> str:
    pack = d["pack"]
    return gettext(
        "A game of Village ({variant}) is set up for {players} with the data pack {pack}: {counts}"
    ).format(
        variant=d["variant"],
        players=", ".join(d["players"]),
        pack=pack["name"],
        counts=counts_sentence(pack),
    )


#: a member moved, by reason (``MemberMoved``): {who}, {member}, {place}
MOVED = {
    "birth": "{who}'s family grows: {member} is born.",
    "recall_from": "{who} calls {member} home from {place}.",
    "recall": "{who} calls {member} home to the farmyard.",
    "train": "{who} trains {member} at the {building}.",
    "council": "{who} moves {member} to {place} of the council chamber.",
    "church": "{who} sends {member} to church: into the black bag.",
    "travel": "{who} sends {member} on a journey to {place}.",
    "mass": "{who} moves {member} up to {place}.",
    "other": "{who} moves {member} to {place}.",
}


def _moved(who: str, d: dict, names: list[str]) -> str:
    gen = d.get("gen")
    member = gettext('a "{gen}"').format(gen=gen) if gen is not None else gettext("a member")
    if who == "Clara":
        return (
            gettext('Clara puts her "{gen}" from the church reserve into the black bag.').format(
                gen=gen
            )
            if gen is not None
            else gettext("Clara puts a member into the black bag.")
        )
    reason = d["reason"]
    if reason == "recall" and d.get("from"):
        reason = "recall_from"
    line = MOVED.get(reason, MOVED["other"])
    where = d.get("from") if reason == "recall_from" else d.get("to")
    building = ""
    if reason == "train":
        building = _building(str(d["to"]).partition(":")[2])
    return gettext(line).format(
        who=who, member=member, place=_place(where) if where else "", building=building
    )


def _drawn(d: dict, names: list[str]) -> str:
    gens = d.get("gens") or [None] * len(d["figures"])
    parts = []
    for figure, step, gen in zip(d["figures"], d["steps"], gens):
        if figure == "monk":
            parts.append(gettext("a monk (back into the bag)"))
        else:
            where = (
                gettext("to church step {step}").format(step=step)
                if step
                else gettext("back into the bag: no free step")
            )
            parts.append(f"{_member(names, figure, gen)} ({where})")
    if not parts:
        return gettext("The mass draws nobody from the black bag.")
    return gettext("The mass draws from the black bag: {figures}.").format(figures=", ".join(parts))


def _flow(d: dict, names: list[str]) -> str:
    """A line for what the game asks next; bookkeeping alone reads "The game moves on."."""
    out = []
    if "round" in d:
        out.append(gettext("Round {round} begins.").format(round=d["round"]))
    if d.get("phase") == "mass_buy":
        out.append(gettext("The mass begins."))
    end = d.get("end")
    if end and end.get("queue"):
        out.append(
            gettext("Last actions: {names}.").format(
                names=", ".join(_name(names, s) for s in end["queue"])
            )
        )
    if d.get("dying") is not None:
        out.append(gettext("{who} chooses which member dies.").format(who=_name(names, d["dying"])))
    step = d.get("step") or {}
    if step.get("kind") == "act":
        out.append(
            gettext("{who} acts on {space}.").format(
                who=_name(names, step["seat"]), space=_space(step["space"])
            )
        )
    elif step.get("kind") == "space":
        out.append(gettext("{who} chooses an action space.").format(who=_name(names, step["seat"])))
    if d.get("turn") is not None and 0 <= d["turn"] < len(names) and "round" not in d:
        out.append(gettext("It is {name}'s turn.").format(name=names[d["turn"]]))
    return " ".join(out) or gettext("The game moves on.")


def rule_of(event) -> str | None:
    """The digest section the event applied, pointed into the reader's rulebook where one
    exists (seed 002 in Russian: ``seed_lines``)."""
    return rulebook_citation(f"village {RULES.get(event.type, '§3')}", RULEBOOKS, LINES)
