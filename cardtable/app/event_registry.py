"""For each engine event type, one function: how the app describes, sounds or animates it.

The move log, the sound effects and each table's animations each keep one ``ByEvent``
registry, filled where the functions are written (``@registry.on(Drew)``), and call
the function registered for the event's exact type. A new event type therefore has no
function anywhere until someone decides what it looks and sounds like; ``missing``
lists such types, and a test walks every subclass of ``Event`` through it. A decision
to do nothing (a silent event, one with no animation) is registered like any other.

The engine knows nothing of this module: the registries live in the app. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar, cast

from ..engine.events import Event

C = TypeVar("C")
"""What every function of a registry is given besides the event (names, a scene…)."""
R = TypeVar("R")
"""What every function of a registry gives back (a log line, an effect's name…)."""
E = TypeVar("E", bound=Event)


class UnregisteredEvent(LookupError):
    """An event type with no function in a registry (a test catches this first)."""


class ByEvent(Generic[C, R]):
    """One function per event type, ``(context, event) -> R``, looked up by the event's
    exact type (a subclass of an event is a new event: it needs its own decision)."""

    def __init__(self, what: str) -> None:
        self.what = what
        """What the functions decide ("the log's sentence"), for messages."""
        self._functions: dict[type[Event], Callable[[C, Event], R]] = {}

    def on(self, *kinds: type[E]) -> Callable[[Callable[[C, E], R]], Callable[[C, E], R]]:
        """Register the decorated function for these event types."""
        def register(function: Callable[[C, E], R]) -> Callable[[C, E], R]:
            for kind in kinds:
                if kind in self._functions:
                    raise ValueError(f"{kind.__name__} already has {self.what}")
                # Safe: the function is only ever called with an event of ``kind``.
                self._functions[kind] = cast(Callable[[C, Event], R], function)
            return function
        return register

    def always(self, value: R, *kinds: type[Event]) -> None:
        """Register the same answer for these event types (an effect, or "silent")."""
        def constant(context: C, event: Event) -> R:
            return value
        self.on(*kinds)(constant)

    def __call__(self, context: C, event: Event) -> R:
        function = self._functions.get(type(event))
        if function is None:
            raise UnregisteredEvent(f"{type(event).__name__} has no {self.what}")
        return function(context, event)

    def missing(self, kinds: Iterable[type[Event]]) -> list[str]:
        """The names of the event types among ``kinds`` with no function here."""
        return [kind.__name__ for kind in kinds if kind not in self._functions]


def event_types() -> list[type[Event]]:
    """Every event type the engine defines: each subclass of ``Event``, walked (so a new
    one is found without a list to edit)."""
    found: dict[tuple[str, str], type[Event]] = {}
    waiting: list[type[Event]] = list(Event.__subclasses__())
    while waiting:
        kind = waiting.pop(0)
        waiting.extend(kind.__subclasses__())
        name = (kind.__module__, kind.__qualname__)
        # ``dataclass(slots=True)`` makes a new class: the one it replaced may linger as
        # a subclass until collected. The one in use is the one with the slots.
        if name not in found or "__slots__" in vars(kind):
            found[name] = kind
    return list(found.values())
