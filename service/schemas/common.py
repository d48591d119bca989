"""Fields and base classes the request and response schemas share."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import marshmallow as ma
from marshmallow import fields


class StrictInteger(fields.Integer):
    """A JSON integer: no strings ("5"), no floats (5.0), no booleans (true)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


class StrictBoolean(fields.Boolean):
    """A JSON boolean only (no "yes", no 1)."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


def JSONObject(**kwargs: Any) -> fields.Dict:
    """A JSON object whose inner shape belongs to a title (state, event data, a move)."""
    return fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True), **kwargs)


class RequestSchema(ma.Schema):
    """Request bodies refuse unknown fields (422 ``invalid_request``)."""

    class Meta:
        unknown = ma.RAISE


class QuerySchema(ma.Schema):
    """Query strings refuse parameters they do not know (400): a misspelt ``?verison=3`` must
    not quietly answer with the current version. Every one accepts ``lang`` (the reader's
    language, chosen before the view runs: ``service/i18n.py``; a value not shipped is English),
    which the views never see."""

    class Meta:
        unknown = ma.RAISE

    lang = ma.fields.String(
        load_only=True,
        metadata={"description": "The reader's language: en, ru or cs (anything else: en)."},
    )

    @ma.post_load
    def _without_lang(self, data: dict, **_: object) -> dict:
        data.pop("lang", None)
        return data


class HeaderSchema(ma.Schema):
    """Headers: only the declared ones are read; every other header is ignored."""

    class Meta:
        unknown = ma.EXCLUDE


class ResponseSchema(ma.Schema):
    """Response bodies may grow new fields (the contract allows it; clients ignore them)."""

    class Meta:
        unknown = ma.INCLUDE


class KeepExtras(ResponseSchema):
    """A response object owned by a title: the documented fields, plus any the title adds."""

    @ma.post_dump(pass_original=True)
    def _keep_extras(self, data: dict[str, Any], original: Any, **kwargs: Any) -> dict[str, Any]:
        if isinstance(original, dict):
            for key, value in original.items():
                if key not in data and key not in self.fields:
                    data[key] = value
        return data
