"""Rule violations of Village, each with a stable code and a sentence in the game's nouns.

Every code the title raises is registered here; the tests raise each of them.
"""

from __future__ import annotations

from domain.common.errors import RuleViolation, register_messages

MESSAGES = {
    "village_pack_invalid": "The Village data pack {path} cannot be used: {reason}.",
    "village_no_cube": "There is no {colour} cube on {space_name} to take.",
    "village_well_closed": "The Well cannot be used: {reason} (digest §4.9).",
    "village_cannot_pay": "{seat_name} cannot pay for {what}: {reason}.",
    "village_no_member": "{seat_name} has no member of generation {gen} {where}.",
    "village_action_invalid": "{seat_name} cannot {what} now: {reason}.",
    "village_not_now": "{seat_name} cannot {what} now: the game is waiting for {expected}.",
}
register_messages(MESSAGES)


class VillageViolation(RuleViolation):
    """A move that breaks a rule of Village (see ``MESSAGES``)."""

    code = "village_action_invalid"
