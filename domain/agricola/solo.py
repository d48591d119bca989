"""The solo game's options (digest §9.2 item 7): a fixed order of the round cards.

"Play the rounds one after another … you may even lay the round cards out in a chosen order"
[000 L434; 003 L239; 004 L411]. The option ``round_order`` lists the 14 round cards in the
order they will be revealed; each stage's cards must fill that stage's rounds (digest §2.1 item
2, §3.1: the order of the stages never changes, only the order within a stage). A recorded solo
game (on paper, or from another site) can so be replayed card for card. The family game's solo
takes the option too; games of 2 to 5 players shuffle the stages as usual.

The order is public (the only player chose it), is recorded in ``GameSetUp`` and is read when
each round starts (``flow.start_round``); no draw is made for a round card then.
"""

from __future__ import annotations

from domain.common.errors import BadGameConfig

from .action_spaces import FULL_ROUND_CARDS, ROUND_CARDS
from .tables import LAST_ROUND, STAGE_OF_ROUND

#: A full-game round card's family-side id (the stage tables list the family ids).
_FAMILY_ID = {full: family for family, full in FULL_ROUND_CARDS.items()}


def _refuse(variant: str, reason: str) -> BadGameConfig:
    return BadGameConfig(
        "bad_option", title="Agricola", variant=variant, option="round_order", reason=reason
    )


def check_round_order(order: list[str], players: int, variant: str) -> list[str]:
    """The round order as the stage tables name the cards, or a sentence why it cannot be
    played (digest §9.2 item 7, §3.1). An empty list means "shuffle as usual"."""
    if not order:
        return []
    if players != 1:
        raise _refuse(
            variant, "only a solo game may fix the order of the round cards (digest §9.2 item 7)"
        )
    if len(order) != LAST_ROUND:
        raise _refuse(variant, f"it must name all {LAST_ROUND} round cards, not {len(order)}")
    known = {c for cards in ROUND_CARDS.values() for c in cards}
    family = [_FAMILY_ID.get(c, c) for c in order]
    for given, card in zip(order, family):
        if card not in known:
            raise _refuse(
                variant,
                f"'{given}' is not a round card; the round cards are {', '.join(sorted(known))}",
            )
    for round_no, card in enumerate(family, start=1):
        stage = STAGE_OF_ROUND[round_no]
        if card not in ROUND_CARDS[stage]:
            given = order[round_no - 1]
            raise _refuse(
                variant,
                f"round {round_no} belongs to stage {stage}, whose cards "
                f"are {', '.join(ROUND_CARDS[stage])}, so '{given}' cannot "
                f"come then (the stages keep their order, digest §3.1)",
            )
    doubled = sorted({c for c in family if family.count(c) > 1})
    if doubled:
        raise _refuse(variant, f"'{doubled[0]}' is named twice")
    return family
