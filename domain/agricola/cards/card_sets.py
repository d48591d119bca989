"""Which cards a full game deals, by card-set version (issue 10, K-09).

While the deck's effects are being implemented, the cards that can be dealt grow. A game
records the card set it was created with (option ``card_set``), so that its set-up and every
later draw replay and audit the same way after more cards are implemented. Add a new version
whenever cards join; never change an old one.
"""

from __future__ import annotations

#: Card set 1: the E-deck cards implemented on 2026-11-24 (see docs/rules/agricola-cards.md).
CARD_SETS: dict[int, frozenset[str]] = {
    1: frozenset(
        """
        E11 E12 E13 E16 E17 E21 E22 E23 E24 E25 E28 E30 E31 E32 E35 E39 E40 E41 E42 E43 E44
        E45 E46 E48 E49 E50 E51 E52 E53 E54 E55 E56 E57 E58 E59 E60
        E147 E148 E152 E153 E154 E155 E157 E158 E159 E160 E162 E163 E165 E166 E167 E168 E170
        E171 E172 E174 E176 E177 E181 E182 E183 E184 E185 E186 E187 E188 E189 E190 E192 E193
        E197 E199 E201 E202 E204 E205 E206 E208 E209 E210 E211 E212 E213 E214 E217 E218 E341
    """.split()
    ),
}
#: Card set 2 (2026-11-25): set 1 and 21 more (cooking and baking improvements, plows, card
#: fields, other ways to pay, free rooms and stables, goods left on a space, feeding trades).
CARD_SETS[2] = CARD_SETS[1] | frozenset(
    """
    E14 E18 E20 E26 E27 E33 E34 E36 E37 E38 E47 E61 E62 E338
    E151 E169 E191 E195 E196 E200 E207
""".split()
)
#: Card set 3 (2026-11-25): set 2 and the cards implemented after it.
CARD_SETS[3] = CARD_SETS[2] | frozenset(
    """
    E156 E173 E203 E215 E216 E19 E149 E150 E178 E180 E194 E161 E179 E198
""".split()
)
#: Card set 4 (2026-11-25): the whole E deck, set 3 and the last 4 cards.
CARD_SETS[4] = CARD_SETS[3] | frozenset("E15 E29 E164 E175".split())
#: Card set 5 (2026-11-25, issue 23): the same 126 cards, twelve of them corrected to their
#: printed text and the seed's rulings (E16/E152, E40, E41, E156, E159, E160, E169/E212, E178,
#: E192, E200, E207, E210). Games of sets 1-4 keep the entries they were played with
#: (``Deck.card(..., until=4)``).
CARD_SETS[5] = CARD_SETS[4]
#: Card set 6 (2026-11-25, issue 23 item 3): set 5 and 177 cards of the I and K decks: all
#: 91 of the I deck, the K deck but for five occupations not built yet (K266 Serf, K267
#: Adoptive Parents, K269 Acrobat, K289 Countryman, K301 Wood Carver; see
#: docs/rules/cards-k-occupations.md). Cards added later go into a new set.
CARD_SETS[6] = CARD_SETS[5] | frozenset(
    """
    I63 I64 I65 I66 I67 I68 I69 I70 I71 I72 I73 I74 I75 I76 I77 I78 I79 I80 I81 I82 I83 I84
    I85 I86 I87 I88 I89 I90 I91 I92 I93 I94 I95 I96 I97 I98 I99 I100 I101 I102 I103 I104
    I219 I220 I221 I222 I223 I224 I225 I226 I227 I228 I229 I230 I231 I232 I233 I234 I235
    I236 I237 I238 I239 I240 I241 I242 I243 I244 I245 I246 I247 I248 I249 I250 I251 I252
    I253 I254 I255 I256 I257 I258 I259 I260 I261 I262 I263 I264 I265 I337 I340 K105 K106
    K107 K108 K109 K110 K111 K112 K113 K114 K115 K116 K117 K118 K119 K120 K121 K122 K123
    K124 K125 K126 K127 K128 K129 K130 K131 K132 K133 K134 K135 K136 K137 K138 K139 K140
    K141 K142 K143 K144 K145 K146 K268 K270 K271 K272 K273 K274 K275 K276 K277 K278 K279
    K280 K281 K282 K283 K284 K285 K286 K287 K288 K290 K291 K292 K293 K294 K295 K296 K297
    K298 K299 K300 K302 K303 K304 K305 K306 K307 K308 K309 K310 K311 K312 K339 K342
""".split()
)
#: Card set 7 (2026-11-26, issue 23 item 3, rules version agricola-2007-r3): set 6 and the K
#: occupations that needed windows of their own (see docs/rules/cards-k-occupations.md).
CARD_SETS[7] = CARD_SETS[6] | frozenset(
    """
    K266 K267 K269 K289 K301
""".split()
)
#: Card set 8 (2026-11-28, issue 38, rules version agricola-2007-r4): the same cards as set 7,
#: the cards whose timing departed from their printed text corrected (K299 feeds last, K297's
#: phase limit, the feeding-phase cards I75 I98 I256 K110 K300 E154 K109 asked about, K270
#: K307 K312 offered before the turn passes; docs/rules/agricola-cards.md, "Cards timed as
#: printed"). Games of set 7 and older keep the
#: entries they were played with (``Deck.card(..., until=7)``).
CARD_SETS[8] = CARD_SETS[7]
#: The first card set whose entries are the corrected ones.
CORRECTED = 5
LATEST = max(CARD_SETS)
