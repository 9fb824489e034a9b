"""The five games the table offers, built or not yet built, for menus and the CLI.

``variants()`` lists the games whose rules exist; the catalog lists all five so a setup
screen can show the rest as coming soon.

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import options as opts
from .variant import _VARIANTS


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    title: str
    seat_counts: range
    options_type: type

    @property
    def built(self) -> bool:
        return self.id in _VARIANTS


CATALOG: tuple[GameInfo, ...] = (
    GameInfo("five_crowns", "Five Crowns", range(2, 8), opts.FiveCrownsOptions),
    GameInfo("shanghai_may_i", "Shanghai with May I", range(2, 9), opts.ShanghaiMayIOptions),
    GameInfo("shanghai_buy", "Shanghai with buying", range(3, 9), opts.ShanghaiBuyOptions),
    GameInfo("monastery", "Monastery (Nine Missions)", range(2, 9), opts.MonasteryOptions),
    GameInfo("palace", "Palace with straights", range(2, 7), opts.PalaceOptions),
)


def catalog() -> tuple[GameInfo, ...]:
    return CATALOG
