"""Which rules serve which title.

A game keeps the ``rules_version`` it was started with. The registry keeps every rules version
still installed, so an audit re-runs a game under the rules it was played with, while
``verify --all`` re-runs it under the current ones. When a rules change would alter a recorded
outcome, keep the old ``Title`` instance registered under its old version.
"""

from __future__ import annotations

import importlib
import threading

from ..common.errors import BadGameConfig, DomainError
from ..common.title import Title

_TITLES: dict[str, dict[str, Title]] = {}
_CURRENT: dict[str, str] = {}
_LOADED = False
_LOADING = threading.RLock()

#: Modules whose import registers the built-in titles.
BUILTIN_TITLES = ("domain.agricola", "domain.caverna", "domain.village")


def register(title: Title, current: bool = True) -> Title:
    _TITLES.setdefault(title.name, {})[title.rules_version] = title
    if current or title.name not in _CURRENT:
        _CURRENT[title.name] = title.rules_version
    return title


def _load_builtin() -> None:
    """Import the built-in titles once. Threads that ask meanwhile wait for the whole import
    (a half-imported title would be missing its current rules version)."""
    global _LOADED
    if _LOADED:
        return
    with _LOADING:
        if _LOADED:
            return
        for module in BUILTIN_TITLES:
            importlib.import_module(module)
        _LOADED = True


def names() -> list[str]:
    _load_builtin()
    return sorted(_TITLES)


def current(name: str) -> Title:
    """The current rules of title ``name``."""
    _load_builtin()
    try:
        return _TITLES[name][_CURRENT[name]]
    except KeyError:
        raise BadGameConfig("unknown_title", title=name, known=", ".join(sorted(_TITLES))) from None


def get(name: str, rules_version: str) -> Title:
    """The rules a game of ``name`` was started with."""
    _load_builtin()
    try:
        return _TITLES[name][rules_version]
    except KeyError:
        raise DomainError(
            "rules_version_unavailable", title=name, rules_version=rules_version
        ) from None


def all_current() -> list[Title]:
    _load_builtin()
    return [current(n) for n in sorted(_TITLES)]
