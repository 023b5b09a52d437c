"""Actions: interned small integers with a kind, an argument, a notation and plain words.

An `Action` is an `int` subclass, so it hashes and compares like its code and pickles cheaply;
every legal action is one of the instances in `ALL_ACTIONS`. The identity of an action never
depends on hidden cards: "reserve the top card of the level-2 deck" is `blind:2` in every world.

Notation (stable, round-trips through `parse` and `str`):

    take:YPB   take one token of each listed colour (1 to 3 different colours)
    take2:R    take two tokens of one colour
    reserve:62 reserve face-up card 62           blind:2   reserve the top of the level-2 deck
    recruit:62 recruit face-up card 62           recruit-reserved:62  recruit it from your hand
    return:S   return one token (end-of-turn limit)  location:4A  choose that location side
    pass

Colour letters: Y yellow, P purple, B blue, R red, O orange, G green, S grey (S.H.I.E.L.D.).
"""

from __future__ import annotations

from enum import IntEnum

from games.splendor_marvel.catalogue import (
    CARD,
    COLOUR_KEYS,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    GREEN,
    LOCATIONS,
    NUM_CARDS,
    STONE_COLOURS,
    location_by_label,
)


class Kind(IntEnum):
    """What an action does."""

    TAKE = 0
    TAKE_TWO = 1
    RESERVE = 2
    RESERVE_BLIND = 3
    RECRUIT = 4
    RECRUIT_RESERVED = 5
    RETURN = 6
    LOCATION = 7
    PASS = 8


_BASE = {
    Kind.TAKE: 0,  # + colour mask (1..31, at most 3 bits)
    Kind.TAKE_TWO: 32,  # + colour
    Kind.RESERVE: 40,  # + card id
    Kind.RESERVE_BLIND: 140,  # + level
    Kind.RECRUIT: 150,  # + card id
    Kind.RECRUIT_RESERVED: 250,  # + card id
    Kind.RETURN: 350,  # + token kind (never green)
    Kind.LOCATION: 360,  # + location side index
    Kind.PASS: 370,
}
_WORD = {
    Kind.TAKE: "take",
    Kind.TAKE_TWO: "take2",
    Kind.RESERVE: "reserve",
    Kind.RESERVE_BLIND: "blind",
    Kind.RECRUIT: "recruit",
    Kind.RECRUIT_RESERVED: "recruit-reserved",
    Kind.RETURN: "return",
    Kind.LOCATION: "location",
    Kind.PASS: "pass",
}
_KIND_OF_WORD = {word: kind for kind, word in _WORD.items()}


class Action(int):
    """One move or follow-up decision; create through the helpers below or `parse`."""

    __slots__ = ()

    @property
    def kind(self) -> Kind:
        return _KIND[self]

    @property
    def arg(self) -> int:
        """Colour mask, colour, card id, level, token kind or location index, by kind."""
        return _ARG[self]

    def notation(self) -> str:
        """The compact text form, e.g. ``take:YPB`` or ``recruit:62``."""
        kind, arg = _KIND[self], _ARG[self]
        word = _WORD[kind]
        if kind is Kind.PASS:
            return word
        if kind is Kind.TAKE:
            return f"{word}:{''.join(COLOUR_LETTERS[c] for c in colours_of(arg))}"
        if kind in (Kind.TAKE_TWO, Kind.RETURN):
            return f"{word}:{COLOUR_LETTERS[arg]}"
        if kind is Kind.LOCATION:
            return f"{word}:{LOCATIONS[arg].label}"
        return f"{word}:{arg}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"parse({self.notation()!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (_from_code, (int(self),))


def colours_of(mask: int) -> tuple[int, ...]:
    """Colour indices in a 5-bit colour mask, in colour order."""
    return tuple(c for c in STONE_COLOURS if mask >> c & 1)


def _from_code(code: int) -> Action:
    action = ALL_ACTIONS.get(code)
    if action is None:
        raise ValueError(f"no action has code {code}")
    return action


def _args(kind: Kind) -> tuple[int, ...]:
    if kind is Kind.TAKE:
        return tuple(m for m in range(1, 32) if bin(m).count("1") <= 3)
    if kind is Kind.TAKE_TWO:
        return tuple(STONE_COLOURS)
    if kind in (Kind.RESERVE, Kind.RECRUIT, Kind.RECRUIT_RESERVED):
        return tuple(range(1, NUM_CARDS + 1))
    if kind is Kind.RESERVE_BLIND:
        return (1, 2, 3)
    if kind is Kind.RETURN:
        return tuple(c for c in range(7) if c != GREEN)
    if kind is Kind.LOCATION:
        return tuple(range(len(LOCATIONS)))
    return (0,)


ALL_ACTIONS: dict[int, Action] = {}
_KIND: dict[int, Kind] = {}
_ARG: dict[int, int] = {}
for _kind in Kind:
    for _arg in _args(_kind):
        _code = _BASE[_kind] + _arg
        ALL_ACTIONS[_code] = Action(_code)
        _KIND[_code] = _kind
        _ARG[_code] = _arg

# Kind and argument by code, as tuples for the engine's hot loops (None/0 where no action is).
KIND_OF: tuple[Kind | None, ...] = tuple(_KIND.get(code) for code in range(max(_KIND) + 1))
ARG_OF: tuple[int, ...] = tuple(_ARG.get(code, 0) for code in range(max(_ARG) + 1))


def make(kind: Kind, arg: int = 0) -> Action:
    """The action of this kind and argument; raises ValueError when there is none."""
    code = _BASE[kind] + arg
    if _KIND.get(code) is not kind:
        raise ValueError(f"{kind.name.lower()} takes no argument {arg}")
    return ALL_ACTIONS[code]


def take(*colours: int) -> Action:
    """Take one token of each of 1–3 different colours."""
    if len(set(colours)) != len(colours):
        twice = COLOUR_LETTERS[next(c for c in colours if colours.count(c) > 1)]
        raise ValueError(
            f"take needs different colours; take two of one colour with take2:{twice}")
    return make(Kind.TAKE, sum(1 << c for c in colours))


def take_two(colour: int) -> Action:
    return make(Kind.TAKE_TWO, colour)


def reserve(card_id: int) -> Action:
    return make(Kind.RESERVE, card_id)


def reserve_blind(level: int) -> Action:
    return make(Kind.RESERVE_BLIND, level)


def recruit(card_id: int) -> Action:
    return make(Kind.RECRUIT, card_id)


def recruit_reserved(card_id: int) -> Action:
    return make(Kind.RECRUIT_RESERVED, card_id)


def return_token(kind: int) -> Action:
    return make(Kind.RETURN, kind)


def choose_location(index: int) -> Action:
    return make(Kind.LOCATION, index)


PASS = make(Kind.PASS)


def _colour_letters(text: str) -> tuple[int, ...]:
    colours = []
    for letter in text.upper():
        if letter not in COLOUR_LETTERS:
            raise ValueError(f"unknown colour letter {letter!r} (use {COLOUR_LETTERS})")
        colours.append(COLOUR_LETTERS.index(letter))
    return tuple(colours)


def parse(text: str) -> Action:
    """The action written in notation; raises ValueError naming what is wrong."""
    word, _, rest = text.strip().partition(":")
    kind = _KIND_OF_WORD.get(word.lower())
    if kind is None:
        raise ValueError(f"unknown action {word!r}; expected one of {', '.join(_WORD.values())}")
    if kind is Kind.PASS:
        if rest:
            raise ValueError("pass takes no argument")
        return PASS
    if not rest:
        raise ValueError(f"{word} needs an argument after ':'")
    if kind is Kind.TAKE:
        return take(*_colour_letters(rest))
    if kind in (Kind.TAKE_TWO, Kind.RETURN):
        colours = _colour_letters(rest)
        if len(colours) != 1:
            raise ValueError(f"{word} takes exactly one colour letter")
        return make(kind, colours[0])
    if kind is Kind.LOCATION:
        try:
            return choose_location(location_by_label(rest).index)
        except KeyError:
            labels = ", ".join(side.label for side in LOCATIONS)
            raise ValueError(f"unknown location {rest!r}; expected one of {labels}") from None
    if not rest.isdigit():
        raise ValueError(f"{word} needs a number, got {rest!r}")
    return make(kind, int(rest))


def colour_words(colour: int) -> str:
    """E.g. "Mind (yellow)"."""
    key = COLOUR_KEYS[colour]
    return f"{COLOUR_NAMES[key]} ({key})"


def card_words(card_id: int) -> str:
    """E.g. "Ghost Rider (level 2, red bonus, 2 points)"."""
    card = CARD[card_id]
    assert card is not None
    points = f"{card.points} point{'s' if card.points != 1 else ''}"
    plural = "s" if card.avengers > 1 else ""
    tags = f", {card.avengers} Avengers tag{plural}" if card.avengers else ""
    return f"{card.name} (level {card.level}, {COLOUR_KEYS[card.bonus]} bonus, {points}{tags})"


def describe(action: Action) -> str:
    """The action in plain words."""
    kind, arg = action.kind, action.arg
    if kind is Kind.TAKE:
        return "take " + ", ".join(colour_words(c) for c in colours_of(arg))
    if kind is Kind.TAKE_TWO:
        return f"take two {colour_words(arg)}"
    if kind is Kind.RESERVE:
        return f"reserve {card_words(arg)}"
    if kind is Kind.RESERVE_BLIND:
        return f"reserve the top card of the level-{arg} deck unseen"
    if kind is Kind.RECRUIT:
        return f"recruit {card_words(arg)}"
    if kind is Kind.RECRUIT_RESERVED:
        return f"recruit {card_words(arg)} from your reserve"
    if kind is Kind.RETURN:
        return f"return one {colour_words(arg)} token"
    if kind is Kind.LOCATION:
        side = LOCATIONS[arg]
        return f"take the location {side.name} ({side.label})"
    return "pass (no other action is legal)"
