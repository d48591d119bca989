"""``GET /api/v1/titles``: the titles this server plays, their variants, options and seats."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from marshmallow import fields, validate

from domain.common.errors import NotFound
from domain.platform import registry

from ..schemas.common import QuerySchema
from ..schemas.responses import TitleListSchema
from ..schemas.series import CardListSchema
from .base import ApiBlueprint

blp = ApiBlueprint(
    "titles", __name__, url_prefix="/api/v1/titles", description="The games this server can set up."
)


@blp.route("")
class Titles(MethodView):
    @blp.response(200, TitleListSchema)
    def get(self) -> Any:
        """List titles with their variants, options and player counts."""
        return {"titles": [rules.info() for rules in registry.all_current()]}


class CardQuerySchema(QuerySchema):
    deck = fields.String(
        validate=validate.Length(1, 8),
        metadata={"description": "One deck (Agricola: E, I or K); all decks when absent."},
    )


@blp.route("/<title>/cards")
class Cards(MethodView):
    @blp.query(CardQuerySchema)
    @blp.response(200, CardListSchema)
    @blp.problems(400, 404, 422)
    def get(self, query: dict[str, Any], title: str) -> Any:
        """The title's cards (of one deck) with what each does."""
        rules = registry.current(title)
        cards = rules.catalogue(query.get("deck"))
        if cards is None:
            raise NotFound("title_has_no_cards", title=rules.display_name or title)
        return {"title": rules.name, "deck": query.get("deck"), "cards": cards}
