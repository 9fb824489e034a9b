"""Card faces and backs drawn at any size, cached per size.

Faces use DejaVu Sans (shipped in assets/) for the suit symbols. Each suit has its own
symbol, so it reads without colour. Two colour schemes: "four" follows the five-suit deck
(spades black, hearts red, diamonds blue, clubs green, stars gold), which helps tell suits
apart at a glance; "two" is the classic red and black, taken from the engine's own
``Suit.colour``, for games where colour is a rule (Monastery's missions "in colour").
Every cached image is keyed on its scheme, and a face on the language too: its corners
carry the rank's letter as the language writes it (a German jack is a B), so a change
of language draws the faces again.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from ..engine import Card, Colour, Rank, Suit
from ..i18n import language, rank_code
from .theme import font

if TYPE_CHECKING:
    from functools import _CacheInfo

SUIT_COLOURS = {
    Suit.SPADES: (25, 25, 30),
    Suit.HEARTS: (196, 22, 44),
    Suit.DIAMONDS: (28, 92, 196),
    Suit.CLUBS: (22, 118, 56),
    Suit.STARS: (176, 120, 0),
}
"""The four-colour deck (and Five Crowns' gold stars)."""
TWO_COLOURS = {suit: SUIT_COLOURS[Suit.HEARTS] if suit.colour is Colour.RED else
               SUIT_COLOURS[Suit.SPADES] if suit.colour is Colour.BLACK else SUIT_COLOURS[suit]
               for suit in Suit}
"""Red and black by the rules' colour of each suit (stars, which have none, stay gold)."""
CONTRAST_COLOURS = {suit: (205, 0, 0) if suit.colour is Colour.RED else
                    (0, 0, 0) if suit.colour is Colour.BLACK else (150, 96, 0) for suit in Suit}
"""High contrast: pure black and a strong red on white, with bigger corners."""
SCHEMES = {"four": SUIT_COLOURS, "two": TWO_COLOURS, "contrast": CONTRAST_COLOURS}
"""The deck colour schemes by the name a setting or a table gives them."""
JOKER_COLOUR = (120, 40, 150)
FACE_PAPER = (252, 250, 243)
EDGE = (120, 120, 110)
RATIO = 1.4


def card_size(width: int) -> tuple[int, int]:
    return width, int(width * RATIO)


class _Faces:
    """``face``: the faces drawn so far, cached by the language as well (with the
    ``cache_info`` and ``cache_clear`` of the cache, as ``lru_cache`` gives them)."""

    def __call__(self, card_face: str, width: int, colours: str = "four") -> pygame.Surface:
        """The face of a card (by its face code, e.g. ``"10H"``) at ``width`` pixels, in
        the colour scheme named ``colours`` (see ``SCHEMES``), lettered in the player's
        language."""
        return _face(card_face, width, colours, language())

    def cache_info(self) -> _CacheInfo:
        return _face.cache_info()

    def cache_clear(self) -> None:
        _face.cache_clear()


face = _Faces()
"""A card's face: ``face("10H", 80, "four")``."""


@lru_cache(maxsize=1024)
def _face(card_face: str, width: int, colours: str, lang: str) -> pygame.Surface:
    """A face as ``face`` draws it, cached by the language its letters are in (``lang``
    keys the cache; ``rank_code`` reads the language in use, which is ``lang``)."""
    from ..engine import parse_card

    card = parse_card(card_face)
    w, h = card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 10)
    contrast = colours == "contrast"
    pygame.draw.rect(surface, (255, 255, 255) if contrast else FACE_PAPER,
                     surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, (0, 0, 0) if contrast else EDGE, surface.get_rect(),
                     width=2 if contrast else 1, border_radius=radius)
    if card.is_joker:
        _draw_joker(surface, w, h)
        return surface
    assert card.suit is not None
    colour = SCHEMES[colours][card.suit]
    rank = rank_code(card.rank)
    symbol = card.suit.symbol
    corner = _corner(rank, symbol, colour, int(w * 1.18) if contrast else w)
    surface.blit(corner, (max(2, w // 14), max(2, w // 18)))
    surface.blit(pygame.transform.rotate(corner, 180),
                 (w - corner.get_width() - max(2, w // 14),
                  h - corner.get_height() - max(2, w // 18)))
    if card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
        frame = pygame.Rect(0, 0, int(w * 0.56), int(h * 0.56))
        frame.center = (w // 2, h // 2)
        tint = tuple(int(p * 0.86 + c * 0.14) for p, c in zip(FACE_PAPER, colour))
        pygame.draw.rect(surface, tint, frame, border_radius=max(2, w // 16))
        pygame.draw.rect(surface, colour, frame, width=max(1, w // 40),
                         border_radius=max(2, w // 16))
        letter = font(int(w * 0.36), True).render(rank, True, colour)
        surface.blit(letter, letter.get_rect(center=(w // 2, h // 2 - h * 0.06)))
        small = font(int(w * 0.22)).render(symbol, True, colour)
        surface.blit(small, small.get_rect(center=(w // 2, h // 2 + h * 0.15)))
    else:
        big = font(int(w * 0.5)).render(symbol, True, colour)
        surface.blit(big, big.get_rect(center=(w // 2, int(h * 0.54))))
    return surface


def _corner(rank: str, symbol: str, colour: tuple[int, int, int], w: int) -> pygame.Surface:
    size = max(9, int(w * (0.24 if len(rank) > 1 else 0.27)))
    rank_image = _rank_text(rank, size, colour)
    suit_image = font(max(8, int(w * 0.22))).render(symbol, True, colour)
    width = max(rank_image.get_width(), suit_image.get_width())
    corner = pygame.Surface((width, rank_image.get_height() + suit_image.get_height() - 2),
                            pygame.SRCALPHA)
    corner.blit(rank_image, rank_image.get_rect(midtop=(width // 2, 0)))
    corner.blit(suit_image, suit_image.get_rect(midtop=(width // 2,
                                                        rank_image.get_height() - 2)))
    return corner


def _rank_text(rank: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """The corner's rank; "10" set with its digits tucked together, so that it stays
    whole in the strip an overlapped card shows (it read as "1" in small melds)."""
    face = font(size, True)
    if len(rank) < 2:
        return face.render(rank, True, colour)
    digits = [face.render(digit, True, colour) for digit in rank]
    tuck = max(1, size // 7)
    width = sum(d.get_width() for d in digits) - tuck * (len(digits) - 1)
    image = pygame.Surface((width, max(d.get_height() for d in digits)), pygame.SRCALPHA)
    x = 0
    for digit in digits:
        image.blit(digit, (x, 0))
        x += digit.get_width() - tuck
    return image


def _draw_joker(surface: pygame.Surface, w: int, h: int) -> None:
    crown = font(int(w * 0.55)).render("\u265b", True, JOKER_COLOUR)
    surface.blit(crown, crown.get_rect(center=(w // 2, h // 2)))
    tag = font(max(8, int(w * 0.2)), True).render(rank_code(Rank.JOKER), True, JOKER_COLOUR)
    surface.blit(tag, (max(2, w // 14), max(2, w // 18)))
    surface.blit(pygame.transform.rotate(tag, 180),
                 (w - tag.get_width() - max(2, w // 14), h - tag.get_height() - max(2, w // 18)))


BACKS = {"blue": ((28, 52, 120), (86, 120, 200)), "red": ((128, 24, 36), (206, 92, 96)),
         "green": ((20, 84, 52), (84, 160, 110))}
"""Card back colours a player may choose: (the ground, the lattice)."""
_back_style = ["blue"]


def set_back(name: str) -> None:
    """Draw card backs in this colour (``BACKS``) from now on."""
    if name in BACKS:
        _back_style[0] = name


def back(width: int) -> pygame.Surface:
    """The card back: a coloured lattice inside a white border."""
    return _back(width, _back_style[0])


@lru_cache(maxsize=32)
def _back(width: int, style: str) -> pygame.Surface:
    ground, lines = BACKS[style]
    w, h = card_size(width)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 10)
    pygame.draw.rect(surface, (245, 245, 240), surface.get_rect(), border_radius=radius)
    inner = surface.get_rect().inflate(-max(4, w // 8), -max(4, w // 8))
    pygame.draw.rect(surface, ground, inner, border_radius=max(2, radius - 2))
    step = max(5, w // 7)
    lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
    for offset in range(-inner.height, inner.width + inner.height, step):
        pygame.draw.line(lattice, lines, (offset, 0), (offset + inner.height, inner.height), 1)
        pygame.draw.line(lattice, lines, (offset, inner.height), (offset + inner.height, 0), 1)
    surface.blit(lattice, inner.topleft)
    pygame.draw.rect(surface, (200, 170, 90), inner, width=max(1, w // 40),
                     border_radius=max(2, radius - 2))
    pygame.draw.rect(surface, EDGE, surface.get_rect(), width=1, border_radius=radius)
    return surface


def forget_faces() -> None:
    """Let the faces and outlines drawn so far go, when a game leaves the table: each game
    has a deck and card sizes of its own (some 40 KB a face at 1920×1200), and the next
    game draws the few dozen it shows again in its first frames. Backs stay: one a size."""
    face.cache_clear()
    outline.cache_clear()


def card_image(card: Card | None, width: int, colours: str = "four") -> pygame.Surface:
    """A face for a known card, the back for ``None``."""
    return back(width) if card is None else face(card.face, width, colours)


@lru_cache(maxsize=64)
def outline(width: int, colour: tuple[int, int, int], thickness: int = 3) -> pygame.Surface:
    """A coloured ring the size of a card, for highlights (wild, selected, target)."""
    w, h = card_size(width)
    surface = pygame.Surface((w + 2 * thickness, h + 2 * thickness), pygame.SRCALPHA)
    pygame.draw.rect(surface, colour, surface.get_rect(), width=thickness,
                     border_radius=max(3, w // 10) + thickness)
    return surface
