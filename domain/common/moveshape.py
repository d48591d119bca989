"""The shape of a move object, checked the same way by every title that declares its moves as
``{type: (required fields, optional fields)}`` with each field's type (``int``, ``str`` or
``list``, a short list of strings): an unknown type, an unknown or missing field or a value of
the wrong type is refused with :class:`~.errors.InvalidMove` and a sentence naming it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import InvalidMove

#: A move type's fields: (required, optional), each field name -> its type.
Shape = tuple[Mapping[str, type], Mapping[str, type]]

#: The longest list a list field may hold.
MAX_LIST = 10


def move_type(move: object) -> str:
    """``move``'s type; refused unless ``move`` is a JSON object with a ``type`` string."""
    if not isinstance(move, dict):
        raise InvalidMove(reason="a move must be a JSON object with a 'type'")
    kind = move.get("type")
    if not isinstance(kind, str):
        raise InvalidMove(reason="a move needs a 'type' string")
    return kind


def check_fields(
    kind: str,
    move: dict,
    shape: Shape,
    also: Callable[[str, Any], None] | None = None,
) -> None:
    """Refuse ``move`` (of type ``kind``) unless its fields are those of ``shape``, each of its
    type; ``also(key, value)`` checks a present field further, after its type."""
    required, optional = shape
    for key in move:
        if key != "type" and key not in required and key not in optional:
            raise InvalidMove(reason=f"a '{kind}' move has no field '{key}'")
    for key, typ in list(required.items()) + list(optional.items()):
        if key not in move:
            if key in required:
                raise InvalidMove(reason=f"a '{kind}' move needs the field '{key}'")
            continue
        value = move[key]
        if typ is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidMove(reason=f"'{key}' of a '{kind}' move must be an integer")
        if typ is str and not isinstance(value, str):
            raise InvalidMove(reason=f"'{key}' of a '{kind}' move must be a string")
        if typ is list and (
            not isinstance(value, list)
            or len(value) > MAX_LIST
            or not all(isinstance(v, str) for v in value)
        ):
            raise InvalidMove(reason=f"'{key}' of a '{kind}' move must be a list of strings")
        if also is not None:
            also(key, value)
