"""The screen model: every element of a screen named, placed and reachable.

Each screen describes itself as a flat list of ``Element`` values (a tree by ``parent``):
what it is (``role``), what it refers to in game terms (``ref``, typed), a spoken name a
person would understand, its box, its z-order, whether it is enabled and which gestures
it accepts. One model, many readers: drawing, mouse hit-testing, drag sources and drop
targets, keyboard focus order, hints, the coach's highlights, speech and the tests all
read the same ``ScreenModel``, so a screen cannot be drawn one way and clicked another.

Plain data, rebuilt from the scene's state whenever that changes (cheap: a few hundred
small frozen values), never edited in place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum, Flag, auto
from typing import TYPE_CHECKING, Protocol

from ..engine import Card, Pile

if TYPE_CHECKING:
    from .input_grammar import Command


class Role(Enum):
    """What an element is, as a person would call it."""

    CARD = "card"
    HIDDEN_CARD = "hidden card"
    PILE = "pile"
    HAND = "hand"
    STAGED_GROUP = "group being built"
    NEW_GROUP = "new group"
    TABLE_MELD = "meld on the table"
    WILD = "wild in a meld"
    RESERVE = "reserve"
    SEAT = "seat"
    QUESTION = "question"
    BUTTON = "button"
    SHEET_CELL = "mission"
    LOG = "move log"
    PANEL = "panel"
    TEXT = "text"
    FIELD = "field"
    LINK = "link"
    SEAT_MELDS = "a seat's melds, folded"


class Gesture(Flag):
    """What an element takes: a click (or tap), activation by Enter or Space when it has
    the keyboard's focus, a drop of dragged cards, the start of a drag."""

    NONE = 0
    CLICK = auto()
    ACTIVATE = auto()
    DROP = auto()
    DRAG = auto()


# --- what an element refers to -------------------------------------------------------------
# Typed references, never strings: a drop target is a ``TableMeld(seat, index)``, not
# "meld:2:1". Each is frozen and hashable, so it can key a dict of handlers.


@dataclass(frozen=True)
class HandCard:
    card: Card
    index: int
    """Its place in the hand as shown."""


@dataclass(frozen=True)
class PileRef:
    pile: Pile


class PileName(Enum):
    """The piles a game names itself (Palace's), for ``NamedPile``."""

    DECK = "deck"
    STACK = "stack"
    BURNED = "burned"


class Zone(Enum):
    """A seat's cards, by where they lie (Palace's), for ``SeatCards`` and ``ZoneCard``."""

    HAND = "hand"
    HIDDEN = "hidden"
    RESERVE = "reserve"
    FACE_DOWN = "face down"
    NEXT_RESERVE = "next reserve"
    """The slot the person's next reserve placement goes in."""


@dataclass(frozen=True)
class NamedPile:
    """A pile a game names itself (Palace: the stack, the burned cards, the deck)."""

    name: PileName


@dataclass(frozen=True)
class StagedGroup:
    index: int


@dataclass(frozen=True)
class StagedCard:
    card: Card
    group: int


@dataclass(frozen=True)
class NewGroup:
    """The empty slot a new group starts in."""


@dataclass(frozen=True)
class TableMeld:
    seat: int
    index: int


@dataclass(frozen=True)
class WildInMeld:
    seat: int
    meld: int
    position: int
    card: Card


@dataclass(frozen=True)
class MeldCard:
    """A natural card of a meld on the table (its wilds are ``WildInMeld``)."""

    seat: int
    meld: int
    position: int
    card: Card


@dataclass(frozen=True)
class SeatRef:
    seat: int


@dataclass(frozen=True)
class SeatCards:
    """A seat's cards as a group (an opponent's backs, a Palace reserve row)."""

    seat: int
    zone: Zone


@dataclass(frozen=True)
class ZoneCard:
    """One card of a seat's zone other than the hand (Palace: a reserve card, a hidden
    card chosen by its slot)."""

    seat: int
    zone: Zone
    slot: int
    card: Card | None
    """``None`` while face down."""


@dataclass(frozen=True)
class Goal:
    """A box on a sheet: Monastery's mission ``number`` of ``seat``."""

    seat: int
    number: int


@dataclass(frozen=True)
class Control:
    """A button or other control, by what it does: a table's typed command (a misspelt
    one fails mypy), or a form's own widget command."""

    command: Command | str


@dataclass(frozen=True)
class Answer:
    """One answer to the question on screen (its index among the answers)."""

    index: int


@dataclass(frozen=True)
class Region:
    """A part of the screen with no game meaning (the log, a panel, a label)."""

    name: str


@dataclass(frozen=True)
class SeatMelds:
    """A seat's melds folded into one element where they cannot fit its room (a click
    opens them in a dialog); ``close``: the dialog's Close button."""

    seat: int
    close: bool = False


Ref = (HandCard | PileRef | NamedPile | StagedGroup | StagedCard | NewGroup | TableMeld
       | WildInMeld | SeatRef | SeatCards | ZoneCard | Goal | Control | Answer | Region
       | MeldCard | SeatMelds)


class _Rectangle(Protocol):
    @property
    def x(self) -> int: ...
    @property
    def y(self) -> int: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...


@dataclass(frozen=True)
class Box:
    """A screen rectangle (plain data: no pygame needed to build or check a model)."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return self.x + self.w // 2, self.y + self.h // 2

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.x <= pos[0] < self.right and self.y <= pos[1] < self.bottom

    def overlap(self, other: Box) -> int:
        """The area this box shares with ``other`` (0 when they only touch)."""
        width = min(self.right, other.right) - max(self.x, other.x)
        height = min(self.bottom, other.bottom) - max(self.y, other.y)
        return width * height if width > 0 and height > 0 else 0

    def inside(self, other: Box) -> bool:
        return other.x <= self.x and other.y <= self.y and self.right <= other.right \
            and self.bottom <= other.bottom

    @classmethod
    def of(cls, rect: _Rectangle) -> Box:
        """A box from anything with x, y, width and height (a ``pygame.Rect``)."""
        return cls(int(rect.x), int(rect.y), int(rect.width), int(rect.height))


@dataclass(frozen=True)
class Text:
    """Text drawn inside an element, for the check that every text fits its box."""

    content: str
    size: int
    """The font size it is drawn at."""
    box: Box | None = None
    """Where it must fit (the element's box when ``None``)."""
    wraps: bool = False
    """Whether it is wrapped onto lines (then only each word must fit the width)."""
    bold: bool = False
    """Drawn in the bold face (measured in it)."""
    line_step: int = 0
    """A wrapped text's pixels from one line's top to the next (0: the font's line
    size), as it is drawn."""
    part: str = ""
    """Which of its element's texts this is, for the drawing that reads it back ("name",
    "score", "note" of a seat; "headline", "prompt", "status" of the info panel)."""


@dataclass(frozen=True)
class Element:
    id: str
    """Unique within the screen and stable while the thing it names is there
    ("hand/7H", "meld/2/1", "button/go_down"): focus follows it across rebuilds."""
    role: Role
    name: str
    """What a person would call it, read aloud ("seven of hearts, in your hand,
    selected"; "East's run, five to nine of spades, the two stands for seven")."""
    box: Box
    ref: Ref
    z: int = 0
    """Drawn and hit in this order: the highest ``z`` is on top."""
    enabled: bool = True
    accepts: Gesture = Gesture.NONE
    parent: str | None = None
    texts: tuple[Text, ...] = ()
    public: bool = True
    """Shows something every player may see (a face-up card, a meld, a score): it must
    never be covered by another element that is not its own child."""
    focusable: bool | None = None
    """Whether the keyboard's focus stops here; by default, whenever it is enabled and
    takes a click or activation."""
    selected: bool = False
    modal: bool = False
    """A dialog over the screen (a question about the person's own move that the screen
    cannot fit beside what it asks about): everything outside it is covered on purpose
    and takes no input while it is up, as under an overlay screen."""

    @property
    def takes_focus(self) -> bool:
        if self.focusable is not None:
            return self.focusable and self.enabled
        return self.enabled and bool(self.accepts & (Gesture.CLICK | Gesture.ACTIVATE))


@dataclass(frozen=True)
class ScreenModel:
    """A whole screen, elements in focus order (reading order: what a person meets
    first comes first)."""

    elements: tuple[Element, ...]
    _by_id: dict[str, Element] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for element in self.elements:
            if element.id in self._by_id:
                raise ValueError(f"two elements with the id {element.id!r}")
            self._by_id[element.id] = element

    def __iter__(self) -> Iterator[Element]:
        return iter(self.elements)

    def __len__(self) -> int:
        return len(self.elements)

    def get(self, element_id: str) -> Element | None:
        return self._by_id.get(element_id)

    def find(self, ref: Ref) -> Element | None:
        """The element that refers to ``ref`` (the first, in focus order)."""
        return next((element for element in self.elements if element.ref == ref), None)

    def children(self, element_id: str) -> list[Element]:
        return [element for element in self.elements if element.parent == element_id]

    def at(self, pos: tuple[int, int], gesture: Gesture = Gesture.CLICK,
           where: Callable[[Element], bool] | None = None) -> Element | None:
        """The topmost enabled element under ``pos`` that takes ``gesture`` (and passes
        ``where``): the one the person is pointing at."""
        best: Element | None = None
        for element in self.elements:
            if not (element.enabled and element.accepts & gesture
                    and element.box.contains(pos)):
                continue
            if where is not None and not where(element):
                continue
            if best is None or element.z >= best.z:
                best = element
        return best

    def focus_order(self) -> list[Element]:
        """The elements the keyboard reaches, in order (Tab goes forward)."""
        return [element for element in self.elements if element.takes_focus]

    def next_focus(self, current: str | None, step: int = 1) -> Element | None:
        """The element after (``step`` 1) or before (-1) ``current`` in focus order,
        wrapping round; the first when ``current`` is gone."""
        order = self.focus_order()
        if not order:
            return None
        ids = [element.id for element in order]
        if current not in ids:
            return order[0] if step > 0 else order[-1]
        return order[(ids.index(current) + step) % len(order)]

    def drop_targets(self) -> list[Element]:
        return [element for element in self.elements
                if element.enabled and element.accepts & Gesture.DROP]

    # --- checks the screen matrix runs ---------------------------------------------------

    def overlaps(self) -> list[tuple[Element, Element]]:
        """Pairs of elements that cover each other where they must not: two enabled
        elements that take input (neither inside the other's family), or anything
        drawn over a public element that is not its own."""
        problems: list[tuple[Element, Element]] = []
        items = list(self.elements)
        parents = {element.parent for element in items if element.parent is not None}
        for i, first in enumerate(items):
            for second in items[i + 1:]:
                if self._related(first, second) or not first.box.overlap(second.box):
                    continue
                active = _interactive(first) and _interactive(second)
                lower, upper = (first, second) if first.z <= second.z else (second, first)
                if self._in_modal(upper) and not self._in_modal(lower):
                    continue  # a dialog covers the screen under it on purpose
                hides = lower.public and upper.z > lower.z and lower.role is not Role.PANEL \
                    and lower.id not in parents  # a group shows through its own parts
                if active or hides:
                    problems.append((first, second))
        return problems

    def _related(self, first: Element, second: Element) -> bool:
        """One contains the other in the tree (a card in its meld, a meld in its seat)."""
        return self._ancestor(first.id, second) or self._ancestor(second.id, first)

    def _ancestor(self, element_id: str, element: Element) -> bool:
        parent = element.parent
        seen = 0
        while parent is not None and seen < 32:
            if parent == element_id:
                return True
            found = self._by_id.get(parent)
            parent = found.parent if found is not None else None
            seen += 1
        return False

    def _in_modal(self, element: Element) -> bool:
        """The element is a dialog or part of one."""
        return element.modal or any(other.modal and self._ancestor(other.id, element)
                                    for other in self.elements)

    def unnamed(self) -> list[Element]:
        return [element for element in self.elements if not element.name.strip()]


def _interactive(element: Element) -> bool:
    return element.enabled and bool(element.accepts & (Gesture.CLICK | Gesture.DROP
                                                       | Gesture.ACTIVATE))


class Modelled(Protocol):
    """A screen that describes itself (every scene does)."""

    def model(self) -> ScreenModel: ...


def model_of(elements: Iterable[Element]) -> ScreenModel:
    return ScreenModel(tuple(elements))
