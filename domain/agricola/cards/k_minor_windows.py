"""What the K deck's minor improvements add to a full game's extension (issue 23 item 3;
docs/rules/cards-k-minors.md): :func:`install` puts the hooks of their modules into the windows
``cards/extension.py`` has built, after the E deck's (so their order there is unchanged).

* draw: the Broom's draw after the move (``broom.py``, K125);
* action: the several-ploughings step (``card_ploughing.py``, K124, K134: pending ``plough_n``
  takes ``plough`` and ``done``), ``done`` on an occupation action once its occupation is played
  (declining the Bread Paddle's bake, K111), steps kept open (the Broom's minor, the bakes of
  ``card_bakes.py``, K111, K113);
* build costs: reed paid with wood (``wood_roofs.py``, K136); fences and stables
  (``numbered_fences.py``, K121);
* animals: ``homes.py`` (K120, K145); family growth: ``dwellers.py`` (K138).
"""

from __future__ import annotations

from ..abilities import Bind, CardModule
from . import broom, card_bakes, card_ploughing, dwellers, homes, numbered_fences, wood_roofs

#: What the K deck's minor improvements bind (after the E deck's hooks, in this order).
MODULE = CardModule(
    "k_minor_windows",
    binds=(
        Bind("draw", broom.draw),
        Bind("step_kinds", (card_ploughing.KIND,), key="plough"),
        Bind("step_kinds", (card_ploughing.KIND, "occupation"), key="done"),
        Bind("optional_left", card_ploughing.left, key=card_ploughing.KIND),
        Bind("extra_steps", broom.open_step),
        Bind("extra_steps", card_bakes.keeps_open),
        Bind("alternatives", wood_roofs.room_alternatives, key="room"),
        Bind("alternatives", wood_roofs.renovation_alternatives, key="renovation"),
        Bind("fence_price", numbered_fences.fence_price),
        Bind("fence_capacity", numbered_fences.fence_capacity),
        Bind("stable_price", numbered_fences.stable_price),
        Bind("housing", homes.housing),
        Bind("outside_rooms", dwellers.outside_rooms),
    ),
)
