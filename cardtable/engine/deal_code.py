"""Shareable deal codes: a short code that holds a game, its seats, its house rules and
its seed, so a friend can play the same deal (``FC-4-03NQK8N-UE``).

Layout: ``<game code>-<seats>-<seed>[-<options>]-U<check>``.

- The seed is written in Crockford's base 32 (digits and capitals without I, L, O, U),
  so a code read aloud or typed by hand survives: letters are case-free, and O, I and L
  are read as 0, 1 and 1 (in the seed and the check symbol, where they mean nothing else).
- The check symbol (mod 37, from Crockford's symbols) is over everything before ``-U``,
  whose length is always even (the seed gets a leading 0 when it would be odd). So any
  one character typed wrong, left out or typed in, anywhere, and any two neighbours
  swapped, are refused instead of dealing some other game: a character in or out makes
  the length odd; one changed or two swapped change the check; and ``-U`` cannot begin
  a seed or a rules part, so an edit about it leaves a code that is refused whole.
- The options part is left out at the default rules; otherwise it lists each option that
  differs from its default, in the options' field order, as a letter naming the field
  (A for the first) and its value: ``Y``/``N`` for a yes/no rule, digits for a number.
  ``FC-4-07Q2K9-A5-U*`` is a five-round game of Five Crowns.
- Codes printed before this layout (``FC-4-3NQK8NP``, the same deal: the check symbol
  straight after the body, over places weighing 1, 2, 3 …) still deal their game, with
  that check's weaknesses: a ``0`` typed in at the end, about one in 37 other characters
  typed in or left out, and a character changed at the 37th place go unnoticed.

Standard library only.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from .errors import EngineError, SetupError
from .options import OptionError, OptionsInstance
from .rng import MAX_SEED, seed_problem
from .shown import shown
from .text import Msg, msg
from .variant import SomeVariant, variants

_DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_CHECK = _DIGITS + "*~$=U"
"""Crockford's check symbols: the 32 digits and five more (mod 37)."""
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})
_MARK = "-U"
"""What stands between a code's body and its check symbol (see the module docstring)."""
_SEED_DIGITS = (MAX_SEED.bit_length() + 4) // 5
"""Base-32 digits of the largest deal number (a leading 0 may make it nine)."""


class DealCodeError(EngineError, ValueError):
    """A code that names no deal; the message says what is wrong, for the player."""


@dataclass(frozen=True, slots=True)
class Deal:
    """What a code holds: enough to deal the same cards to the same seats."""

    game_id: str
    seats: int
    seed: int
    options: OptionsInstance


def _prefix(variant: type[SomeVariant]) -> str:
    return variant.deal_prefix


def encode(game_id: str, seats: int, seed: int, options: OptionsInstance | None = None) -> str:
    """The code of a deal (``options``: the game's options; ``None`` is the default)."""
    variant = next((v for v in variants() if v.id == game_id), None)
    if variant is None:
        raise SetupError(f"unknown game {game_id!r}")
    problem = seed_problem(seed)  # eight base-32 digits hold every deal number
    if problem is not None:
        raise SetupError(problem)
    options = variant(options).options  # refuses rules this version does not offer
    extra = _options_part(options)
    tail = f"-{extra}" if extra else ""
    body = f"{_prefix(variant)}-{seats}-{_base32(seed)}{tail}"
    if len(body) % 2:
        body = f"{_prefix(variant)}-{seats}-0{_base32(seed)}{tail}"
    return f"{body}{_MARK}{_sum_check(body)}"


def decode(text: str) -> Deal:
    """The deal a code names; raises :class:`DealCodeError` with a reason a player can
    read when it names none (unknown game, seats the game does not allow, a typo)."""
    cleaned = re.sub(r"\s+", "", str(text)).upper()
    current = len(cleaned) > len(_MARK) and cleaned[-3:-1] == _MARK
    body_text = cleaned[:-3] if current else cleaned[:-1]
    parts = body_text.split("-")
    if len(parts) not in (3, 4) or not all(parts):
        # Translators: FC-4-03NQK8N-UE is a deal code, to be kept as it is
        raise DealCodeError(msg("a deal code looks like FC-4-03NQK8N-UE: a game, the players "
                                "and a number, joined by dashes"))
    prefix, seats_text = parts[0], parts[1]
    seed_text = parts[2].translate(_READ_AS)
    extra = parts[3] if len(parts) == 4 else ""
    variant = next((v for v in variants() if _prefix(v) == prefix), None)
    if variant is None:
        raise DealCodeError(msg("{code} is not a game's code (known: {known})",
                                code=shown(prefix), known=_known_codes()))
    if not seats_text.isdigit() or len(seats_text) > 2:
        raise DealCodeError(msg("the players part must be a number, not {value}",
                                value=shown(seats_text)))
    if len(seed_text) > _SEED_DIGITS + 1 or any(ch not in _DIGITS for ch in seed_text) or \
            seed_problem(_from_base32(seed_text)) is not None:
        raise DealCodeError(msg("{value} is not a deal number of this code",
                                value=shown(parts[2])))
    body = "-".join([prefix, seats_text, seed_text] + ([extra] if extra else []))
    if any(ch not in _WEIGHTS for ch in body) or cleaned[-1].translate(_READ_AS) != (
            (_sum_check(body) if len(body) % 2 == 0 else None) if current else _check(body)):
        raise DealCodeError(msg("this code has a typing mistake (its check letter does not "
                                "match): please check it"))
    seats = int(seats_text)
    if seats not in variant.seat_counts:
        raise DealCodeError(msg("{game} is played by {low} to {high} players, not {seats}",
                                game=variant.title, low=variant.seat_counts.start,
                                high=variant.seat_counts.stop - 1, seats=seats))
    return Deal(variant.id, seats, _from_base32(seed_text), _parse_options(variant, extra))


def _known_codes() -> Msg | str:
    """The games' codes, each with its game's name: "FC (Five Crowns), …"."""
    listed: Msg | str = ""
    for variant in sorted(variants(), key=lambda v: v.menu_order):
        # Translators: a game's deal-code prefix and the game's name: "FC (Five Crowns)"
        item = msg("{code} ({game})", code=_prefix(variant), game=variant.title)
        # Translators: a list, one more item added after a comma
        listed = msg("{list}, {item}", list=listed, item=item) if listed else item
    return listed


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


def _sum_check(text: str) -> str:
    """The check symbol of a code: the sum of each character's number times its place's
    weight, mod 37 (a prime); places weigh 1 to 36 and again 1 to 36 … Two different
    characters differ by 1 to 36, and neighbouring places by 1 or 35, so any one
    mistyped character and any two neighbours swapped change the check, however long
    the code. (A character typed in or left out is caught by the body's even length.)"""
    total = sum((place % 36 + 1) * _WEIGHTS.index(ch) for place, ch in enumerate(text))
    return _CHECK[total % 37]


def _check(text: str) -> str:
    """The check symbol of the codes printed before the ``-U`` layout: places weigh 1,
    2, 3 … without end (so the 37th weighs nothing)."""
    total = sum((place + 1) * _WEIGHTS.index(ch) for place, ch in enumerate(text))
    return _CHECK[total % 37]


def _options_part(options: OptionsInstance) -> str:
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


def _unknown_rules(text: str) -> Msg:
    """The refusal of a rules part this version cannot read."""
    return msg("the rules part {value} is not one this version knows", value=shown(text))


def _parse_options(variant: type[SomeVariant], text: str) -> OptionsInstance:
    fields = dataclasses.fields(variant.options_type)
    changes: dict[str, Any] = {}
    for letter, value in re.findall(r"([A-Z])(\d+|[YN]?)", text):
        index = ord(letter) - ord("A")
        if index >= len(fields) or not value:
            raise DealCodeError(_unknown_rules(text))
        field = fields[index]
        default = getattr(variant.options_type(), field.name)
        if isinstance(default, bool):
            if value not in ("Y", "N"):
                raise DealCodeError(_unknown_rules(text))
            changes[field.name] = value == "Y"
        else:
            if not value.isdigit() or len(value) > 6:
                raise DealCodeError(_unknown_rules(text))
            changes[field.name] = int(value)
    if "".join(f"{k}{v}" for k, v in re.findall(r"([A-Z])(\d+|[YN]?)", text)) != text:
        raise DealCodeError(_unknown_rules(text))
    try:
        return variant(variant.options_type(**changes)).options
    except OptionError as error:  # "extra cards with a buy must be from 0 to 4 (…), not 9"
        raise DealCodeError(error.clause) from None
    except (SetupError, TypeError, ValueError) as error:
        raise DealCodeError(msg("the rules in this code cannot be played ({reason})",
                                reason=str(error))) from None


