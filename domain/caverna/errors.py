"""Rule violations of Caverna, each with a stable code and a sentence in the game's nouns.

Every code the title raises is registered here; the tests raise each of them.
"""

from __future__ import annotations

from domain.common.errors import RuleViolation, register_messages

MESSAGES = {
    "caverna_unknown_space": "There is no action space '{space}' in this game of Caverna.",
    "caverna_space_not_available": "{space_name} is not on the board now: it is not used "
    "with {players} players or its round card is not out yet.",
    "caverna_space_occupied": "{space_name} is already occupied by a dwarf of {occupant_name}.",
    "caverna_no_dwarf": "{seat_name} has no dwarf left in the cave this round.",
    "caverna_dwarf_order": "{seat_name} must place the dwarf with {expected} first; placing "
    "another one costs 1 ruby (digest §7.5).",
    "caverna_nothing_to_do": "{seat_name} could not do anything on {space_name} now, and a "
    "dwarf may not be placed without doing one of its actions "
    "(digest §3.3).",
    "caverna_option_invalid": "{space_name} has no option '{option}' for {seat_name}: {reason}.",
    "caverna_imitation_invalid": "{seat_name} cannot imitate {target_name}: {reason} "
    "(digest §7.8).",
    "caverna_not_enough": "{seat_name} cannot pay {cost} for {what}: they have {have}.",
    "caverna_part_unavailable": "{seat_name} cannot {what} now: {reason}.",
    "caverna_spot_illegal": "{seat_name} cannot place {what} on {where}: {reason}.",
    "caverna_furnishing_unavailable": "The {tile_name} is not on the supply boards: {reason}.",
    "caverna_growth_impossible": "{seat_name} cannot grow the family: {reason} (digest §7.1).",
    "caverna_forge_impossible": "{seat_name} cannot forge a weapon of strength {strength}: "
    "{reason} (digest §7.2).",
    "caverna_loot_invalid": "{seat_name} cannot take {item} as loot: {reason} (digest §7.3).",
    "caverna_market_invalid": "{seat_name} cannot buy {good} at the Weekly market: {reason}.",
    "caverna_animals_unhoused": "{seat_name} must first turn into food or let go the animals "
    "that do not fit the home board ({animals}).",
    "caverna_convert_invalid": "{seat_name} cannot {what}: {reason}.",
    "caverna_step_not_expected": "{seat_name} cannot {what} now: {reason}.",
    "caverna_newborns_invalid": "{seat_name} cannot keep {choice}: the home board has room "
    "for {options}.",
}
register_messages(MESSAGES)


class CavernaViolation(RuleViolation):
    """A move that breaks a rule of Caverna (see ``MESSAGES``)."""

    code = "caverna_part_unavailable"
