"""Sentences for Village's events and labels for its moves, with the digest section behind each
event (audit ``?detail=true``)."""

from __future__ import annotations

from .pack import counts_sentence
from .state import data
from .travel import roads

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


def _a(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _goods(goods: dict) -> str:
    words = []
    for g, k in goods.items():
        unit = {"pp": "prestige point", "coins": "coin", "grain": "bag of grain"}.get(
            g, f"{g} cube" if g in COLOUR_WORDS else g
        )
        plural = (
            unit.replace("bag of", "bags of")
            if k != 1 and "bag" in unit
            else (unit + "s" if k != 1 else unit)
        )
        words.append(f"{k} {plural}")
    if len(words) > 1:
        return ", ".join(words[:-1]) + " and " + words[-1]
    return words[0] if words else "nothing"


def _why(reason: str) -> str:
    kind, _, arg = str(reason).partition(":")
    if kind == "make":
        return f"at the {BUILDING_NAMES.get(arg, arg)}"
    if kind == "train":
        return f"to train a member at the {BUILDING_NAMES.get(arg, arg)}"
    return WHY.get(kind, f"({reason})")


def _place(where: str) -> str:
    kind, _, arg = where.partition(":")
    return {
        "farm": "the farmyard",
        "unborn": "the family supply",
        "bag": "the black bag",
        "yard": f"the {BUILDING_NAMES.get(arg, arg)}",
        "council": f"council step {arg}",
        "church": f"church step {arg}",
        "city": f"city {arg}",
        "near": "Clara's board",
        "reserve": "the church reserve",
        "chronicle": "the village chronicle",
        "grave": "a grave",
    }.get(kind, where)


def _at(where: str) -> str:
    """Where someone stands, with its preposition: "on council step 3", "beside Clara's
    board"."""
    kind = where.partition(":")[0]
    prep = {
        "farm": "on",
        "council": "on",
        "church": "on",
        "yard": "at",
        "city": "in",
        "near": "beside",
        "reserve": "in",
        "bag": "in",
    }.get(kind, "at")
    return f"{prep} {_place(where)}"


def _member(names: list[str], figure: str, gen) -> str:
    """'Ann's "2"', 'Clara's "3"', or without a generation "a member of Ann's"."""
    head = figure.split(".")[0]
    owner = "Clara" if head == "c" else _name(names, int(head) if head.isdigit() else None)
    return f'{owner}\'s "{gen}"' if gen is not None else f"a member of {owner}'s"


def _name(names: list[str], seat) -> str:
    if seat is None:
        return "Clara"
    return names[seat] if 0 <= seat < len(names) else "?"


def _customer(d: dict) -> str:
    if "wants" not in d:
        return f"the customer {d['customer']}"
    return f"a customer who wants {_goods(d['wants'])} and pays {d['pp']} prestige points"


def describe(event, names: list[str], viewer=None) -> str:
    """One sentence for ``event`` (already redacted for ``viewer``; Village's events hide
    nothing once they happen, so ``viewer`` changes nothing)."""
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
        dest = {
            "chronicle": f"is written into the village chronicle among the {d.get('category')}",
            "grave": "is laid in an anonymous grave",
            "removed": "leaves the game: no slot or grave is left",
        }
        where = "beside her board" if d["at"] == "near" else _at(d["at"])
        return f"{_member(names, d['figure'], d.get('gen'))} dies {where} and {dest[d['to']]}."
    if t == "FiguresDrawn":
        return _drawn(d, names)
    if t == "CustomersLaid":
        tiles = d.get("tiles") or {}
        if not d.get("revealed"):
            return "The market's customers move up to the free stalls."
        if not tiles:
            return f"The market is laid out; {len(d['revealed'])} customer(s) turn face up."
        return (
            "New customers turn up at the market: "
            + "; ".join(
                f"one wants {_goods(w['wants'])} and pays {w['pp']} PP" for w in tiles.values()
            )
            + "."
        )
    if t == "Flow":
        return _flow(d, names)
    return t


SIMPLE = {
    "Gained": lambda who, d: f"{who} gains {_goods(d['gain'])} {_why(d['reason'])}.",
    "Paid": lambda who, d: (
        f"{who} pays {_goods(d['pay'])} {_why(d['reason'])}."
        if d["reason"] != "ring"
        else f"{who} gives the unspent ring token back to the council roof."
    ),
    "TimePaid": lambda who, d: f"{who} spends {d['time']} time {_why(d['reason'])}.",
    "DeathSkipped": lambda who, d: (
        f"{who} owes a death, but no member of theirs is visible: nobody dies."
    ),
    "CubeTaken": lambda who, d: (
        f"{who} takes {_a(d['colour'])} cube from {SPACE_NAMES[d['space']]}."
    ),
    "WellUsed": lambda who, d: f"{who} uses the Well, paying 3 {d['colour']} cubes.",
    "BagFilled": lambda who, d: f"The green bag is filled: {_goods(d['added'])}.",
    "CubesDrawn": lambda who, d: (
        "This round's cubes are drawn onto the action spaces: "
        + ("; ".join(f"{SPACE_NAMES[s]} {', '.join(c)}" for s, c in d["spaces"].items()) or "none")
        + "."
    ),
    "CustomerServed": lambda who, d: (
        f"{who} serves {_customer(d)}." if who != "Clara" else f"Clara takes {_customer(d)}."
    ),
    "MarketDayStarted": lambda who, d: f"{who} holds a market day.",
    "MarketPassed": lambda who, d: f"{who} passes and is out of this market day.",
    "DiscPlaced": lambda who, d: f"{who} marks city {d['city']} with a disc.",
    "RingTaken": lambda who, d: f"{who} takes the ring token and will start the next round.",
    "MajorityLost": lambda who, d: (
        "Nobody scores the church majority this mass" + (": Clara has it." if d.get("to") else ".")
    ),
    "ClaraCube": lambda who, d: (
        f"Clara takes {_a(d['colour'])} cube from {SPACE_NAMES[d['space']]}."
    ),
    "Fate": lambda who, d: (
        f"Clara's {d['set']} fate tokens are shuffled again."
        if d.get("reshuffled")
        else "Clara's fate token turns up "
        + ("the quill: her oldest member dies." if d["quill"] else "blank.")
    ),
    "ClaraCleared": lambda who, d: "Clara's cubes go back to the supply, all but the last.",
    "GameEndTriggered": lambda who, d: (
        f"{who} fills the last free place in the {d['place']}: the game is ending."
    ),
    "GameFinished": lambda who, d: "The game is over.",
    "MassDone": lambda who, d: (
        f"{who} "
        + (
            "buys no more members out of the black bag."
            if d.get("part") == "buy"
            else "moves no more members up the church steps."
        )
    ),
}


def _set_up(d: dict) -> str:
    pack = d["pack"]
    return (
        f"A game of Village ({d['variant']}) is set up for {', '.join(d['players'])} with "
        f"the data pack {pack['name']}: {counts_sentence(pack)}"
    )


MOVED = {
    "birth": lambda who, g, d: f"{who}'s family grows: {g} is born.",
    "recall": lambda who, g, d: (
        f"{who} calls {g} home"
        + (f" from {_place(d['from'])}." if d.get("from") else " to the farmyard.")
    ),
    "train": lambda who, g, d: f"{who} trains {g} at the {_place(d['to'])[4:]}.",
    "council": lambda who, g, d: f"{who} moves {g} to {_place(d['to'])} of the council chamber.",
    "church": lambda who, g, d: f"{who} sends {g} to church: into the black bag.",
    "travel": lambda who, g, d: f"{who} sends {g} on a journey to {_place(d['to'])}.",
    "mass": lambda who, g, d: f"{who} moves {g} up to {_place(d['to'])}.",
}


def _moved(who: str, d: dict, names: list[str]) -> str:
    gen = d.get("gen")
    member = f'a "{gen}"' if gen is not None else "a member"
    if who == "Clara":
        return (
            f'Clara puts her "{gen}" from the church reserve into the black bag.'
            if gen is not None
            else "Clara puts a member into the black bag."
        )
    text = MOVED.get(d["reason"])
    return text(who, member, d) if text else f"{who} moves {member} to {_place(d['to'])}."


def _drawn(d: dict, names: list[str]) -> str:
    gens = d.get("gens") or [None] * len(d["figures"])
    parts = []
    for figure, step, gen in zip(d["figures"], d["steps"], gens):
        if figure == "monk":
            parts.append("a monk (back into the bag)")
        else:
            where = f"to church step {step}" if step else "back into the bag: no free step"
            parts.append(f"{_member(names, figure, gen)} ({where})")
    if not parts:
        return "The mass draws nobody from the black bag."
    return "The mass draws from the black bag: " + ", ".join(parts) + "."


def _flow(d: dict, names: list[str]) -> str:
    """A line for what the game asks next; bookkeeping alone reads "The game moves on."."""
    out = []
    if "round" in d:
        out.append(f"Round {d['round']} begins.")
    if d.get("phase") == "mass_buy":
        out.append("The mass begins.")
    end = d.get("end")
    if end and end.get("queue"):
        out.append("Last actions: " + ", ".join(_name(names, s) for s in end["queue"]) + ".")
    if d.get("dying") is not None:
        out.append(f"{_name(names, d['dying'])} chooses which member dies.")
    step = d.get("step") or {}
    if step.get("kind") == "act":
        out.append(f"{_name(names, step['seat'])} acts on {SPACE_NAMES[step['space']]}.")
    elif step.get("kind") == "space":
        out.append(f"{_name(names, step['seat'])} chooses an action space.")
    if d.get("turn") is not None and 0 <= d["turn"] < len(names) and "round" not in d:
        out.append(f"It is {names[d['turn']]}'s turn.")
    return " ".join(out) or "The game moves on."


def rule_of(event) -> str:
    return f"village {RULES.get(event.type, '§3')}"


def _coins(move: dict) -> str:
    k = move.get("coins", 0)
    return f", {k} coin{'s' if k != 1 else ''} instead of cubes" if k else ""


def _one(move: dict) -> str:
    where = move.get("from") or move.get("at")
    return f'a "{move["gen"]}"' + (f" from {_place(where)}" if where else "")


LABELS = {
    "take": lambda m: f"Take a {m['colour']} cube from {SPACE_NAMES[m['space']]}",
    "well": lambda m: f"Use the Well: 3 {m['colour']}{_coins(m)}",
    "action": lambda m: f"Do {SPACE_NAMES[m['space']]}",
    "skip": lambda m: "Do nothing more",
    "harvest": lambda m: "Harvest grain",
    "birth": lambda m: "A child is born",
    "recall": lambda m: f"Call {_one(m)} home",
    "mill": lambda m: "Grind at the Mill: 2 time and 2 grain for 2 coins",
    "council_enter": lambda m: (
        f'Seat a "{m["gen"]}" on the council, paying '
        f"{'a scroll' if m['pay'] == 'scroll' else '2 green'}{_coins(m)}"
    ),
    "council_advance": lambda m: (
        f'Move a "{m["gen"]}" up from council step {m["step"]}, '
        f"paying {'a scroll' if m['pay'] == 'scroll' else '2 green'}"
        f"{_coins(m)}"
    ),
    "church": lambda m: (
        f'Send a "{m["gen"]}" to church, paying '
        + {"time": "3 time", "brown": "1 brown", "coin": "1 coin"}[m["pay"]]
    ),
    "pass": lambda m: "Pass (out of this market day)",
    "cubes": lambda m: f"Take {' and '.join(m['colours'])}",
    "clara_cube": lambda m: f"Give Clara the {m['colour']} cube",
    "die": lambda m: f'The "{m["gen"]}" at {_place(m["at"])} dies',
    "buy": lambda m: f'Buy a "{m["gen"]}" out of the black bag for 1 coin',
    "advance": lambda m: f'Move a "{m["gen"]}" up from church step {m["step"]}',
    "done": lambda m: "Done",
}


def _privilege(m: dict) -> str:
    step = m["step"]
    return {
        1: "Take the ring token",
        2: f"Take {' and '.join(m.get('colours', []))}",
        3: f"Take a {m.get('good')}",
        4: "Pay 1 coin for 3 PP",
    }[step] + f" (step {step} privilege)"


def move_label(state: dict, move: dict) -> str:
    kind = move["type"]
    if kind in ("privilege", "council_privilege"):
        return _privilege(move)
    if kind == "travel":
        return _travel_label(state, move)
    if kind == "serve":
        return _serve_label(state, move)
    if kind == "craft":
        b = move["building"]
        what = move.get("good") or {
            "wainwright": "wagon",
            "chancellery": "scroll",
            "smithy": "plough",
        }.get(b, "good")
        if move["pay"] == "time" and "train" in move:
            head = f'Train a "{move["train"]}" at the {b}'
            return head + (f" and make a {what}" if move["produce"] else "")
        how = {"time": "with time", "grain": "for 3 grain"}.get(move["pay"], "with cubes")
        return f"Make a {what} at the {b} {how}{_coins(move)}"
    return LABELS[kind](move)


def _travel_label(state: dict, move: dict) -> str:
    """'Send a "1" to city N: 2 time, 1 wagon and 2 brown' (the road's price, coins standing in
    for cubes)."""
    start = move.get("from", "farm")
    origin = start[5:] if start.startswith("city:") else "village"
    road = data(state)["travel"]["road"]
    cubes = dict(roads(state).get((origin, move["to"]), {}))
    k = move.get("coins", 0)
    for colour in sorted(cubes):
        paid = min(k, cubes[colour])
        cubes[colour] -= paid
        k -= paid
    price = {"time": road["time"], "wagon": road["wagon"], **{c: n for c, n in cubes.items() if n}}
    if move.get("coins"):
        price["coins"] = move["coins"]
    words = [
        f"{n} time" if g == "time" else _goods({g: n}).replace(" cube", "")
        for g, n in price.items()
    ]
    return f"Send {_one(move)} to city {move['to']}: " + ", ".join(words)


def _serve_label(state: dict, move: dict) -> str:
    cid = state["market"]["stalls"][move["slot"]]
    tile = data(state)["customers"][cid]
    head = (
        f"Serve the customer at stall {move['slot'] + 1}: {_goods(tile['needs'])} for "
        f"{tile['pp']} PP"
    )
    return head + (
        " (free)" if "coins" not in move else f", paying 1 green and 1 time{_coins(move)}"
    )


def move_group(state: dict, move: dict) -> str:
    step = state.get("step") or {}
    if step.get("kind") == "act":
        return SPACE_NAMES[step["space"]]
    if move["type"] in ("take", "well"):
        return "Your turn"
    return "Decisions"
