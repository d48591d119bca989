"""``GET /healthz``: 200 when the event store answers, else 503 (with ``Retry-After``)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from ..context import services
from ..health import health
from ..problems import store_unavailable
from ..schemas.responses import HealthSchema
from .base import ApiBlueprint

blp = ApiBlueprint("health", __name__, description="Is the service able to serve?")


@blp.route("/healthz")
class Health(MethodView):
    @blp.response(200, HealthSchema)
    @blp.problems(503)
    def get(self) -> Any:
        """Report whether the event store is reachable, and whether Redis is."""
        current = services()
        status, body = health(current)
        if status != 200:
            problem = store_unavailable(current.settings.retry_after)
            problem.extensions = {k: v for k, v in body.items() if k != "status"}
            raise problem
        return body
