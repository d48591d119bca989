"""Village's data pack: every component number, apart from the rules (issue 12; digest §0.4,
``shared/data/village/sources.md``).

A pack is a JSON file ``{"name", "edition", "about", "values": {key: {"value", "status",
"source"}}}``. Keys are dotted paths (``setup.3.space_cubes.market``); statuses are the codes of
sources.md §1 (``SRC-BB``, ``SRC-OE``, ``INF``, ``UNV``, ``GAP``, ``PH``). :func:`load` checks a
pack against the invariants of sources.md §4.4 and §7.4 and refuses a bad one with a sentence
naming the value; :func:`plain` turns it into the nested numbers the rules read. A game records
the pack (name, hash and numbers) in its first event, so a replay never depends on the file.

Pure code: :func:`read_file` is the only function that touches the disk, and the composition
root (``title.py``) calls it once.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from domain.common.errors import BadGameConfig
from domain.common.i18n import gettext, npgettext

from .pack_fields import check_value

STATUSES = ("SRC-BB", "SRC-OE", "INF", "UNV", "GAP", "PH")
#: Statuses that mean "not read off the Big Box itself": the game says so to its players.
PROVISIONAL = ("SRC-OE", "INF", "UNV", "GAP", "PH")
SPACES = ("harvest", "family", "crafts", "market", "travel", "council", "church")
COLOURS = ("brown", "pink", "orange", "green")
GOODS = ("scroll", "horse", "plough", "ox", "wagon")
CATEGORIES = ("craftsmen", "clergy", "travellers", "farmers", "councillors")
DEFAULT = Path(__file__).parent / "data" / "bigbox-provisional.json"
ENV = "CHRONICLE_VILLAGE_DATA"


#: How each provisional status is told to players (sources.md §1).
KINDS = {"PH": "placeholder", "SRC-OE": "other_edition", "UNV": "unverified", "INF": "inferred"}
KIND_WORDS = {
    "placeholder": (
        "placeholder",
        "placeholders",
        "invented, because the printed number is in no public source",
    ),
    "other_edition": (
        "value from another edition",
        "values from another edition",
        "from the original 2011-2014 edition",
    ),
    "unverified": ("unverified value", "unverified values", "from a single weak source"),
    "inferred": ("inferred value", "inferred values", "worked out from sourced facts"),
}


def kind_of(status: str) -> str | None:
    """``placeholder``, ``other_edition``, ``unverified``, ``inferred`` or None (read off the
    Big Box or the seed)."""
    return KINDS.get(status)


def counts(pack: dict) -> dict:
    """How many values of the pack are of each provisional kind, and how many in all."""
    statuses = pack.get("statuses") or dict.fromkeys(pack.get("provisional", []), "PH")
    out = dict.fromkeys(KIND_WORDS, 0)
    for status in statuses.values():
        kind = kind_of(status)
        if kind:
            out[kind] += 1
    out["total"] = len(statuses)
    return out


def counts_sentence(pack: dict) -> str:
    """'91 placeholders, 12 values from another edition, ... of 137 values; the rest are read
    off the Big Box or the seed.' (issue 26: each kind counted on its own)."""
    c = counts(pack)
    parts = []
    for k, (one, many, _) in KIND_WORDS.items():
        if c[k]:
            one, many = "{n} " + one, "{n} " + many
            parts.append(npgettext("village data status", one, many, c[k]).format(n=c[k]))
    if not parts:
        return gettext("all {total} component values are read off the Big Box or the seed.").format(
            total=c["total"]
        )
    return gettext(
        "{counts} among its {total} component values; the rest are read off the Big Box or "
        "the seed. Marked values may differ from the printed game."
    ).format(counts=", ".join(parts), total=c["total"])


class PackInvalid(BadGameConfig):
    """A data pack that breaks an invariant; the message names the value."""

    code = "village_pack_invalid"


def read_file(path: str | os.PathLike | None = None) -> dict:
    """The pack at ``path`` (default: ``$CHRONICLE_VILLAGE_DATA`` or the shipped pack), checked."""
    path = Path(path or os.environ.get(ENV) or DEFAULT)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise PackInvalid(path=str(path), reason=f"it cannot be read as JSON ({exc})") from None
    return load(raw, str(path))


def load(raw: dict, where: str = "pack") -> dict:
    """Check ``raw`` and return ``{"name", "edition", "hash", "values", "provisional"}``."""
    if not isinstance(raw, dict) or not isinstance(raw.get("values"), dict):
        raise PackInvalid(path=where, reason="it has no 'values' object")
    if not isinstance(raw.get("name"), str) or not raw["name"]:
        raise PackInvalid(path=where, reason="it has no 'name'")
    for key, entry in raw["values"].items():
        _entry(where, key, entry)
        problem = check_value(key, entry["value"])
        if problem:
            raise PackInvalid(path=where, reason=problem)
    missing = [k for k in required() if k not in raw["values"]]
    if missing:
        raise PackInvalid(
            path=where,
            reason=f"value '{missing[0]}' is missing"
            + (f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""),
        )
    values = plain(raw["values"])
    for check in CHECKS:
        reason = _safely(check, values)
        if reason:
            raise PackInvalid(path=where, reason=reason)
    digest = hashlib.sha256(json.dumps(raw, sort_keys=True).encode("utf-8")).hexdigest()
    return {
        "name": raw["name"],
        "edition": raw.get("edition", ""),
        "hash": digest,
        "values": values,
        "provisional": sorted(k for k, e in raw["values"].items() if e["status"] in PROVISIONAL),
        "statuses": {k: e["status"] for k, e in sorted(raw["values"].items())},
    }


def required() -> list[str]:
    """Every key a pack must have (customers, cities and roads are open-ended sets)."""
    keys = [f"supply.cubes.{c}" for c in COLOURS] + [
        "supply.plague",
        "supply.grain",
        "supply.monks",
        "lifetrack.spaces",
        "start.coins",
        "start.bonus.grain",
        "start.bonus.coin",
        "family.members",
        "harvest.grain",
        "harvest.cap",
        "crafts.mill",
        "market.queue",
        "market.sale",
        "travel.road",
        "travel.exits",
        "travel.discs",
        "council.enter",
        "council.advance",
        "council.step4",
        "church.action",
        "church.draws",
        "church.majority_pp",
        "chronicle.ring_slots",
        "graves",
        "scoring.travel",
        "scoring.church",
        "scoring.council",
        "scoring.chronicle",
        "clara.order",
        "clara.divisions",
        "clara.fate_cells",
        "solo.titles",
        "solo.title_shift",
    ]
    keys += [f"crafts.{b}" for b in ("wainwright", "stables", "chancellery", "smithy")]
    keys += [f"council.time.{s}" for s in "234"] + [f"church.grain.{s}" for s in "234"]
    keys += [f"chronicle.{c}" for c in CATEGORIES]
    for n in "2345":
        keys += [f"setup.{n}.space_cubes.{s}" for s in SPACES]
        keys += [f"setup.{n}.bag_add.{c}" for c in COLOURS] + [f"market.stalls.{n}"]
    return keys


def _entry(where: str, key: str, entry: Any) -> None:
    if not isinstance(entry, dict) or "value" not in entry:
        raise PackInvalid(path=where, reason=f"value '{key}' has no 'value'")
    if entry.get("status") not in STATUSES:
        raise PackInvalid(
            path=where,
            reason=f"value '{key}' has status "
            f"{entry.get('status')!r}; it must be one of {', '.join(STATUSES)}",
        )
    if entry["status"] == "GAP":
        raise PackInvalid(
            path=where,
            reason=f"value '{key}' is a GAP: a pack that plays must "
            "give a value (a placeholder is tagged PH)",
        )
    if not isinstance(entry.get("source"), str) or not entry["source"].strip():
        raise PackInvalid(path=where, reason=f"value '{key}' names no source")


def plain(values: dict) -> dict:
    """The tagged flat values as one nested dict of numbers."""
    out: dict = {}
    for key, entry in values.items():
        node = out
        parts = key.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise PackInvalid(path="pack", reason=f"value '{key}' sits under a number")
        node[parts[-1]] = entry["value"]
    return out


def _safely(check: Any, values: dict) -> str | None:
    try:
        return check(values)
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        return f"{check.__doc__.strip()} cannot be checked: value {exc} is missing or malformed"


def _count(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"'{key}'")
    return value


def _setup(v: dict) -> str | None:
    """the setup cards (sources.md §4.4)"""
    for n in ("2", "3", "4", "5"):
        card = v["setup"][n]
        cubes = {s: _count(card["space_cubes"][s], f"setup.{n}.space_cubes.{s}") for s in SPACES}
        added = {c: _count(card["bag_add"][c], f"setup.{n}.bag_add.{c}") for c in COLOURS}
        total = sum(cubes.values())
        if total % int(n):
            return (
                f"setup.{n}.space_cubes add up to {total}, which is not divisible by {n} "
                "players (seed L695)"
            )
        if total >= sum(added.values()) + v["supply"]["plague"]:
            return (
                f"setup.{n}: {total} cubes are drawn but only {sum(added.values())} "
                f"influence and {v['supply']['plague']} plague cubes go into the bag; more "
                "must go in than come out (seed L236)"
            )
        for c, k in added.items():
            if k > v["supply"]["cubes"][c]:
                return f"setup.{n}.bag_add.{c} is {k}, more than the {c} cubes in the box"
        if min(cubes.values()) < 1:
            return f"setup.{n}: every action space must receive at least 1 cube"
    if v["setup"]["2"]["space_cubes"]["market"] != 1:
        return (
            "setup.2.space_cubes.market must be 1: with 2 players (and solo) the Market "
            "always holds 1 cube (seed L885)"
        )
    return None


def _church(v: dict) -> str | None:
    """the church steps (sources.md §4.8)"""
    grain = {s: _count(v["church"]["grain"][s], f"church.grain.{s}") for s in ("2", "3", "4")}
    if grain["2"] != 1 or grain["3"] != 2:
        return (
            "church.grain.2 and church.grain.3 must be 1 and 2: the seed's mass example "
            "pays 1 grain onto step 2 and 2 grain onto step 3 (L591-597)"
        )
    if grain["4"] not in (2, 4):
        return (
            "church.grain.4 must be 4 or 2: the seed's example pays 4 grain to bring a "
            "member to step 4 (L597)"
        )
    return None


def _council(v: dict) -> str | None:
    """the council steps (seed L470)"""
    for s in ("2", "3", "4"):
        if v["council"]["time"][s] not in (2, 3):
            return f"council.time.{s} must be 2 or 3 time, as the seed says (L470)"
    return None


def _market(v: dict) -> str | None:
    """the market and its customers (sources.md §4.10-4.11)"""
    for n in ("2", "3", "4", "5"):
        if not 1 <= _count(v["market"]["stalls"][n], f"market.stalls.{n}") <= 5:
            return f"market.stalls.{n} must be 1 to 5 stall slots (seed L424)"
    if len(v["customers"]) != 24:
        return f"the base game has 24 customer tiles (seed L72), not {len(v['customers'])}"
    stalls = [v["market"]["stalls"][n] for n in "2345"]
    if stalls != sorted(stalls):
        return (
            "market.stalls must not shrink with more players: more marked slots open with "
            "more players (seed L137-142)"
        )
    for cid, wants, line in (
        ("frag-1", {"horse": 1, "plough": 1}, "L438"),
        ("frag-2", {"grain": 3}, "L440"),
        ("frag-4", {"horse": 1}, "L446"),
    ):
        tile = v["customers"].get(cid)
        if tile is None or any(tile["needs"].get(g, 0) < k for g, k in wants.items()):
            return (
                f"customers.{cid} must want at least {wants} (seed {line}): a customer of "
                "the seed's market-day example"
            )
    if v["customers"]["frag-1"]["pp"] != 6:
        return "customers.frag-1.pp must be 6 (seed L438)"
    for cid, tile in v["customers"].items():
        needs = tile["needs"]
        if not needs or any(
            g not in GOODS + ("grain",) or _count(k, cid) < 1 for g, k in needs.items()
        ):
            return f"customers.{cid} must ask for goods or grain (scroll, horse, plough, ox, wagon)"
        if _count(tile["pp"], f"customers.{cid}.pp") < 1:
            return f"customers.{cid}.pp must be at least 1"
    return None


def _places(v: dict) -> str | None:
    """the chronicle and the graves (sources.md §7.4)"""
    marks = (None, "3-5", "4-5", "5")
    for cat in CATEGORIES:
        if any(m not in marks for m in v["chronicle"][cat]):
            return f"chronicle.{cat} may carry only the marks 3-5, 4-5 and 5"
        if None not in v["chronicle"][cat]:
            return f"chronicle.{cat} has no slot open with 2 players"
    if any(m not in marks for m in v["graves"]) or None not in v["graves"]:
        return "graves must carry only the marks 3-5, 4-5 and 5, and have a grave open with 2"
    return None


def _travel(v: dict) -> str | None:
    """the travel map (sources.md §7.4)"""
    cities, roads, exits = v["travel"]["cities"], v["travel"]["roads"], v["travel"]["exits"]
    if len(exits) != 2 or any(c not in cities for c in exits):
        return "travel.exits must name exactly 2 cities next to the village (seed L506)"
    if any(r not in ("pp3", "cubes2", "coin1") for r in cities.values()):
        return "travel.cities rewards must be pp3, cubes2 or coin1 (seed L528)"
    links: dict[str, set] = {}
    for road, cubes in roads.items():
        a, _, b = road.partition("-")
        if {a, b} - set(cities) - {"village"} or any(c not in COLOURS for c in cubes):
            return f"travel.roads.{road} joins unknown cities or asks for unknown cubes"
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    if links.get("village", set()) != set(exits):
        return "the roads out of the village must go to the two travel.exits"
    seen, todo = {"village"}, ["village"]
    while todo:
        for nxt in links.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    if seen != set(cities) | {"village"}:
        return f"the travel map is not connected: {', '.join(sorted(set(cities) - seen))}"
    return None


def _clara(v: dict) -> str | None:
    """Clara's board (digest G-04)"""
    order = v["clara"]["order"]
    if sorted(order) != sorted(SPACES):
        return "clara.order must list each action space once"
    i = order.index("market")
    if [order[(i + k) % len(order)] for k in (1, 2)] != ["travel", "council"]:
        return "clara.order must have Market, Travel, Council in a row (seed L885)"
    cells = v["clara"]["fate_cells"]
    n = _count(v["clara"]["divisions"], "clara.divisions")
    if (
        sorted(cells) != ["bottom", "top"]
        or any(len(cells[s]) != 3 for s in cells)
        or any(not 0 <= d < n for s in cells for d in cells[s])
    ):
        return "clara.fate_cells must hold 3 top and 3 bottom cells on the divisions (L837)"
    return None


def _basics(v: dict) -> str | None:
    """the supply and the life-time track"""
    if _count(v["lifetrack"]["spaces"], "lifetrack.spaces") < 4:
        return "lifetrack.spaces must be at least 4"
    if sum(v["family"]["members"].values()) != 11:
        return "family.members must add up to 11 per colour (seed L127)"
    if sorted(v["scoring"]["church"]) != ["1", "2", "3", "4"]:
        return "scoring.church must score steps 1 to 4"
    return None


CHECKS = (_basics, _setup, _church, _council, _market, _places, _travel, _clara)
