"""Village: what a family will add to its score sheet by the end (issue 37 item 1).

A bot heuristic in points, not a rule; features set by hand from the rulebook digest
(``/work/shared/rules/village.md``, "digest §n"), read from the seat's view. The score sheet
(digest §6.2) already counts the prestige track, travel, church, customers, chronicle, council
and coins; unspent goods, cubes and grain score nothing at the end (§6.2 [INFERRED]), so here
they are worth what they will become while the game lasts.

Features (weights in :data:`WEIGHTS`):

* ``goods``: goods on hand are sold at the market to customers for their printed points
  (digest §4.4), about a point and a half a good, less the cost of the market visit.
* ``cubes``: influence cubes pay for crafts, travel, the council and the church (digest §4.3,
  §4.5-§4.7).
* ``grain``: grain feeds the family action and pays at the market (digest §4.1, §4.2).
* ``chronicle``: members in the chronicle below the first scoring step (0-2 score 0, 3 score
  4, digest §6.2 #4) are progress towards it: each is worth a share of the next step.
* ``members``: living members not yet placed for good act in the rounds to come (digest §5).
* ``time``: time left on the life-time track before the next death (digest §5.1) buys actions.
"""

from __future__ import annotations

FEATURES = ("goods", "cubes", "grain", "chronicle", "members", "time")
#: the features that say whether the family is fed (``evals.alive``, the zombie's)
ALIVE: tuple[str, ...] = ()
WEIGHTS = {
    "goods": 1.2,
    "cubes": 0.3,
    "grain": 0.25,
    "chronicle": 1.3,
    "members": 0.6,
    "time": 0.0,
}
#: where a member is no longer able to act (dead, or not yet born)
GONE = ("unborn", "chronicle", "grave", "bag")


def features(state: dict, seat: int, version: int = 2) -> dict[str, float]:
    """The feature values of ``seat``'s family in ``state`` (its view; all 0 for a seat the
    view does not have; every evaluation ``version`` counts them alike)."""
    if seat >= len(state.get("seats") or ()):
        return dict.fromkeys(FEATURES, 0.0)
    p = state["seats"][seat]
    chronicle = sum(
        1 for slot in state.get("chronicle", ()) if (slot.get("by") or "").startswith(f"{seat}.")
    )
    members = p.get("members", ())
    active = sum(
        1
        for m in members
        if not any(str(m.get("at", "")).startswith(g) for g in GONE)
        and not str(m.get("at", "")).startswith(("church:", "council:"))
    )
    return {
        "goods": float(sum(p.get("goods", {}).values())),
        "cubes": float(sum(p.get("cubes", {}).values())),
        "grain": float(p.get("grain", 0)),
        "chronicle": float(min(chronicle, 2)),
        "members": float(active),
        "time": float(p.get("time", 0)),
    }
