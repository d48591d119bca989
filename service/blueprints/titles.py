"""``GET /api/v1/titles``: the titles this server plays, their variants, options and seats."""
from __future__ import annotations

from flask.views import MethodView

from domain import registry

from ..schemas.responses import TitleListSchema
from .base import ApiBlueprint

blp = ApiBlueprint("titles", __name__, url_prefix="/api/v1/titles",
                   description="The games this server can set up.")


@blp.route("")
class Titles(MethodView):
    @blp.response(200, TitleListSchema)
    def get(self):
        """List titles with their variants, options and player counts."""
        return {"titles": [rules.info() for rules in registry.all_current()]}
