"""Draw the cardtable icon (three cards fanned on green felt) into PNGs of the sizes a
Linux desktop asks for: packaging/linux/icons/<size>x<size>/cardtable.png, and
packaging/linux/cardtable.png (256 px), and assets/icon.png (64 px, the window's icon).
The same shapes as
cardtable.svg, drawn with pygame so no SVG renderer is needed.

    python3 packaging/make_icons.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent / "linux"
SIZES = (16, 24, 32, 48, 64, 128, 256)
FELT, EDGE, CARD, INK, RED = (31, 107, 69), (227, 193, 90), (251, 248, 239), (51, 49, 44), \
    (198, 40, 40)
FONT = Path(__file__).resolve().parents[1] / "assets" / "fonts" / "DejaVuSans-Bold.ttf"


def card(label: str, colour: tuple[int, int, int], scale: int) -> pygame.Surface:
    """One card at 4× (drawn big, then scaled down: smooth edges)."""
    w, h = 92 * scale, 132 * scale
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surface, CARD, surface.get_rect(), border_radius=12 * scale)
    pygame.draw.rect(surface, INK, surface.get_rect(), width=3 * scale, border_radius=12 * scale)
    font = pygame.font.Font(str(FONT), 30 * scale)
    surface.blit(font.render(label, True, colour), (12 * scale, 8 * scale))
    cx, cy = w // 2, int(h * 0.62)
    r = 16 * scale
    pygame.draw.polygon(surface, colour, [(cx, cy - r), (cx + r, cy), (cx, cy + r),
                                          (cx - r, cy)])
    return surface


def icon(size: int) -> pygame.Surface:
    scale = 4
    big = pygame.Surface((256 * scale, 256 * scale), pygame.SRCALPHA)
    felt = pygame.Rect(8 * scale, 8 * scale, 240 * scale, 240 * scale)
    pygame.draw.rect(big, FELT, felt, border_radius=44 * scale)
    pygame.draw.rect(big, EDGE, felt, width=8 * scale, border_radius=44 * scale)
    pivot = (128 * scale, 214 * scale)  # the fan turns about a point below the cards
    for angle, label, colour in ((22, "A", (27, 27, 27)), (0, "K", RED), (-22, "Q", RED)):
        face = pygame.transform.rotate(card(label, colour, scale), angle)
        offset = pygame.math.Vector2(0, -96 * scale).rotate(-angle)  # card centre
        big.blit(face, face.get_rect(center=(pivot[0] + offset.x, pivot[1] + offset.y)))
    return pygame.transform.smoothscale(big, (size, size))


def main() -> int:
    pygame.font.init()
    for size in SIZES:
        folder = HERE / "icons" / f"{size}x{size}"
        folder.mkdir(parents=True, exist_ok=True)
        pygame.image.save(icon(size), str(folder / "cardtable.png"))
    pygame.image.save(icon(256), str(HERE / "cardtable.png"))
    pygame.image.save(icon(64), str(HERE.parents[1] / "assets" / "icon.png"))
    print(f"icons written to {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
