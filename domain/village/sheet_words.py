"""The Village score sheet's labels that carry a count ("Travel (3 cities)", "Village chronicle
(2 members)"), in the reader's language: ``scoring.categories`` writes them in English with the
count inside, so they are read back and said again as whole messages
(``domain.common.i18n.sheet_in_language`` asks :func:`scoring_label`)."""

from __future__ import annotations

import re

from domain.common.i18n import ngettext, npgettext, register_sheet_labels

#: the score sheet's labels that carry a count (``scoring.categories``): their English, read
#: back, and the whole message in the reader's words
COUNTED_LABELS = {
    "travel": (
        re.compile(r"Travel \((\d+) cities\)$"),
        ("Travel ({n} city)", "Travel ({n} cities)"),
    ),
    "chronicle": (
        re.compile(r"Village chronicle \((\d+) members\)$"),
        ("Village chronicle ({n} member)", "Village chronicle ({n} members)"),
    ),
    "customers": (
        re.compile(r"Customers \((\d+)\)(?: - points of (\d+) are placeholders or unverified)?$"),
        ("Customers ({n})", "Customers ({n})"),
    ),
}


def scoring_label(category: dict) -> str | None:
    """A score-sheet label with its count in the reader's language ("Путешествия (3 города)"),
    None for the labels without one (``sheet_in_language`` translates those)."""
    key = category.get("key")
    if key not in COUNTED_LABELS:
        return None
    pattern, (one, many) = COUNTED_LABELS[key]
    found = pattern.match(str(category.get("label", "")))
    if found is None:
        return None
    n = int(found.group(1))
    text = npgettext("village scoring", one, many, n).format(n=n)
    marked = found.groups()[1] if len(found.groups()) > 1 else None
    if marked:
        text += ngettext(
            " - points of {n} are placeholders or unverified",
            " - points of {n} are placeholders or unverified",
            int(marked),
        ).format(n=int(marked))
    return text


register_sheet_labels("village", scoring_label)
