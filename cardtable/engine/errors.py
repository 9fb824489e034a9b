"""The engine's error hierarchy. Every refusal carries a sentence a player can read.

Standard library only.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class of everything the engine raises on purpose."""

    def __str__(self) -> str:
        """The message as it was given: a sentence for the player raised as a
        :class:`~cardtable.engine.text.Msg` stays one through ``str(error)``, so the app
        can render it in the player's language (``text(str(error))``)."""
        if len(self.args) == 1 and isinstance(self.args[0], str):
            return self.args[0]
        return super().__str__()


class NotationError(EngineError, ValueError):
    """Text that is not valid card or action notation."""


class IllegalActionError(EngineError, ValueError):
    """A seat asked for something the rules do not allow now.

    ``reason`` is the sentence shown to the player ("a run must be all one suit").
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnknownVariantError(EngineError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class SetupError(EngineError, ValueError):
    """A game cannot be set up that way (for example, a seat count it does not allow)."""


class CodecError(EngineError, ValueError):
    """JSON that does not describe an engine object."""
