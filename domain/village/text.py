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


def _coins(move: dict) -> str:
    k = move.get("coins", 0)
    return f", {k} coin{'s' if k != 1 else ''} instead of cubes" if k else ""


def _member(move: dict) -> str:
    where = move.get("from") or move.get("at")
    return f"a \"{move['gen']}\"" + (f" from {_place(where)}" if where else "")


LABELS = {
    "take": lambda m: f"Take a {m['colour']} cube from {SPACE_NAMES[m['space']]}",
    "well": lambda m: f"Use the Well: 3 {m['colour']}{_coins(m)}",
    "action": lambda m: f"Do {SPACE_NAMES[m['space']]}",
    "skip": lambda m: "Do nothing more",
    "harvest": lambda m: "Harvest grain",
    "birth": lambda m: "A child is born",
    "recall": lambda m: f"Call {_member(m)} home",
    "mill": lambda m: "Grind at the Mill: 2 time and 2 grain for 2 coins",
    "travel": lambda m: f"Send {_member(m)} to city {m['to']}{_coins(m)}",
    "council_enter": lambda m: f"Seat a \"{m['gen']}\" on the council, paying "
                               f"{'a scroll' if m['pay'] == 'scroll' else '2 green'}{_coins(m)}",
    "council_advance": lambda m: f"Move a \"{m['gen']}\" up from council step {m['step']}, "
                                 f"paying {'a scroll' if m['pay'] == 'scroll' else '2 green'}"
                                 f"{_coins(m)}",
    "church": lambda m: f"Send a \"{m['gen']}\" to church, paying "
                        + {"time": "3 time", "brown": "1 brown", "coin": "1 coin"}[m["pay"]],
    "serve": lambda m: f"Serve the customer at stall {m['slot'] + 1}"
                       + (" (free)" if "coins" not in m else f", paying 1 green and 1 time"
                          f"{_coins(m)}"),
    "pass": lambda m: "Pass (out of this market day)",
    "cubes": lambda m: f"Take {' and '.join(m['colours'])}",
    "clara_cube": lambda m: f"Give Clara the {m['colour']} cube",
    "die": lambda m: f"The \"{m['gen']}\" at {_place(m['at'])} dies",
    "buy": lambda m: f"Buy a \"{m['gen']}\" out of the black bag for 1 coin",
    "advance": lambda m: f"Move a \"{m['gen']}\" up from church step {m['step']}",
    "done": lambda m: "Done",
}


def _privilege(m: dict) -> str:
    step = m["step"]
    return {1: "Take the ring token", 2: f"Take {' and '.join(m.get('colours', []))}",
            3: f"Take a {m.get('good')}", 4: "Pay 1 coin for 3 PP"}[step] + \
        f" (step {step} privilege)"


def move_label(state: dict, move: dict) -> str:
    kind = move["type"]
    if kind in ("privilege", "council_privilege"):
        return _privilege(move)
    if kind == "craft":
        b = move["building"]
        what = move.get("good") or {"wainwright": "wagon", "chancellery": "scroll",
                                    "smithy": "plough"}.get(b, "good")
        if move["pay"] == "time" and "train" in move:
            head = f"Train a \"{move['train']}\" at the {b}"
            return head + (f" and make a {what}" if move["produce"] else "")
        how = {"time": "with time", "grain": "for 3 grain"}.get(move["pay"], "with cubes")
        return f"Make a {what} at the {b} {how}{_coins(move)}"
    return LABELS[kind](move)


def move_group(state: dict, move: dict) -> str:
    step = state.get("step") or {}
    if step.get("kind") == "act":
        return SPACE_NAMES[step["space"]]
    if move["type"] in ("take", "well"):
        return "Your turn"
    return "Decisions"
