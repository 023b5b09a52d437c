"""Moving cards between zones: level piles, draw piles, benches, exhaust piles and the box."""

from __future__ import annotations

import random

from .catalogue import BENCH_SEATS, NAME_ID
from .state import OPP_KNOWS, OWNER_KNOWS, TAG_PUBLIC, TYPE_MASK, State


def opponent(s: State, p: int) -> int:
    """The other participant of the current match."""
    return s.side_b if p == s.side_a else s.side_a


def draw_from_pile(s: State, pile: int, rng: random.Random) -> int:
    """Take the top card of a level pile (-1 when pile and discard are empty).

    When the pile runs out its discard compartment is shuffled and becomes the pile.
    """
    cards = s.piles[pile]
    if not cards:
        waste = s.discards[pile]
        if not waste:
            return -1
        rng.shuffle(waste)
        s.piles[pile] = cards = waste
        s.discards[pile] = []
        s.discard_tags[pile] = []
    return cards.pop()


def discard(s: State, pile: int, card: int, tag: int) -> None:
    """Put `card` in the discard compartment of `pile`, seen by `tag`."""
    s.discards[pile].append(card)
    s.discard_tags[pile].append(tag)


def to_box(s: State, card: int, tag: int = TAG_PUBLIC) -> None:
    """Remove `card` from the game."""
    s.box.append(card)
    s.box_tags.append(tag)


def bench_card(s: State, p: int, card: int) -> bool:
    """Seat `card` on p's bench (with its namesakes or in a free seat); False if no seat fits."""
    name = NAME_ID[card]
    for seat in s.benches[p]:
        if NAME_ID[seat[0]] == name:
            seat.append(card)
            return True
    if len(s.benches[p]) >= BENCH_SEATS:
        return False
    s.benches[p].append([card])
    return True


def take_from_bench(s: State, p: int, card: int) -> bool:
    """Take one card of type `card` off p's bench (a seat is freed when emptied)."""
    bench = s.benches[p]
    for i, seat in enumerate(bench):
        if card in seat:
            seat.remove(card)
            if not seat:
                del bench[i]
            return True
    return False


def bench_types(s: State, p: int) -> list[int]:
    """Distinct card types on p's bench, in seat order."""
    out: list[int] = []
    for seat in s.benches[p]:
        for c in seat:
            if c not in out:
                out.append(c)
    return out


def top_types(s: State, p: int, k: int) -> list[int]:
    """Types of the top `k` cards of p's draw pile, top first."""
    return [c & TYPE_MASK for c in reversed(s.draws[p][-k:])]


def learn_top(s: State, p: int, k: int) -> None:
    """The owner looks at the top `k` cards of their draw pile."""
    d = s.draws[p]
    for i in range(max(0, len(d) - k), len(d)):
        d[i] |= OWNER_KNOWS


def learn_all(s: State, p: int) -> None:
    """The owner looks through the whole draw pile; the opponent loses track of its order."""
    d = s.draws[p]
    for i in range(len(d)):
        d[i] = (d[i] | OWNER_KNOWS) & ~OPP_KNOWS


def pull_from_draw(s: State, p: int, card: int, copy: int = 1) -> int:
    """Remove the `copy`-th card of type `card` from the top of p's draw pile; its code."""
    d = s.draws[p]
    for i in range(len(d) - 1, -1, -1):
        if d[i] & TYPE_MASK == card:
            copy -= 1
            if copy == 0:
                return d.pop(i)
    raise ValueError("card not in draw pile")
