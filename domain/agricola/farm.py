"""The farmyard: where rooms, stables, fields and pastures may go, and where animals live.

Pure predicates over a farm dict (see ``state.py``). Each ``*_problem`` returns None when the
thing is allowed, else a short reason for a sentence; ``legal_*`` enumerate. Geometry comes from
``domain.common.grid``/``fences``/``housing``; this module adds Agricola's rules (digest §5).
"""

from __future__ import annotations

from domain.common import fences as fence_rules
from domain.common.housing import can_house, max_fitting

from .extension import of_farm
from .state import (
    blocked_for_fences,
    fenced_spaces,
    fences_left,
    field_at,
    field_spaces,
    housing,
    is_empty_space,
    stables_left,
)
from .statetypes import Farm
from .tables import (
    ANIMALS,
    FENCE_COST_WOOD,
    GRID,
    MAJOR_IMPROVEMENTS,
    MAX_FAMILY,
    RENOVATION,
    RENOVATION_COST,
    ROOM_COST,
    SOWING,
)


def label(space: int) -> str:
    """A farmyard space for a sentence: "row 2, column 3" (digest §1.3)."""
    return GRID.label(space)


def affordable(supply: dict, cost: dict) -> bool:
    return all(supply.get(g, 0) >= n for g, n in cost.items())


# -- rooms (digest §5.1) ----------------------------------------------------------------------

# The build-cost window of the game's extension (``extension.Extension.costs``): kind ->
# [hook(farm, cost) -> cost]; and ``alternatives``, other ways to pay: ``(farm, costs) -> more
# costs`` for a room, ``(farm, [(target, cost)]) -> more (target, cost)`` for a renovation and
# ``(farm, improvement id, costs) -> more costs`` for an improvement. The printed way is always
# choice 0.


def major_cost(farm: Farm, cost: dict) -> dict:
    """A major improvement's printed cost, as the seat's cards change it (Stonecutter)."""
    for hook in of_farm(farm).costs["major"]:
        cost = hook(farm, cost)
    return cost


def improvement_costs(farm: Farm, improvement: str, costs: list[dict]) -> list[dict]:
    """``costs`` (the printed ways to pay for an improvement, as the seat's cards change
    them), then the other ways its cards offer."""
    costs = list(costs)
    for hook in of_farm(farm).alternatives["improvement"]:
        costs += [c for c in hook(farm, improvement, costs) if c not in costs]
    return costs


def major_costs(farm: Farm, major: str) -> list[dict]:
    """Every way the seat may pay for ``major``: :func:`major_cost` first (digest §7)."""
    return improvement_costs(
        farm, major, [major_cost(farm, dict(MAJOR_IMPROVEMENTS[major]["cost"]))]
    )


def room_cost(farm: Farm, base: dict | None = None) -> dict:
    """5 of the house material + 2 reed per room (digest §5.1), or a card's new ``base``, as
    the seat's cards change it."""
    cost = dict(base) if base else {farm["house"]: ROOM_COST["material"], "reed": ROOM_COST["reed"]}
    for hook in of_farm(farm).costs["room"]:
        cost = hook(farm, cost)
    return cost


def room_space_problem(farm: Farm, space: int) -> str | None:
    """Rooms go on an empty space orthogonally next to the house (digest §5.1 [INFERRED])."""
    if not is_empty_space(farm, space):
        return "the space is not empty"
    if not any(n in farm["rooms"] for n in GRID.neighbours(space)):
        return "it does not touch the house"
    return None


def legal_room_spaces(farm: Farm) -> list[int]:
    return [s for s in GRID.spaces() if room_space_problem(farm, s) is None]


def room_costs(farm: Farm) -> list[dict]:
    """Every way the seat may pay for a room: :func:`room_cost` first, then its cards'."""
    costs = [room_cost(farm)]
    for hook in of_farm(farm).alternatives["room"]:
        costs += [c for c in hook(farm, costs) if c not in costs]
    return costs


def can_build_room(farm: Farm) -> bool:
    return any(affordable(farm["supply"], c) for c in room_costs(farm)) and bool(
        legal_room_spaces(farm)
    )


# -- stables (digest §5.3) ------------------------------------------------------------------------


def stable_space_problem(farm: Farm, space: int) -> str | None:
    """A stable goes on a space without a room, a field or a stable; inside a pasture is fine
    (digest §5.3)."""
    if space in farm["rooms"]:
        return "a room stands there"
    if field_at(farm, space) is not None:
        return "it is a field"
    if space in farm["stables"]:
        return "a stable already stands there (one per space)"
    return None


def legal_stable_spaces(farm: Farm) -> list[int]:
    return [s for s in GRID.spaces() if stable_space_problem(farm, s) is None]


def stable_price(farm: Farm, cost: dict) -> dict:
    """A stable's price as the seat's cards change it (``Extension.stable_price``)."""
    for hook in of_farm(farm).stable_price:
        cost = hook(farm, cost)
    return cost


def stable_costs(farm: Farm, cost: dict) -> list[tuple[str | None, dict]]:
    """Every way the seat may pay for a stable: (None, :func:`stable_price`) first, then the
    prices its cards let it choose, each with its card (window ``stable_choices``)."""
    first = stable_price(farm, cost)
    out: list[tuple[str | None, dict]] = [(None, first)]
    for hook in of_farm(farm).stable_choices:
        out += [c for c in hook(farm, first) if all(c[1] != o[1] for o in out)]
    return out


def can_build_stable(farm: Farm, cost: dict) -> bool:
    return (
        stables_left(farm) > 0
        and any(affordable(farm["supply"], c) for _, c in stable_costs(farm, cost))
        and bool(legal_stable_spaces(farm))
    )


# -- fields (digest §5.5, §5.6) -------------------------------------------------------------------


def field_space_problem(farm: Farm, space: int) -> str | None:
    """An empty, unfenced space, next to an existing field if there is one (digest §5.5, D-18)."""
    if not is_empty_space(farm, space):
        return "the space is not empty"
    fields = field_spaces(farm)
    if fields and not any(n in fields for n in GRID.neighbours(space)):
        return "a new field must share an edge with an existing field"
    return None


def legal_field_spaces(farm: Farm) -> list[int]:
    return [s for s in GRID.spaces() if field_space_problem(farm, s) is None]


def sow_problem(farm: Farm, space: int, crop: str) -> str | None:
    """Sow an empty field: 1 grain (-> 3) or 1 vegetable (-> 2) from the supply (digest §5.6)."""
    field = field_at(farm, space)
    if field is None:
        return "it is not a field"
    if field["count"]:
        return "the field still holds crops"
    if crop not in SOWING:
        return "only grain or vegetables can be sown"
    if farm["supply"][crop] < 1:
        return f"there is no {crop} in the supply"
    return None


def can_sow(farm: Farm) -> bool:
    """A farmyard field or a card field (full game, ``cards/fields.py``) can be sown now."""
    return any(
        sow_problem(farm, f["space"], crop) is None for f in farm["fields"] for crop in SOWING
    ) or any(
        not f["count"] and farm["supply"][c] > 0
        for f in farm.get("card_fields", [])
        for c in f["allowed"]
    )


# -- renovation and family growth (digest §5.2, §5.4) ----------------------------------------------


def renovation_cost(farm: Farm) -> dict | None:
    """1 of the next material per room + 1 reed, whole house, one step (digest §5.2)."""
    target = RENOVATION.get(farm["house"])
    if target is None:
        return None
    cost = {
        target: RENOVATION_COST["per_room"] * len(farm["rooms"]),
        "reed": RENOVATION_COST["reed"],
    }
    for hook in of_farm(farm).costs["renovation"]:
        cost = hook(farm, cost)
    return cost


def renovations(farm: Farm) -> list[tuple[str, dict]]:
    """Every (new material, cost) the seat may renovate to and pay with: the next material
    at :func:`renovation_cost` first (digest §5.2), then what its cards allow."""
    cost = renovation_cost(farm)
    if cost is None:
        return []
    out = [(RENOVATION[farm["house"]], cost)]
    for hook in of_farm(farm).alternatives["renovation"]:
        out += [r for r in hook(farm, out) if r not in out]
    return out


def renovation_problem(farm: Farm, pay: object = 0) -> str | None:
    """Why the seat cannot renovate the way ``pay`` picks (0: the printed way)."""
    options = renovations(farm)
    if not options:
        return "a stone house cannot be renovated"
    if isinstance(pay, bool) or not isinstance(pay, int) or not 0 <= pay < len(options):
        return f"'pay' must be a number from 0 to {len(options) - 1}"
    cost = options[pay][1]
    if not affordable(farm["supply"], cost):
        return "it costs " + ", ".join(f"{n} {g}" for g, n in cost.items())
    return None


def growth_problem(farm: Farm, needs_room: bool) -> str | None:
    """At most 5 people; normal growth needs more rooms than people (digest §5.4)."""
    outside = sum(hook(farm) for hook in of_farm(farm).outside_rooms)
    if outside and farm["family"] < MAX_FAMILY:  # people living on a card need no room (K138)
        farm = farm.copy()
        farm["family"] -= outside

    if farm["family"] >= MAX_FAMILY:
        return "the family already has 5 members"
    if (
        needs_room
        and len(farm["rooms"]) <= farm["family"]
        and not any(allows(farm) for allows in of_farm(farm).growth_without_room)
    ):
        return (
            f"it has {len(farm['rooms'])} rooms for {farm['family']} people and needs a free room"
        )
    return None


# -- animals (digest §5.9) ------------------------------------------------------------------------


def split_animals(
    farm: Farm, total: dict, fences: list | None = None, stables: list | None = None
) -> tuple[dict, dict]:
    """Split ``total`` animals into those housed and those that do not fit (digest §3.2 phase 3
    item 6, §5.9). Housed = the first maximal fitting choice (most animals; rearranging is free)."""
    probe = (
        farm
        if fences is None and stables is None
        else {
            **farm,
            "fences": farm["fences"] if fences is None else fences,
            "stables": farm["stables"] if stables is None else stables,
        }
    )
    home = housing(probe)
    total = {a: total.get(a, 0) for a in ANIMALS}
    if can_house(home, total):
        return total, dict.fromkeys(ANIMALS, 0)
    best = max_fitting(home, {}, total)[0]
    housed = {a: best.get(a, 0) for a in ANIMALS}
    return housed, {a: total[a] - housed[a] for a in ANIMALS}


# -- fences and pastures (digest §5.8) ------------------------------------------------------------

#: The fences window (``Extension.fence_credit``): fences without wood,
#: ``hook(farm, pending) -> (free fences left, whether one fence must be paid for first)``;
#: ``pending`` is None before the action is taken.
NO_CREDIT = (0, False)


def fence_credit(farm: Farm, pending: dict | None) -> tuple[int, bool]:
    """The free fences the seat's cards give in this fence-building action."""
    for hook in of_farm(farm).fence_credit:
        credit = hook(farm, pending)
        if credit[0] or credit[1] is None:  # None: free fences only, even when none is left
            return credit
    return NO_CREDIT


def fence_capacity(farm: Farm, credit: tuple[int, bool] = NO_CREDIT) -> int:
    """How many new fences the wood at hand pays for, free fences included (digest §5.8 rule 7).
    A credit whose second part is None allows free fences only (no wood may be added)."""
    free, paid_first = credit
    if paid_first is None:
        return free
    wood = farm["supply"]["wood"] // FENCE_COST_WOOD
    capacity = wood + free if free and (wood or not paid_first) else wood
    for hook in of_farm(farm).fence_capacity:
        capacity = hook(farm, capacity)
    return capacity


def fence_price(farm: Farm, needed: int, credit: tuple[int, bool] = NO_CREDIT) -> int:
    """Wood for ``needed`` new fences: :func:`fence_wood`, as the seat's cards change it."""
    wood = fence_wood(needed, credit)
    for hook in of_farm(farm).fence_price:
        wood = hook(farm, needed, wood)
    return wood


def fence_prices(
    farm: Farm, needed: int, credit: tuple[int, bool] = NO_CREDIT
) -> list[tuple[str | None, int]]:
    """Every wood price the seat may pay for ``needed`` new fences: (None, :func:`fence_price`)
    first, then the prices its cards let it choose, each with its card (``fence_choices``)."""
    first = fence_price(farm, needed, credit)
    out: list[tuple[str | None, int]] = [(None, first)]
    for hook in of_farm(farm).fence_choices:
        out += [c for c in hook(farm, needed, first) if all(c[1] != o[1] for o in out)]
    return out


def fence_wood(needed: int, credit: tuple[int, bool] = NO_CREDIT) -> int:
    """Wood for ``needed`` new fences, the free ones not paid for."""
    free, paid_first = credit
    unpaid = max(0, min(free, needed - 1 if paid_first else needed))
    return (needed - unpaid) * FENCE_COST_WOOD


def fence_budget(farm: Farm) -> int:
    """How many fences the farm can build now: fences left and wood (digest §5.8 rules 1, 7)."""
    return min(fences_left(farm), fence_capacity(farm))


def can_build_pasture(farm: Farm, credit: tuple[int, bool] = NO_CREDIT) -> bool:
    """Some new pasture (or subdivision) can be closed with the fences and wood at hand."""
    return fence_rules.can_reach_closable(
        GRID,
        [],
        farm["fences"],
        blocked_for_fences(farm),
        fences_left(farm),
        fence_capacity(farm, credit),
    )


def fence_space_problem(
    farm: Farm, region: list[int], space: int, credit: tuple[int, bool] = NO_CREDIT
) -> str | None:
    """May ``space`` be added to the region being drawn? Only if it keeps the region connected and
    the region can still be closed into a legal pasture with the fences and wood at hand
    (digest §5.8, D-29)."""
    blocked = blocked_for_fences(farm)
    if space in region:
        return "it is already marked"
    if space not in fence_rules.extendable_spaces(GRID, region, farm["fences"], blocked):
        if space in blocked:
            return "a room or a field stands there"
        return "it does not extend the marked spaces into one pasture"
    if not fence_rules.can_reach_closable(
        GRID,
        region + [space],
        farm["fences"],
        blocked,
        fences_left(farm),
        fence_capacity(farm, credit),
    ):
        return "no legal pasture containing it can be closed with the fences and wood left"
    return None


def legal_fence_spaces(farm: Farm, region: list[int]) -> list[int]:
    return [s for s in GRID.spaces() if fence_space_problem(farm, region, s) is None]


def close_problem(
    farm: Farm, region: list[int], credit: tuple[int, bool] = NO_CREDIT, pay: int = 0
) -> tuple[str, dict] | None:
    """Why the region cannot be closed into a pasture now, paying the ``pay``-th of
    :func:`fence_prices`: (code, params) or None."""
    blocked = blocked_for_fences(farm)
    code = fence_rules.region_problem(GRID, region, farm["fences"], blocked)
    if code is not None:
        return code, {}
    needed = len(fence_rules.new_fences_needed(GRID, region, farm["fences"]))
    if needed > fences_left(farm):
        return "not_enough_fences", {"needed": needed, "fences_left": fences_left(farm)}
    prices = fence_prices(farm, needed, credit) if pay else [(None, 0)]
    if not 0 <= pay < len(prices):
        return "fence_payment_invalid", {"count": len(prices) - 1}
    wood = prices[pay][1] if pay else fence_price(farm, needed, credit)
    if wood > farm["supply"]["wood"]:
        return "not_enough_goods", {
            "cost": f"{wood} wood",
            "have": f"{farm['supply']['wood']} wood",
            "what": f"{needed} fences",
        }
    return None


def close_region(
    farm: Farm, region: list[int], credit: tuple[int, bool] = NO_CREDIT, pay: int = 0
) -> dict:
    """What closing ``region`` builds: new fences, wood (the ``pay``-th of
    :func:`fence_prices`, and the card that offers it), the pastures after, and whether it
    subdivides an existing pasture (digest §5.8 rules 1, 9)."""
    new = sorted(fence_rules.new_fences_needed(GRID, region, farm["fences"]))
    after = sorted(set(farm["fences"]) | set(new))
    subdivides = bool(set(region) & fenced_spaces(farm))
    card, wood = (
        fence_prices(farm, len(new), credit)[pay]
        if pay
        else (None, fence_price(farm, len(new), credit))
    )
    return {
        "card": card,
        "fences": new,
        "wood": wood,
        "all_fences": after,
        "pastures": fence_rules.pastures(GRID, after),
        "subdivides": subdivides,
    }
