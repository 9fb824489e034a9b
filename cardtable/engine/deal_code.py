"""Shareable deal codes: a short code that holds a game, its seats, its house rules and
its seed, so a friend can play the same deal (``FC-4-3NQK8NP``).

Layout: ``<game code>-<seats>-<seed>[-<options>]<check>``.

- The seed is written in Crockford's base 32 (digits and capitals without I, L, O, U),
  so a code read aloud or typed by hand survives: letters are case-free, and O, I and L
  are read as 0, 1 and 1.
- The last character is a check symbol (mod 37, from Crockford's symbols) over all
  the others, so a mistyped code is refused instead of dealing some other game.
- The options part is left out at the default rules; otherwise it lists each option that
  differs from its default, in the options' field order, as a letter naming the field
  (A for the first) and its value: ``Y``/``N`` for a yes/no rule, digits for a number.
  ``FC-4-7Q2K9-A5`` and its check letter is a five-round game of Five Crowns.

Standard library only.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from .errors import EngineError, SetupError
from .rng import MAX_SEED, seed_problem
from .variant import Variant, variants

_DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_CHECK = _DIGITS + "*~$=U"
"""Crockford's check symbols: the 32 digits and five more (mod 37)."""
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


class DealCodeError(EngineError, ValueError):
    """A code that names no deal; the message says what is wrong, for the player."""


@dataclass(frozen=True, slots=True)
class Deal:
    """What a code holds: enough to deal the same cards to the same seats."""

    game_id: str
    seats: int
    seed: int
    options: Any


def _prefix(variant: type[Variant[Any, Any]]) -> str:
    return variant.deal_prefix


def encode(game_id: str, seats: int, seed: int, options: Any = None) -> str:
    """The code of a deal (``options``: the game's options; ``None`` is the default)."""
    variant = next((v for v in variants() if v.id == game_id), None)
    if variant is None:
        raise SetupError(f"unknown game {game_id!r}")
    problem = seed_problem(seed)  # eight base-32 digits hold every deal number
    if problem is not None:
        raise SetupError(problem)
    options = variant(options).options  # refuses rules this version does not offer
    body = f"{_prefix(variant)}-{seats}-{_base32(seed)}"
    extra = _options_part(options)
    if extra:
        body += f"-{extra}"
    return body + _check(body)


def decode(text: str) -> Deal:
    """The deal a code names; raises :class:`DealCodeError` with a reason a player can
    read when it names none (unknown game, seats the game does not allow, a typo)."""
    cleaned = re.sub(r"\s+", "", str(text)).upper()
    parts = cleaned[:-1].split("-")
    if len(parts) not in (3, 4) or not all(parts):
        raise DealCodeError("a deal code looks like FC-4-3NQK8NP: a game, the players "
                            "and a number, joined by dashes")
    prefix, seats_text = parts[0], parts[1]
    seed_text = parts[2].translate(_READ_AS)
    extra = parts[3] if len(parts) == 4 else ""
    variant = next((v for v in variants() if _prefix(v) == prefix), None)
    if variant is None:
        known = ", ".join(f"{_prefix(v)} ({v.title})"
                          for v in sorted(variants(), key=lambda v: v.menu_order))
        raise DealCodeError(f"{prefix!r} is not a game's code (known: {known})")
    if not seats_text.isdigit() or len(seats_text) > 2:
        raise DealCodeError(f"the players part must be a number, not {seats_text!r}")
    if len(seed_text) > len(_base32(MAX_SEED)) or any(ch not in _DIGITS for ch in seed_text):
        raise DealCodeError(f"{parts[2]!r} is not a deal number of this code")
    body = "-".join([prefix, seats_text, seed_text] + ([extra] if extra else []))
    if any(ch not in _WEIGHTS for ch in body) or _check(body) != cleaned[-1]:
        raise DealCodeError("this code has a typing mistake (its check letter does not "
                            "match): please check it")
    seats = int(seats_text)
    if seats not in variant.seat_counts:
        raise DealCodeError(f"{variant.title} is played by {variant.seat_counts.start} to "
                            f"{variant.seat_counts.stop - 1} players, not {seats}")
    return Deal(variant.id, seats, _from_base32(seed_text), _parse_options(variant, extra))


# --- pieces -------------------------------------------------------------------------------

def _base32(number: int) -> str:
    digits = ""
    while True:
        number, digit = divmod(number, 32)
        digits = _DIGITS[digit] + digits
        if number == 0:
            return digits


def _from_base32(text: str) -> int:
    number = 0
    for ch in text:
        number = number * 32 + _DIGITS.index(ch)
    return number


_WEIGHTS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-"
"""Each character of a code as a number below 37, for the check."""


def _check(text: str) -> str:
    """A check symbol over the whole code: the sum of each character's number times its
    place, mod 37 (a prime). Two different characters differ by 1 to 36 and places up to
    36 weigh 1 to 36, so any one mistyped character and any two neighbours swapped change
    the check."""
    total = sum((place + 1) * _WEIGHTS.index(ch) for place, ch in enumerate(text))
    return _CHECK[total % 37]


def _options_part(options: Any) -> str:
    default = type(options)()
    out = []
    for index, field in enumerate(dataclasses.fields(options)):
        value = getattr(options, field.name)
        if value == getattr(default, field.name):
            continue
        letter = _field_letter(index)
        if isinstance(value, bool):
            out.append(letter + ("Y" if value else "N"))
        elif isinstance(value, int) and value >= 0:
            out.append(f"{letter}{value}")
        else:
            raise SetupError(f"option {field.name}={value!r} cannot be written in a code")
    return "".join(out)


def _field_letter(index: int) -> str:
    if index >= 26:
        raise SetupError("too many options for a deal code")
    return chr(ord("A") + index)


def _parse_options(variant: type[Variant[Any, Any]], text: str) -> Any:
    fields = dataclasses.fields(variant.options_type)
    changes: dict[str, Any] = {}
    for letter, value in re.findall(r"([A-Z])(\d+|[YN]?)", text):
        index = ord(letter) - ord("A")
        if index >= len(fields) or not value:
            raise DealCodeError(f"the rules part {text!r} is not one this version knows")
        field = fields[index]
        default = getattr(variant.options_type(), field.name)
        if isinstance(default, bool):
            if value not in ("Y", "N"):
                raise DealCodeError(f"the rules part {text!r} is not one this version knows")
            changes[field.name] = value == "Y"
        else:
            if not value.isdigit() or len(value) > 6:
                raise DealCodeError(f"the rules part {text!r} is not one this version knows")
            changes[field.name] = int(value)
    if "".join(f"{k}{v}" for k, v in re.findall(r"([A-Z])(\d+|[YN]?)", text)) != text:
        raise DealCodeError(f"the rules part {text!r} is not one this version knows")
    try:
        return variant(variant.options_type(**changes)).options
    except (SetupError, TypeError, ValueError) as error:
        raise DealCodeError(f"the rules in this code cannot be played: {error}") from None
