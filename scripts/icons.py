"""Build the board icons' symbol sprite from the Game Icons set (CC BY 3.0) in Iconify JSON.

``python scripts/icons.py <icons.json>`` writes ``service/web/static/icons.svg``: one
``<symbol id="…">`` per name in :data:`ICONS` (our name -> the set's icon name), each unchanged
from ``@iconify-json/game-icons`` (pinned in scripts/vendor.sh). The pages draw an icon with
``<svg><use href="…/icons.svg#wood"/></svg>``: one cached file, a few bytes per icon on a page.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

#: our name (a good, an animal, a board thing) -> the icon's name in the set
ICONS = {
    # goods
    "wood": "wood-pile",
    "clay": "clay-brick",
    "reed": "reed",
    "stone": "stone-block",
    "grain": "wheat",
    "vegetable": "carrot",
    "food": "meal",
    "ore": "ore",
    "ruby": "cut-diamond",
    "gold": "two-coins",
    "coin": "two-coins",
    "coins": "two-coins",
    # animals
    "sheep": "sheep",
    "boar": "boar",
    "cattle": "cow",
    "donkey": "donkey",
    "dog": "sitting-dog",
    "horse": "horse-head",
    "ox": "bull",
    # people and things on a farm
    "person": "meeple",
    "dwarf": "dwarf-face",
    "weapon": "broadsword",
    "room": "wood-cabin",
    "stable": "barn",
    "fence": "wooden-fence",
    "field": "plow",
    "plough": "plow",
    "harvest": "sickle",
    "card": "card-random",
    "begging": "bindle",
    # Village
    "scroll": "scroll-unfurled",
    "wagon": "cartwheel",
    "time": "hourglass",
    "grave": "tombstone",
    "church": "church",
    "council": "scales",
    "monk": "monk-face",
    "pp": "laurel-crown",
    "travel": "road",
    "market": "cash",
    "crafts": "hammer-nails",
    "family": "family-house",
    "plague": "death-skull",
}


def build(icons_json: Path) -> str:
    data = json.loads(icons_json.read_text())
    width, height = data.get("width", 512), data.get("height", 512)
    aliases = data.get("aliases", {})
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg">',
        "<!-- Game Icons (game-icons.net) by Lorc, Delapouite and contributors, CC BY 3.0, "
        "from the npm package @iconify-json/game-icons; see vendor/game-icons-1.2.4/LICENSE -->",
    ]
    for ours, theirs in ICONS.items():
        name = aliases.get(theirs, {}).get("parent", theirs)
        icon = data["icons"][name]
        w, h = icon.get("width", width), icon.get("height", height)
        out.append(f'<symbol id="{ours}" viewBox="0 0 {w} {h}">{icon["body"]}</symbol>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    target = Path(__file__).resolve().parent.parent / "service/web/static/icons.svg"
    target.write_text(build(Path(sys.argv[1])))
    print(target, target.stat().st_size, "bytes")
