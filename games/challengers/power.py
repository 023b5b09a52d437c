"""Attack and defence power, with bench auras, reveal bonuses and flag bonuses."""

from __future__ import annotations

from .catalogue import ICON, ICON_CITY
from .effects import (
    AURA,
    AURA_AI,
    AURA_BAND,
    AURA_BARD,
    AURA_BLACKSMITH,
    AURA_COOK,
    AURA_DIRECTOR,
    AURA_MAKEUP,
    AURA_NONE,
    AURA_VENDOR,
    FLAG_BONUS,
    ICON_FILM,
    ICON_FUNFAIR,
    ICON_SPACE,
    base_power,
)
from .state import State


def auras(s: State, p: int) -> list[int]:
    """How many cards of each aura kind sit on p's bench."""
    counts = [0] * 9
    for seat in s.benches[p]:
        kind = AURA[seat[0]]
        if kind != AURA_NONE:
            counts[kind] += len(seat)
    return counts


def _general(counts: list[int], card: int, base: int) -> int:
    icon = ICON[card]
    bonus = 0
    if icon == ICON_CITY:
        bonus += counts[AURA_BLACKSMITH]
    elif icon == ICON_FUNFAIR:
        bonus += counts[AURA_VENDOR]
    elif icon == ICON_SPACE:
        bonus += counts[AURA_BAND]
    if base == 2:
        bonus += counts[AURA_AI]
    return bonus


def card_attack_power(s: State, p: int, i: int, counts: list[int] | None = None) -> int:
    """Power of p's i-th attacking card (never below 0)."""
    if counts is None:
        counts = auras(s, p)
    card = s.in_play[p][i]
    base = base_power(s, card)
    v = base + s.play_bonus[p][i] + s.play_attack[p][i] + _general(counts, card, base)
    v += counts[AURA_BARD]
    if base == 1:
        v += 2 * counts[AURA_MAKEUP]
    if ICON[card] == ICON_FILM:
        v += counts[AURA_DIRECTOR]
    return v if v > 0 else 0


def attack_power(s: State, p: int) -> int:
    """Total power of p's current attack."""
    counts = auras(s, p)
    return sum(card_attack_power(s, p, i, counts) for i in range(len(s.in_play[p])))


def defence_power(s: State, p: int) -> int:
    """Power of p's flag card: itself, its kept reveal bonus, flag and bench bonuses."""
    if not s.in_play[p]:
        return 0
    counts = auras(s, p)
    card = s.in_play[p][-1]
    base = base_power(s, card)
    v = base + s.play_bonus[p][-1] + _general(counts, card, base) + counts[AURA_COOK]
    bonus = FLAG_BONUS[card]
    if bonus is not None:
        v += bonus(s, p)
    return v if v > 0 else 0
