"""Rule violations of Agricola, each with a stable code and a message naming the game's nouns.

Every code raised by the title is registered here (``MESSAGES``); tests check each of them.
"""

from __future__ import annotations

from domain.common.errors import RuleViolation, register_messages

#: Message templates by code (digest section of the rule in brackets where it helps a referee).
MESSAGES = {
    "unknown_action_space": "There is no action space '{space}' in this game of Agricola.",
    "action_space_not_available": "{space_name} is not on the board in round {round}: its "
    "round card has not been revealed or it is not used with "
    "{players} players.",
    "action_space_occupied": "{space_name} is already occupied by {occupant_name}.",
    "action_space_empty": "{space_name} is empty, so {seat_name} cannot use it (an "
    "accumulating space may not be taken while empty, digest D-22).",
    "action_not_possible": "{seat_name} cannot use {space_name}: {reason}.",
    "action_option_invalid": "{seat_name} cannot use {space_name} that way: {reason}.",
    "not_enough_goods": "{seat_name} cannot pay {cost} for {what}: they have {have}.",
    "room_space_illegal": "{seat_name} cannot build a room on {space_label}: {reason}.",
    "stable_space_illegal": "{seat_name} cannot build a stable on {space_label}: {reason}.",
    "stable_limit_reached": "{seat_name} has already built all 4 stables (digest §5.3).",
    "field_space_illegal": "{seat_name} cannot plough {space_label}: {reason}.",
    "field_not_sowable": "{seat_name} cannot sow {crop} on {space_label}: {reason}.",
    "bake_not_possible": "{seat_name} cannot bake {grain} grain with the {improvement_name}: "
    "{reason}.",
    "major_not_available": "The {major_name} is not on the major improvement board: "
    "{owner_name} owns it.",
    "major_payment_invalid": "{seat_name} cannot build the {major_name} that way: {reason}.",
    "renovation_not_possible": "{seat_name} cannot renovate the {house}: {reason}.",
    "family_growth_not_possible": "{seat_name} cannot grow the family: {reason}.",
    "fence_space_not_allowed": "{seat_name} cannot add {space_label} to the pasture being "
    "drawn: {reason}.",
    "pasture_empty": "{seat_name} has not marked any space for a new pasture yet.",
    "pasture_not_connected": "The spaces {seat_name} marked ({spaces}) are not connected, so "
    "they cannot form one pasture (digest §5.8).",
    "pasture_on_blocked_space": "A pasture of {seat_name} may not contain a room or a field "
    "({spaces}; digest §5.8 rule 6).",
    "pasture_overlaps": "The spaces {seat_name} marked ({spaces}) lie partly inside an "
    "existing pasture (digest §5.8).",
    "pasture_already_exists": "The spaces {seat_name} marked ({spaces}) are already exactly one "
    "pasture.",
    "pasture_not_adjacent": "A new pasture of {seat_name} must share an edge with an existing "
    "pasture ({spaces} do not; digest §5.8 rule 5).",
    "not_enough_fences": "{seat_name} needs {needed} fences but has only {fences_left} of 15 "
    "left (digest §5.8 rule 7).",
    "fence_payment_invalid": "{seat_name} cannot close the pasture ({spaces}) that way: 'pay' "
    "must be a number from 0 to {count}, one of the prices its cards offer.",
    "fence_region_clear_limit": "{seat_name} has already cleared the marked spaces {limit} "
    "times in this fence action.",
    "action_incomplete": "{seat_name} cannot finish {space_name} yet: {reason}.",
    "animals_must_be_housed": "{seat_name} must first release or cook the animals that do not "
    "fit on the farm ({animals}).",
    "no_animal_to_release": "{seat_name} has no {animal} to release.",
    "nothing_to_convert": "{seat_name} has no {good} to turn into food.",
    "count_invalid": "{seat_name} cannot {what} {count} {good} at once: {reason}.",
    "no_cooking_improvement": "{seat_name} needs a Fireplace or a Cooking Hearth to cook "
    "{good} (digest §5.10).",
    "conversion_not_now": "{seat_name} cannot turn {good} into food now: {reason}.",
    "workshop_already_used": "{seat_name} has already used the {major_name} in this harvest "
    "(at most 1 {good} per harvest, digest D-03).",
    "newborns_choice_invalid": "{seat_name} cannot keep {choice}: the farm has room for {options}.",
    "step_not_expected": "{seat_name} cannot {what} now: {reason}.",
}
register_messages(MESSAGES)


class AgricolaViolation(RuleViolation):
    """A move that breaks a rule of Agricola (see ``MESSAGES`` for the codes)."""

    code = "action_not_possible"


class ActionSpaceOccupied(AgricolaViolation):
    code = "action_space_occupied"


class NotEnoughGoods(AgricolaViolation):
    code = "not_enough_goods"


class IllegalFarmPlacement(AgricolaViolation):
    """A room, stable or field on a farmyard space where the rules forbid it."""

    code = "room_space_illegal"


class PastureNotAllowed(AgricolaViolation):
    """A fence-drawing step that cannot make a legal pasture (digest §5.8)."""

    code = "pasture_not_connected"


class AnimalsProblem(AgricolaViolation):
    code = "animals_must_be_housed"


class StepNotExpected(AgricolaViolation):
    code = "step_not_expected"
