"""Sentences for Village's events and labels for its moves, with the digest section behind each
event (audit ``?detail=true``)."""
from __future__ import annotations

SPACE_NAMES = {"harvest": "Grain harvest", "family": "Family", "crafts": "Crafts",
               "market": "Market", "travel": "Travel", "council": "Council chamber",
               "church": "Church"}
RULES = {"GameSetUp": "§2", "Gained": "§4", "Paid": "§4", "TimePaid": "§5.1",
         "MemberMoved": "§4", "MemberDied": "§5.4", "DeathSkipped": "§9 G-03",
         "Flow": "§3.7", "CubeTaken": "§3.3", "BagFilled": "§3.2", "CubesDrawn": "§3.2",
         "CustomersLaid": "§4.4.2", "CustomerServed": "§4.4.1", "DiscPlaced": "§4.5",
         "RingTaken": "§4.6", "FiguresDrawn": "§4.8", "ClaraCube": "§7.1.3", "Fate": "§7.1.4",
         "ClaraCleared": "§7.1.7", "GameFinished": "§6.2", "WellUsed": "§4.9",
         "MarketDayStarted": "§4.4.1", "MarketPassed": "§4.4.1", "GameEndTriggered": "§6.1",
         "MajorityLost": "§7.1.6"}


def _goods(goods: dict) -> str:
    words = []
    for g, k in goods.items():
        unit = {"pp": "prestige point", "coins": "coin", "grain": "bag of grain"}.get(
            g, f"{g} cube" if g in ("brown", "pink", "orange", "green") else g)
        plural = unit.replace("bag of", "bags of") if k != 1 and "bag" in unit else \
            (unit + "s" if k != 1 else unit)
        words.append(f"{k} {plural}")
    return ", ".join(words) or "nothing"


def _place(where: str) -> str:
    kind, _, arg = where.partition(":")
    return {"farm": "the farmyard", "unborn": "the family supply", "bag": "the black bag",
            "yard": f"the {arg} yard", "council": f"council step {arg}",
            "church": f"church step {arg}", "city": f"city {arg}", "near": "beside her board",
            "reserve": "the church reserve", "chronicle": "the village chronicle",
            "grave": "a grave"}.get(kind, where)


def describe(event, names: list[str]) -> str:
    d, seat = event.data, event.seat
    who = "Clara" if seat is None else (names[seat] if 0 <= seat < len(names) else "?")
    t = event.type
    if t == "GameSetUp":
        pack = d["pack"]
        return (f"A game of Village ({d['variant']}) is set up for {', '.join(d['players'])} "
                f"with the data pack {pack['name']} ({len(pack['provisional'])} provisional "
                "values).")
    if t == "Gained":
        return f"{who} gains {_goods(d['gain'])} ({d['reason']})."
    if t == "Paid":
        return f"{who} pays {_goods(d['pay'])} ({d['reason']})."
    if t == "TimePaid":
        return f"{who} spends {d['time']} time ({d['reason']})."
    if t == "MemberMoved":
        return f"{who} moves a member to {_place(d['to'])} ({d['reason']})."
    if t == "MemberDied":
        dest = {"chronicle": f"the {d['category']} of the village chronicle",
                "grave": "an anonymous grave", "removed": "nowhere: he leaves the game"}
        return f"A member of {who} dies at {_place(d['at'])} and goes to {dest[d['to']]}."
    if t == "DeathSkipped":
        return f"{who} owes a death, but no member of theirs is visible: nobody dies."
    if t == "CubeTaken":
        return f"{who} takes a {d['colour']} cube from {SPACE_NAMES[d['space']]}."
    if t == "WellUsed":
        return f"{who} uses the Well, paying 3 {d['colour']} cubes."
    if t == "BagFilled":
        return f"The green bag is filled: {_goods(d['added'])}."
    if t == "CubesDrawn":
        parts = [f"{SPACE_NAMES[s]} {', '.join(c)}" for s, c in d["spaces"].items()]
        return "Cubes are drawn onto the action spaces: " + "; ".join(parts) + "."
    if t == "CustomersLaid":
        return f"The market is laid out; {len(d['revealed'])} customer(s) turned face up."
    if t == "CustomerServed":
        return f"{who} serves the customer {d['customer']}."
    if t == "MarketDayStarted":
        return f"{who} holds a market day."
    if t == "MarketPassed":
        return f"{who} passes and is out of this market day."
    if t == "DiscPlaced":
        return f"{who} marks city {d['city']}."
    if t == "RingTaken":
        return f"{who} takes the ring token."
    if t == "FiguresDrawn":
        return f"The mass draws {', '.join(d['figures']) or 'nobody'} from the black bag."
    if t == "MajorityLost":
        return "Nobody scores the church majority this mass."
    if t == "ClaraCube":
        return f"Clara takes a {d['colour']} cube from {SPACE_NAMES[d['space']]}."
    if t == "Fate":
        if d.get("reshuffled"):
            return f"Clara's {d['set']} fate tokens are shuffled again."
        return f"Clara's fate token turns up {'a quill' if d['quill'] else 'blank'}."
    if t == "ClaraCleared":
        return "Clara's cubes go back to the supply, all but the last."
    if t == "GameEndTriggered":
        return f"{who} fills the last free place in the {d['place']}: the game is ending."
    if t == "GameFinished":
        return "The game is over."
    if t == "Flow":
        return _flow(d, names)
    return t


def _flow(d: dict, names: list[str]) -> str:
    if "round" in d:
        return f"Round {d['round']} begins."
    if "turn" in d and d["turn"] is not None and 0 <= d["turn"] < len(names):
        return f"It is {names[d['turn']]}'s turn."
    if d.get("phase") == "mass_buy":
        return "The mass begins."
    return "The game moves on."


def rule_of(event) -> str:
    return f"village {RULES.get(event.type, '§3')}"


def move_label(state: dict, move: dict) -> str:
    kind = move["type"]
    extra = ", ".join(f"{k} {v}" for k, v in move.items() if k != "type")
    if kind == "take":
        return f"Take a {move['colour']} cube from {SPACE_NAMES[move['space']]}"
    if kind == "action":
        return f"Do {SPACE_NAMES[move['space']]}"
    return kind.replace("_", " ").capitalize() + (f" ({extra})" if extra else "")


def move_group(state: dict, move: dict) -> str:
    step = state.get("step") or {}
    if step.get("kind") == "act":
        return SPACE_NAMES[step["space"]]
    if move["type"] in ("take", "well"):
        return "Your turn"
    return "Decisions"
