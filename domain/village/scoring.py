"""Final scoring (digest §6.2-§6.3, §7.1.8): the prestige track plus travel, church, customers,
chronicle, council and coins; ties go to more grain, then more living members, then shared."""

from __future__ import annotations

from .expansions import title_shift
from .pack import kind_of
from .state import data, living


def categories(state: dict, seat: int) -> list[dict]:
    p, v = state["seats"][seat], data(state)
    table = v["scoring"]
    members = p["members"]
    church = sum(table["church"][m["at"][7:]] for m in members if m["at"].startswith("church:"))
    council = sum(table["council"][m["at"][8:]] for m in members if m["at"].startswith("council:"))
    chronicle = sum(
        1 for slot in state["chronicle"] if slot["by"] and slot["by"].startswith(f"{seat}.")
    )
    travel = table["travel"][min(len(p["discs"]), len(table["travel"]) - 1)]
    customers = sum(v["customers"][c]["pp"] for c in p["customers"])
    rows = [
        ("prestige", "Prestige track", p["pp"], "§6.2"),
        ("travel", f"Travel ({len(p['discs'])} cities)", travel, "§6.2 #1"),
        ("church", "Members on the church steps", church, "§6.2 #2"),
        (
            "customers",
            f"Customers ({len(p['customers'])}){_marked(state, p['customers'])}",
            customers,
            "§6.2 #3",
        ),
        (
            "chronicle",
            f"Village chronicle ({chronicle} members)",
            table["chronicle"][min(chronicle, len(table["chronicle"]) - 1)],
            "§6.2 #4",
        ),
        ("council", "Members in the council chamber", council, "§6.2 #5"),
        ("coins", "Coins", p["coins"] - ring_coin(state), "§6.2 #6"),
    ]
    out = [
        {"key": k, "label": label, "points": pts, "rule": f"village {rule}"}
        for k, label, pts, rule in rows
    ]
    out[3]["marks"] = {
        c: kind for c in p["customers"] if (kind := kind_of(_status(state, f"customers.{c}")))
    }
    return out


def _status(state: dict, key: str) -> str:
    return (state["pack"].get("statuses") or {}).get(key, "SRC-BB")


def _marked(state: dict, customers: list[str]) -> str:
    """' - 2 placeholder values' when held customers' points are not read off the box."""
    n = sum(1 for c in customers if kind_of(_status(state, f"customers.{c}")))
    return f" - points of {n} are placeholders or unverified" if n else ""


def ring_coin(state: dict) -> int:
    """Solo: 1 while the ring token is held unspent, which is not a coin at the end (docs/rules
    V-16b): L844 lets you *spend* it as a coin until the round is over, and L770 scores the
    coins left on the farmyard; the token is not a coin there, so the game ends with it unspent
    and it returns to the council roof unscored."""
    return 1 if state.get("solo") and state.get("ring_coin") else 0


def solo_title(state: dict, total: int) -> str:
    """The solo rating (L939-943), the ranges moved up by the played expansions (L959-965)."""
    name = ""
    shift = title_shift(state.get("expansions", []))
    for low, title in data(state)["solo"]["titles"]:
        if total >= (low + shift if low else 0):
            name = title
    return name


def final_scores(state: dict) -> tuple[list[int], list[int]]:
    totals = [sum(c["points"] for c in categories(state, s)) for s in range(len(state["seats"]))]
    keys = [
        (totals[s], state["seats"][s]["grain"], living(state["seats"][s]))
        for s in range(len(totals))
    ]
    best = max(keys)
    return totals, [s for s, k in enumerate(keys) if k == best]


def score_sheet(state: dict) -> dict:
    if not state:
        return {"seats": [], "winners": []}
    totals, winners = final_scores(state)
    seats = []
    for seat, name in enumerate(state["players"]):
        row = {
            "seat": seat,
            "name": name,
            "total": totals[seat],
            "categories": categories(state, seat),
            "tiebreak": {
                "grain": state["seats"][seat]["grain"],
                "living_members": living(state["seats"][seat]),
            },
        }
        if state["solo"]:
            row["solo_title"] = solo_title(state, totals[seat])
        seats.append(row)
    return {"seats": seats, "winners": winners}
