"""I minor improvements whose effects are implemented (issue 23 item 3; summaries in
``data/minor-improvements.csv``, full texts in source S1). A card not registered here is not dealt.
Each entry cites the catalogue number; seed lines are in the catalogue's ``seed000_line``."""

from __future__ import annotations

from ..deck import Deck

DECK = Deck("I minor improvements")
