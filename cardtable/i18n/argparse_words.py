"""argparse's own words ("usage: ", "options", its error sentences) in the player's
language, for the ``cardtable`` command.

argparse (3.11 to 3.13) translates its words through its module globals ``_`` and
``ngettext``, looked up when it formats help or an error, not when it is imported:
``speaking_argparse`` points them at our catalogue for a while and puts them back after.
The sentences are argparse's own, marked here so the catalogue's extraction finds them;
their ``%s`` and ``%(name)s`` placeholders are argparse's and a translation must keep
them exactly as they are (the only %-style messages in the catalogue)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from .current import N_, _, ngettext

ERROR_LINE = N_("%(prog)s: error: %(message)s\n")
"""An error's one line (``cardtable``'s parser writes it without the usage block)."""

WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    ERROR_LINE,
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("unrecognized arguments: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
"""What argparse can say to a person at the command line (its messages to programmers,
such as a clash of option names, stay English)."""


def plural_words() -> tuple[str, ...]:
    """argparse's sentences that depend on a number, marked for the catalogue (through
    ``ngettext``, which extraction reads with both forms), in English."""
    return (ngettext("expected %s argument", "expected %s arguments", 2),)


@contextmanager
def speaking_argparse() -> Iterator[None]:
    """argparse speaks the player's language inside the block (help, usage, errors)."""
    saved = {name: vars(argparse)[name] for name in ("_", "ngettext")}
    setattr(argparse, "_", _)  # noqa: B010 (argparse reads its private global)
    setattr(argparse, "ngettext", ngettext)  # noqa: B010
    try:
        yield
    finally:
        for name, function in saved.items():
            setattr(argparse, name, function)
