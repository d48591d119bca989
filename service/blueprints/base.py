"""The blueprint every API module uses: strict parsing and problem-aware documentation."""

from __future__ import annotations

import http
from copy import deepcopy
from functools import wraps

from flask import current_app
from flask_smorest import Blueprint

from ..parsing import StrictParser

#: OpenAPI security requirements of the seat-token endpoints
SEAT_TOKEN = [{"seatToken": []}]
OPTIONAL_SEAT_TOKEN = [{}, {"seatToken": []}]


class ApiBlueprint(Blueprint):
    """flask-smorest's ``Blueprint`` with :class:`~service.parsing.StrictParser`.

    Every operation's documentation gets a ``default`` problem response, plus the statuses
    named with :meth:`problems`.
    """

    ARGUMENTS_PARSER = StrictParser()

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._prepare_doc_cbks.append(self._prepare_problem_doc)

    # -- decorators -------------------------------------------------------------------------------
    def query(self, schema):
        """Parse the query string with ``schema`` (400 ``bad_request`` when it fails)."""
        return self.arguments(schema, location="query", error_status_code=400)

    def headers(self, schema):
        """Parse request headers with ``schema`` (400 ``bad_request`` when it fails)."""
        return self.arguments(schema, location="headers", error_status_code=400)

    @staticmethod
    def problems(*statuses: int):
        """Document the error statuses an operation answers (each a problem)."""

        def decorator(func):
            @wraps(func)
            def wrapper(*args, **kwargs):
                return current_app.ensure_sync(func)(*args, **kwargs)

            wrapper._apidoc = deepcopy(getattr(wrapper, "_apidoc", {}))
            wrapper._apidoc.setdefault("problems", []).extend(statuses)
            return wrapper

        return decorator

    # -- documentation ----------------------------------------------------------------------------
    @staticmethod
    def _prepare_problem_doc(doc, doc_info, **kwargs):
        responses = doc.setdefault("responses", {})
        for status in doc_info.get("problems", []):
            responses.setdefault(status, http.HTTPStatus(status).name)
        responses.setdefault("default", "DEFAULT_ERROR")
        return doc
