"""Actions: interned int values with a compact text notation.

An action names card *types* (never slots or positions), so it means the same thing in every
determinization. Notation (``Action.parse`` / ``str``):

``opt:2A`` choose the round's option "2 cards from pile A";  ``redraw``;  ``pick:<card>``;
``pick:<card>+pay:<card>[,<card>]`` (pick a card and pay its "when picked" cost, which earns
an extra card from the same offer);  ``pass`` (decline a "may", stop an "up to");
``trim:<card>``;  ``done`` (stop trimming);  ``top:<card>``;  ``bottom:<card>``;
``exhaust:<card>``;  ``order:<card>,<card>[,<card>]`` (two or three cards, top card first).
``<card>`` is the card key: its name in lower case with dashes, plus ``@level`` when two
cards share a name (``talent@s`` is the starter Talent, ``talent@a`` the City one).

Where a search of the deck moves one card (Sailor: to the bottom, Clairvoyant: to the top) and
the deck holds several copies of it, moving another copy can give another order:
``bottom:<card>#<n>`` moves the n-th copy counted from the top of the deck (``#1``, the
top-most, is written without its number).
"""

from __future__ import annotations

import difflib

from .catalogue import BY_KEY, KEY, PILE_LEVELS

OPT, REDRAW, PICK, PASS, TRIM, DONE, TOP, BOTTOM, EXHAUST, ORDER = range(10)
KIND_WORDS = ("opt", "redraw", "pick", "pass", "trim", "done", "top", "bottom", "exhaust", "order")
"""The notation word of each action kind, by kind."""
_SHIFT = 21
_ARG_MASK = (1 << _SHIFT) - 1
MAX_COPY = 40
"""A deck holds at most 40 cards, so at most 40 copies of one card."""
MAX_PICKS = 7
"""An option's number of cards fits in three bits."""
_CARD_KINDS = frozenset({TRIM, TOP, BOTTOM, EXHAUST})
_COPY_KINDS = frozenset({TOP, BOTTOM})
_PAY = "+pay:"
_COPY = "#"


class Action(int):
    """A small immutable action; equal actions are the same interned object (`make`)."""

    __slots__ = ()

    @property
    def kind(self) -> int:
        """The action kind (one of OPT, REDRAW, PICK, ...)."""
        return int(self) >> _SHIFT

    @property
    def arg(self) -> int:
        """The packed argument (card type, option or order)."""
        return int(self) & _ARG_MASK

    @property
    def card(self) -> int:
        """The card a one-card action names; for a PICK, the picked card (not for ORDER)."""
        return int(self) & 127

    @property
    def copy(self) -> int:
        """For TOP and BOTTOM: which copy of the card, counted from the top of the deck (1 is
        the top-most)."""
        return (self.arg >> 7) + 1 if self.kind in _COPY_KINDS else 1

    def paid(self) -> tuple[int, ...]:
        """The cards a PICK removes from the deck to pay a "when picked" cost."""
        a = self.arg
        return tuple(c - 1 for c in ((a >> 7) & 127, a >> 14) if c) if self.kind == PICK else ()

    def cards(self) -> tuple[int, ...]:
        """Card types named by the action: a PICK's card, then its payment; ORDER top first."""
        k, a = self.kind, self.arg
        if k in _CARD_KINDS:
            return (a & 127,)
        if k == PICK:
            return (a & 127, *self.paid())
        if k == ORDER:
            return tuple(c - 1 for c in (a >> 14, (a >> 7) & 127, a & 127) if c)
        return ()

    def __str__(self) -> str:
        k, a = self.kind, self.arg
        word = KIND_WORDS[k]
        if k == OPT:
            return f"opt:{a & 7}{PILE_LEVELS[a >> 3]}"
        if k in _CARD_KINDS:
            copy = f"{_COPY}{self.copy}" if self.copy > 1 else ""
            return f"{word}:{KEY[self.card]}{copy}"
        if k == PICK:
            paid = ",".join(KEY[t] for t in self.paid())
            return f"pick:{KEY[self.card]}" + (_PAY + paid if paid else "")
        if k == ORDER:
            return "order:" + ",".join(KEY[t] for t in self.cards())
        return word

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Action:
        """The action written as `text`; raises ValueError when it is not valid notation."""
        word, _, rest = text.strip().lower().partition(":")
        if word not in KIND_WORDS:
            raise ValueError(f"unknown action {text!r}; actions start with one of "
                             f"{', '.join(KIND_WORDS)}")
        kind = KIND_WORDS.index(word)
        try:
            if kind == OPT:
                return option(PILE_LEVELS.index(rest[-1:].upper()), _number(rest[:-1]))
            if kind in _COPY_KINDS:
                card, sep, copy = rest.partition(_COPY)
                return moved(kind, card_of_key(card), _number(copy) if sep else 1)
            if kind in _CARD_KINDS:
                return make(kind, card_of_key(rest))
            if kind == PICK:
                card, sep, paid = rest.partition(_PAY)
                if sep and not 1 <= len(paid.split(",")) <= 2:
                    raise ValueError(f"{text!r}: a pick pays with one or two cards")
                return pick(card_of_key(card), *(card_of_key(k) for k in paid.split(",") if sep))
            if kind == ORDER:
                t = [card_of_key(k) for k in rest.split(",")]
                if len(t) not in (2, 3):
                    raise ValueError(f"{text!r}: an order names two or three cards, top first")
                return order(*t)
        except (KeyError, IndexError) as exc:
            raise ValueError(f"bad action {text!r}") from exc
        if rest:
            raise ValueError(f"bad action {text!r}")
        return make(kind, 0)


def _number(text: str) -> int:
    """A small count written in ASCII digits (no sign, spaces or underscores); ValueError if
    not, so a huge number never reaches the packing of an action."""
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        raise ValueError(f"expected a small number in digits, got {text!r}")
    return int(text)


def card_of_key(key: str) -> int:
    """The card type with this notation key; ValueError naming the closest keys if none."""
    card = BY_KEY.get(key)
    if card is None:
        close = difflib.get_close_matches(key, BY_KEY, n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else " (GetInfo lists the keys)"
        raise ValueError(f"no card has the key {key!r}{hint}")
    return card


_CACHE: dict[int, Action] = {}
MAX_INTERNED = 1 << 16
"""Distinct actions kept interned: far more than every game's legal moves, far fewer than the
million a client could name (a pick paying with any two cards, any order of three), so
requests cannot grow the cache without bound."""


def make(kind: int, arg: int = 0) -> Action:
    """The interned action of `kind` with `arg` (once `MAX_INTERNED` are interned, a new one
    is equal to, but not the same object as, another of the same value)."""
    value = (kind << _SHIFT) | arg
    act = _CACHE.get(value)
    if act is None:
        act = Action(value)
        if len(_CACHE) < MAX_INTERNED:
            _CACHE[value] = act
    return act


def option(pile: int, picks: int) -> Action:
    """Choose the draft option `picks` cards from pile index `pile` (0 = A); ValueError unless
    the pile is 0..2 and the picks 1..7."""
    if not (0 <= pile < len(PILE_LEVELS) and 1 <= picks <= MAX_PICKS):
        raise ValueError(f"an option takes 1..{MAX_PICKS} cards from pile A, B or C")
    return make(OPT, pile << 3 | picks)


def pick(card: int, *paid: int) -> Action:
    """Pick `card`, removing the `paid` cards (none, one or two) to pay its "when picked" cost."""
    arg = card
    for i, t in enumerate(paid):
        arg |= (t + 1) << (7 + 7 * i)
    return make(PICK, arg)


def order(*cards: int) -> Action:
    """Return two or three looked-at cards in this order, the first on top."""
    if len(cards) not in (2, 3):
        raise ValueError("an order names two or three cards")
    packed = 0
    for card in cards:
        packed = packed << 7 | (card + 1)
    return make(ORDER, packed << 7 * (3 - len(cards)))


def moved(kind: int, card: int, copy: int = 1) -> Action:
    """TOP or BOTTOM for the `copy`-th card of type `card` from the top of the deck."""
    if copy < 1 or copy > MAX_COPY:
        raise ValueError(f"a copy is counted 1..{MAX_COPY} from the top of the deck")
    return make(kind, card | (copy - 1) << 7)


A_REDRAW = make(REDRAW)
A_PASS = make(PASS)
A_DONE = make(DONE)
