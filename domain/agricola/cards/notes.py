"""A card's own sentence of a ``CardStateSet`` event, in the reader's language.

The rules write the sentence into the event's ``note`` in English (older events keep theirs),
so the words are made again at read time from the event's facts: a fixed note is a message of
the catalogues; the notes that carry a number or a space (Acrobat K269, Greenhouse K117, Pelts
K339) are rebuilt from the event's ``value`` with a whole-sentence message each.
"""

from __future__ import annotations

from domain.common.i18n import N_, gettext, join_list, ngettext

from ..state import space_name
from .claim_moves import ACROBAT, ACROBAT_TO
from .words import or_list

#: the notes whose words never change (``CardStateSet`` ``note`` as the rules write it)
FIXED = (
    N_("the new minor improvements are drawn"),
    N_("1 wood less paid; used for this round"),
    N_("ready again this round"),
    N_("no round is left for its vegetables"),
    N_("its vegetable may be bought for 1 food before the next placement"),
    N_("the next stable costs nothing"),
    N_("its free stable is used"),
    N_("7 new minor improvements will be drawn"),
    N_("1 grain for 1 vegetable"),
    N_("used in this feeding phase"),
    N_("no food goes into a room now"),
    N_("it may bake bread in this action"),
    N_("its bake is used"),
    N_("its bake was not used"),
)
_FIXED = frozenset(FIXED)

GREENHOUSE_ROUNDS = "K117/rounds"
PELTS_OWED = "K339/owed"


def note_text(d: dict) -> str | None:
    """The note of ``d`` (a ``CardStateSet``'s data) in the reader's language; None when the
    event has no note."""
    note = d.get("note")
    if not note:
        return None
    if note in _FIXED:
        return gettext(note)
    value = d.get("value")
    if d.get("card") == ACROBAT and isinstance(value, dict):
        targets = or_list([space_name(s) for s in ACROBAT_TO])
        return gettext(
            "may move that person to {spaces}, if free, at the end of the work phase"
        ).format(spaces=targets)
    if d.get("key") == GREENHOUSE_ROUNDS and value:
        rounds = join_list([str(r) for r in value])
        return ngettext(
            "1 vegetable waits on round {rounds}",
            "1 vegetable waits on rounds {rounds}",
            len(value),
        ).format(rounds=rounds)
    if d.get("key") == PELTS_OWED and isinstance(value, int) and value:
        return ngettext(
            "{n} food may still go into a room", "{n} food may still go into a room", value
        ).format(n=value)
    return str(note)  # a note this module does not know yet: the rules' English
