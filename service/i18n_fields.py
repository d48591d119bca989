"""marshmallow's field messages in the reader's language (issue 36): a 422's ``detail`` and
``errors`` carry the Russian or Czech of "Not a valid integer."; the field names (the keys),
the problem's ``type``, ``title`` and ``code`` stay English identifiers.

marshmallow formats its messages before we see them ("Must be greater than or equal to 1."),
so each of its templates is kept here with its placeholders, matched against the formatted
message, and said again from the catalogue's translation of the template (context
``"marshmallow"``) with the values it carried. A message no template matches (a schema's own
wording) stays as it is.
"""

from __future__ import annotations

import re
from typing import Any

from domain.common.i18n import language, pgettext

CONTEXT = "marshmallow"

#: marshmallow's own messages (its fields' ``default_error_messages``, its validators' and
#: its schema's), written out with their placeholders; a range's bounds in every wording it
#: makes of them (``validate.Range``: "greater than or equal to" …)
TEMPLATES = (
    "Missing data for required field.",
    "Field may not be null.",
    "Invalid input type.",
    "Invalid input.",
    "Invalid type.",
    "Invalid value.",
    "Unknown field.",
    "Not a valid string.",
    "Not a valid utf-8 string.",
    "Not a valid integer.",
    "Not a valid number.",
    "Not a valid boolean.",
    "Not a valid list.",
    "Not a valid tuple.",
    "Not a valid mapping type.",
    "Not a valid UUID.",
    "Not a valid URL.",
    "Not a valid email address.",
    "Not a valid date.",
    "Not a valid period of time.",
    "Not a valid IP address.",
    "Not a valid IPv4 address.",
    "Not a valid IPv6 address.",
    "Not a valid {obj_type}.",
    "Number too large.",
    "Special numeric values (nan or infinity) are not permitted.",
    "String does not match expected pattern.",
    "Length must be between {min} and {max}.",
    "Length must be {equal}.",
    "Longer than maximum length {max}.",
    "Shorter than minimum length {min}.",
    "Must be equal to {other}.",
    "Must be one of: {choices}.",
    "One or more of the choices you made was in: {values}.",
    "One or more of the choices you made was not in: {choices}.",
    "Must be greater than {min}.",
    "Must be greater than or equal to {min}.",
    "Must be less than {max}.",
    "Must be less than or equal to {max}.",
    "Must be greater than {min} and less than {max}.",
    "Must be greater than {min} and less than or equal to {max}.",
    "Must be greater than or equal to {min} and less than {max}.",
    "Must be greater than or equal to {min} and less than or equal to {max}.",
)


#: the messages of this service's own schemas (``service/schemas/requests.py``)
OWN = (
    "A player name cannot be blank.",
    "A player name cannot start or end with spaces.",
    "A player name cannot hold control or unassigned characters.",
    "Two seats cannot share the name {name}.",
    "A seed must be a whole number, or its decimal digits as a string.",
    "A player name is a string.",
    'A seat without a bot is {"name": ...}.',
    'A seat is a name, {"name": ...} or {"bot": "random" | "greedy" | "search", "level": n}.',
)


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    regex = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)
    )
    return re.compile(f"^{regex}$")


#: the templates as patterns, the ones without placeholders first (an exact match wins)
_PATTERNS = sorted(((_pattern(t), t) for t in (*TEMPLATES, *OWN)), key=lambda p: "{" in p[1])


def translate_message(text: str) -> str:
    """One formatted marshmallow message in the bound language (itself when no template
    matches, or in English)."""
    for pattern, template in _PATTERNS:
        found = pattern.match(text)
        if found is not None:
            values = found.groupdict()
            if not values:
                return pgettext(CONTEXT, template)
            try:
                return pgettext(CONTEXT, template).format(**values)
            except (KeyError, IndexError, ValueError):
                return text
    return text


def translate_messages(messages: Any) -> Any:
    """marshmallow's (nested) messages with every message in the bound language and every
    key (a field name, a location, an index) as it was."""
    if language() == "en":
        return messages
    if isinstance(messages, dict):
        return {key: translate_messages(value) for key, value in messages.items()}
    if isinstance(messages, list | tuple):
        return [translate_messages(value) for value in messages]
    if isinstance(messages, str):
        return translate_message(messages)
    return messages
