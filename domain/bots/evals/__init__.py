"""Evaluations that know each game (issue 37 item 1): the value of a position for a seat is
its score-sheet total now plus what the title's evaluation expects the position to add by the
end (goods on their way to points, the family's placements to come, the harvests ahead and the
food they need, fields and animals and what they will bear).

One module per title (``agricola.py``, ``caverna.py``, ``village.py``), each with named
``FEATURES``, hand-set ``WEIGHTS`` documented and cited to the rulebook digest, and
``features(state, seat)``, and ``ALIVE`` (the features that say whether its family is fed;
:func:`extra` and :func:`alive` here are the one place they are weighed). A title without
one here falls back to its own ``Title.evaluate`` hook.

**Fitted weights.** ``chronicle bots train`` may fit a title's weights by self-play regression
and write them as data (``models/<title>.json``: ``{"title", "features", "weights"}``). At
first use the file is read; a missing file means the hand-set weights; a corrupt one (not JSON,
unknown features, non-numeric or non-finite weights) is refused with a logged warning and the
hand-set weights are used: a bot never fails for its model.
"""

from __future__ import annotations

import json
import logging
import math
import os
from pathlib import Path
from types import ModuleType
from typing import Any

from . import agricola, caverna, village

log = logging.getLogger(__name__)

#: title name -> its evaluation module
MODULES: dict[str, ModuleType] = {"agricola": agricola, "caverna": caverna, "village": village}
#: where fitted weights live (``CHRONICLE_BOT_MODELS`` overrides, for tests and training)
MODEL_DIR = Path(__file__).with_name("models")
_weights: dict[str, dict[str, float] | None] = {}


def model_dir() -> Path:
    return Path(os.environ.get("CHRONICLE_BOT_MODELS") or MODEL_DIR)


def load_weights(title: str, path: Path | None = None) -> dict[str, float] | None:
    """The fitted weights of ``title`` from its model file, or None (hand-set weights) when
    there is none or it is corrupt (then with a logged warning)."""
    module = MODULES.get(title)
    if module is None:
        return None
    path = path or model_dir() / f"{title}.json"
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text())
        weights = data["weights"]
        if not isinstance(weights, dict) or set(weights) - set(module.FEATURES):
            raise ValueError("unknown features")
        out = {}
        for key, value in weights.items():
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"weight {key} is not a number")
            if not math.isfinite(value):
                raise ValueError(f"weight {key} is not finite")
            out[key] = float(value)
        return {**module.WEIGHTS, **out}
    except (OSError, ValueError, KeyError, TypeError) as err:
        log.warning("bot model %s is unusable (%s); the hand-set evaluation is used", path, err)
        return None


def weights_of(title: str) -> dict[str, float] | None:
    if title not in _weights:
        _weights[title] = load_weights(title)
    return _weights[title]


def reset() -> None:
    """Forget loaded models (tests, and after ``chronicle bots train`` writes one)."""
    _weights.clear()


def title_of(rules: Any) -> str:
    return str(getattr(rules, "name", ""))


#: The evaluation's versions. The platform's zombie levels pin one (``bots/zombie.py``), and
#: audits re-derive a dropped seat's moves with the level it was recorded with, so a version's
#: features and hand-set weights never change: a better evaluation is a new version here (the
#: search bots take the newest), and each title's ``features`` keeps counting the old ones.
EVAL_VERSION = 2


def extra(rules: Any, state: dict, seat: int, version: int | None = None) -> float:
    """What ``seat``'s position will add beyond its score sheet, by the title's evaluation
    here (its features times its weights, fitted or hand-set; 0 once the game is over), or by
    its own ``evaluate`` hook when it has none here. With ``version`` (a pinned evaluation:
    the zombie's), that version's features by the hand-set weights only."""
    module = MODULES.get(title_of(rules))
    if module is None:
        hook = getattr(rules, "evaluate", None)
        return float(hook(state, seat) or 0.0) if callable(hook) else 0.0
    if state.get("phase") == "finished":
        return 0.0
    if version is not None:
        return weighted(module.features(state, seat, version), module.WEIGHTS)
    return weighted(module.features(state, seat), weights_of(title_of(rules)) or module.WEIGHTS)


def weighted(values: dict[str, float], weights: dict[str, float]) -> float:
    """The sum of feature ``values`` times their ``weights`` (a feature without one counts 0)."""
    return sum(weights.get(k, 0.0) * v for k, v in values.items())


def values(rules: Any, state: dict, version: int | None = None) -> list[float]:
    """Every seat's expected final total: its score-sheet total now plus :func:`extra` (of
    evaluation ``version`` when one is pinned)."""
    sheet = rules.score_sheet(state)
    totals = [float(row.get("total") or 0) for row in sheet.get("seats", [])]
    if rules.status(state).finished:
        return totals
    return [t + extra(rules, state, s, version) for s, t in enumerate(totals)]


def features(rules: Any, state: dict, seat: int) -> dict[str, float] | None:
    """The title's named features for ``seat`` (None for a title without an evaluation here)."""
    module = MODULES.get(title_of(rules))
    return None if module is None else module.features(state, seat)


def alive(rules: Any, state: dict, seat: int, version: int = EVAL_VERSION) -> float:
    """How safely ``seat``'s farm or cave gets through the harvests ahead (0 at best; negative
    for begging to come): the title's ``ALIVE`` features (its feeding ones) by their hand-set
    weights, as evaluation ``version`` counts them; 0 for a title without an evaluation here or
    with nothing to feed (Village). What the platform's zombie keeps up for a dropped seat
    (issue 37 item 4)."""
    module = MODULES.get(title_of(rules))
    if module is None or not module.ALIVE or state.get("phase") == "finished":
        return 0.0
    values = module.features(state, seat, version)
    return weighted({k: values[k] for k in module.ALIVE}, module.WEIGHTS)
