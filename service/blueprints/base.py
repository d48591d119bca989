"""The blueprint every API module uses: strict parsing and problem-aware documentation."""

from __future__ import annotations

import http
from collections.abc import Callable
from copy import deepcopy
from functools import wraps
from typing import Any

from flask import current_app
from flask_smorest import Blueprint
from marshmallow import Schema

from ..parsing import StrictParser

#: a view function, and a decorator of views (flask-smorest gives no types)
View = Callable[..., Any]
Decorator = Callable[[View], View]

#: OpenAPI security requirements of the seat-token endpoints: a seat token, or an account that
#: holds the seat (its credential as the bearer, or its session cookie; ``service/auth.py``;
#: both schemes are defined by ``service.accounts``)
SEAT_TOKEN: list[dict[str, list[str]]] = [
    {"seatToken": []},
    {"accountCredential": []},
    {"accountSession": []},
]
OPTIONAL_SEAT_TOKEN: list[dict[str, list[str]]] = [{}, *SEAT_TOKEN]


class ApiBlueprint(Blueprint):
    """flask-smorest's ``Blueprint`` with :class:`~service.parsing.StrictParser`.

    Every operation's documentation gets a ``default`` problem response, plus the statuses
    named with :meth:`problems`.
    """

    ARGUMENTS_PARSER = StrictParser()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._prepare_doc_cbks.append(self._prepare_problem_doc)

    # -- decorators -------------------------------------------------------------------------------
    def query(self, schema: type[Schema] | Schema) -> Decorator:
        """Parse the query string with ``schema`` (400 ``bad_request`` when it fails)."""
        return self.arguments(schema, location="query", error_status_code=400)

    def headers(self, schema: type[Schema] | Schema) -> Decorator:
        """Parse request headers with ``schema`` (400 ``bad_request`` when it fails)."""
        return self.arguments(schema, location="headers", error_status_code=400)

    @staticmethod
    def problems(*statuses: int) -> Decorator:
        """Document the error statuses an operation answers (each a problem)."""

        def decorator(func: View) -> View:
            @wraps(func)
            def wrapper(*args: Any, **kwargs: Any) -> Any:
                return current_app.ensure_sync(func)(*args, **kwargs)

            apidoc = deepcopy(getattr(wrapper, "_apidoc", {}))
            apidoc.setdefault("problems", []).extend(statuses)
            # (flask-smorest reads an operation's documentation from the view's ``_apidoc``)
            wrapper._apidoc = apidoc  # type: ignore[attr-defined]
            return wrapper

        return decorator

    # -- documentation ----------------------------------------------------------------------------
    @staticmethod
    def _prepare_problem_doc(
        doc: dict[str, Any], doc_info: dict[str, Any], **kwargs: Any
    ) -> dict[str, Any]:
        responses = doc.setdefault("responses", {})
        for status in doc_info.get("problems", []):
            responses.setdefault(status, http.HTTPStatus(status).name)
        responses.setdefault("default", "DEFAULT_ERROR")
        return doc
