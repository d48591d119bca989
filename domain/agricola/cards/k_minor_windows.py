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

from ..extension import Extension
from . import broom, card_bakes, card_ploughing, dwellers, homes, numbered_fences, wood_roofs


def install(ext: Extension) -> Extension:
    ext.draw.append(broom.draw)
    kinds = ext.step_kinds
    kinds["plough"] = kinds.get("plough", ()) + (card_ploughing.KIND,)
    kinds["done"] = kinds.get("done", ()) + (card_ploughing.KIND, "occupation")
    ext.optional_left[card_ploughing.KIND] = card_ploughing.left
    ext.extra_steps += [broom.open_step, card_bakes.keeps_open]
    ext.alternatives["room"].append(wood_roofs.room_alternatives)
    ext.alternatives["renovation"].append(wood_roofs.renovation_alternatives)
    ext.fence_price.append(numbered_fences.fence_price)
    ext.fence_capacity.append(numbered_fences.fence_capacity)
    ext.stable_price.append(numbered_fences.stable_price)
    ext.housing.append(homes.housing)
    ext.outside_rooms.append(dwellers.outside_rooms)
    return ext
