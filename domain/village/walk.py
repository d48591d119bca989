"""The step a Village player is in, in words, for a page that walks them through it on the
board (``Title.step_prompt``; digest §4 actions, §4.4.1 market day, §4.6 privileges).

``step_prompt(state, seat)`` names the step (``step``), says what it asks and where on the
board (``left``) and gives the heading its moves are listed under (``group``, as
:func:`.labels.move_group`).
"""

from __future__ import annotations

from .text import SPACE_NAMES

#: what each action space asks once its cube is taken, and where (digest §4.1-§4.8)
ACT_WORDS = {
    "harvest": "harvest grain below",
    "family": "have a child, or call a family member home, below",
    "crafts": "click a craft building of your farmyard to train or make a good there",
    "market": "serve a customer at a stall of the market",
    "travel": "click a city on the travel map to send a family member there",
    "council": "seat or move up a family member on the council, below",
    "church": "send a family member to church, below",
}


def step_prompt(state: dict, seat: int) -> dict | None:
    """``{"step", "left", "group"}`` for the step ``seat`` is in, or None between steps."""
    step = state.get("step") or {}
    if not step and state.get("market_day") is not None and state.get("dying") is None:
        return {
            "step": "Market day",
            "left": "click a customer at a stall of the market to serve them, or Pass",
            "group": "Decisions",
        }
    if step.get("seat") != seat:
        return None
    kind = step.get("kind")
    if kind == "act":
        space = step["space"]
        return {
            "step": SPACE_NAMES[space],
            "left": f"{ACT_WORDS.get(space, 'choose below')}; or Do nothing more",
            "group": SPACE_NAMES[space],
        }
    if kind == "space":
        return {
            "step": "Choose an action",
            "left": "click the action space whose action you carry out",
            "group": "Decisions",
        }
    if kind == "privilege":
        steps = " and ".join(str(s) for s in step.get("steps", []))
        return {
            "step": "Council privilege",
            "left": f"take the privilege of step {steps} below, or Do nothing more",
            "group": "Decisions",
        }
    if kind == "cubes":
        n = step.get("n", 1)
        return {
            "step": "Choose cubes",
            "left": f"choose {n} cube{'s' if n != 1 else ''} below",
            "group": "Decisions",
        }
    return None
