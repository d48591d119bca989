"""The cases every title runs through the contract suite, read off the registry.

A case is a title, a variant, a player count and a set of options. Every registered title and
variant is covered at every player count it allows, and every value of every option that has
a closed set of values (a ``str`` option's choices, a ``bool`` option's two values) is covered
at least once: options with few values are combined with each other (so each dealing variant
of Agricola's full game is played with the exchange on and off). A configuration the title
itself refuses (``check_config``) is not a case. A new title, variant or option value is
therefore in the suite without a line here.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from domain.common.errors import DomainError
from domain.common.title import GameConfig, OptionSpec, Title, VariantInfo
from domain.platform import registry

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus")
#: combine closed option values fully up to this many combinations, else one value at a time
MAX_PRODUCT = 8


@dataclass(frozen=True)
class Case:
    title: str
    variant: str
    players: int
    options: dict = field(default_factory=dict, hash=False, compare=False)

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.title}-{self.variant}-{self.players}p" + (f"-{opts}" if opts else "")

    @property
    def rules(self) -> Title:
        return registry.current(self.title)

    @property
    def names(self) -> list[str]:
        return list(NAMES[: self.players])


def closed_values(spec: OptionSpec) -> list:
    """Every value of an option with a closed set of meaningful values (others: default)."""
    if spec.type == "bool":
        return [spec.default, not spec.default]
    if spec.type == "str" and spec.choices:
        return [spec.default] + [c for c in spec.choices if c != spec.default]
    return []


def option_sets(variant: VariantInfo) -> list[dict]:
    """Representative option sets: the product of the closed values when small, else each
    value once with the other options at their defaults."""
    closed = {o.name: closed_values(o) for o in variant.options if closed_values(o)}
    if not closed:
        return [{}]
    combos = list(itertools.product(*closed.values()))
    if len(combos) <= MAX_PRODUCT:
        return [dict(zip(closed, combo)) for combo in combos]
    out = [{}]
    for name, values in closed.items():
        out += [{name: v} for v in values[1:]]
    return out


def _accepted(rules: Title, variant: str, players: int, options: dict) -> bool:
    try:
        rules.check_config(GameConfig(variant, tuple(NAMES[:players]), dict(options)))
    except DomainError:
        return False
    return True


def all_cases() -> list[Case]:
    out = []
    for rules in registry.all_current():
        if not type(rules).__module__.startswith("domain."):
            continue  # the tests' own toy title
        for variant in rules.variants:
            counts = list(range(variant.min_players, variant.max_players + 1))
            sets = option_sets(variant)
            for i in range(max(len(counts), len(sets))):
                n, opts = counts[i % len(counts)], sets[i % len(sets)]
                # a combination the title refuses at this count is tried at the others
                for m in [n] + [c for c in counts if c != n]:
                    if _accepted(rules, variant.name, m, opts):
                        out.append(Case(rules.name, variant.name, m, dict(opts)))
                        break
    return out
