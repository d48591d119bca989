"""The step a Village player is in, in words, for a page that walks them through it on the
board (``Title.step_prompt``; digest §4 actions, §4.4.1 market day, §4.6 privileges).

``step_prompt(state, seat)`` names the step (``step``), says what it asks and where on the
board (``left``) and gives the heading its moves are listed under (``group``, as
:func:`.labels.move_group`).
"""

from __future__ import annotations

from domain.common.i18n import N_, gettext, join_list, ngettext

from .labels import DECISIONS
from .text import _space

#: what each action space asks once its cube is taken, and where (digest §4.1-§4.8)
ACT_WORDS = {
    "harvest": N_("harvest grain below; or Do nothing more"),
    "family": N_("have a child, or call a family member home, below; or Do nothing more"),
    "crafts": N_(
        "click a craft building of your farmyard to train or make a good there; or Do nothing more"
    ),
    "market": N_("serve a customer at a stall of the market; or Do nothing more"),
    "travel": N_(
        "click a city on the travel map to send a family member there; or Do nothing more"
    ),
    "council": N_("seat or move up a family member on the council, below; or Do nothing more"),
    "church": N_("send a family member to church, below; or Do nothing more"),
}
OTHER_ACT = N_("choose below; or Do nothing more")


def step_prompt(state: dict, seat: int) -> dict | None:
    """``{"step", "left", "group"}`` for the step ``seat`` is in, or None between steps."""
    step = state.get("step") or {}
    decisions = gettext(DECISIONS)
    if not step and state.get("market_day") is not None and state.get("dying") is None:
        return {
            "step": gettext("Market day"),
            "left": gettext("click a customer at a stall of the market to serve them, or Pass"),
            "group": decisions,
        }
    if step.get("seat") != seat:
        return None
    kind = step.get("kind")
    if kind == "act":
        space = step["space"]
        return {
            "step": _space(space),
            "left": gettext(ACT_WORDS.get(space, OTHER_ACT)),
            "group": _space(space),
        }
    if kind == "space":
        return {
            "step": gettext("Choose an action"),
            "left": gettext("click the action space whose action you carry out"),
            "group": decisions,
        }
    if kind == "privilege":
        steps = join_list([str(s) for s in step.get("steps", [])])
        return {
            "step": gettext("Council privilege"),
            "left": gettext("take the privilege of step {steps} below, or Do nothing more").format(
                steps=steps
            ),
            "group": decisions,
        }
    if kind == "cubes":
        n = step.get("n", 1)
        return {
            "step": gettext("Choose cubes"),
            "left": ngettext("choose {n} cube below", "choose {n} cubes below", n).format(n=n),
            "group": decisions,
        }
    return None
