"""Cards as abilities bound to the rules' windows (issue 35 item 1; digest §10.1, §10.2).

A card module declares, in one :class:`CardModule` value, the cards whose abilities it holds,
the windows it binds (:class:`Bind`, each naming a window of ``windows.WINDOWS``), the moves it
owns (:class:`Move`) and the events it folds. :func:`install` binds a module into a game's
:class:`~domain.agricola.extension.Extension`, checking each binding against its window's
Protocol and refusing a move type or event another module already owns: a mistake fails when
the title is composed (and in a test), with a sentence naming the module and the window.

``cards`` lets the rules run a module's hooks only in games where one of those cards was dealt
to or played by a seat (:func:`~domain.agricola.extension.in_play`); an empty set means the
module's hooks serve every full game (shared mechanisms such as the card moves).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .windows import BindingError, MoveApply, MoveCheck, check_binding, fits

if TYPE_CHECKING:
    from .extension import Extension


@dataclass(frozen=True)
class Bind:
    """``hook`` bound to ``window`` (under ``key`` for a keyed window); ``first``: run before
    the hooks bound earlier (a free-fence credit that must be asked first)."""

    window: str
    hook: Any
    key: str | None = None
    first: bool = False


@dataclass(frozen=True)
class Move:
    """A move type a card module owns: its check, its effect and its fields."""

    check: MoveCheck
    apply: MoveApply
    required: Mapping[str, type] = field(default_factory=dict)
    optional: Mapping[str, type] = field(default_factory=dict)


@dataclass(frozen=True)
class CardModule:
    """Everything one card module adds to the rules."""

    name: str
    cards: frozenset[str] = frozenset()
    binds: tuple[Bind, ...] = ()
    moves: Mapping[str, Move] = field(default_factory=dict)
    #: event type -> ``fold(state, event)`` for the events only this module emits
    events: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    #: step kind -> the parts of it that must be done, and why it must be answered
    steps: Mapping[str, tuple[tuple[str, ...], str]] = field(default_factory=dict)

    def check(self) -> None:
        """Refuse a binding that does not fit its window (at composition)."""
        owner = f"the card module {self.name}" + (
            f" (cards {', '.join(sorted(self.cards))})" if self.cards else ""
        )
        for bind in self.binds:
            check_binding(owner, bind.window, bind.hook, bind.key)
        for kind, move in self.moves.items():
            for part, protocol in (("check", MoveCheck), ("apply", MoveApply)):
                if not fits(getattr(move, part), protocol):
                    raise BindingError(
                        f"{owner} declares the move '{kind}' whose {part} has the wrong "
                        f"signature for the window 'handlers' ({protocol.__name__})"
                    )


def install(ext: Extension, module: CardModule) -> None:
    """Bind ``module`` into ``ext``, refusing what another module already owns."""
    module.check()
    owner = f"the card module {module.name}"
    for kind, move in module.moves.items():
        if kind in ext.handlers:
            raise BindingError(
                f"{owner} registers the move type '{kind}' in the window 'handlers', "
                f"which {ext.owners.get(kind, 'another module')} owns"
            )
        ext.handlers[kind] = (move.check, move.apply)
        ext.move_shapes[kind] = (dict(move.required), dict(move.optional))
        ext.owners[kind] = owner
    for event, fold in module.events.items():
        if event in ext.events:
            raise BindingError(
                f"{owner} registers the event '{event}' in the window 'events', which "
                f"{ext.owners.get('event:' + event, 'another module')} owns"
            )
        ext.events[event] = fold
        ext.owners["event:" + event] = owner
    for kind, (parts, text) in module.steps.items():
        ext.mandatory_parts[kind] = parts
        ext.mandatory_text[kind] = text
    for bind in module.binds:
        ext.bind(bind, module.cards)
