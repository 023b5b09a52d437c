"""One match between two participants: reveal, attack, flag, bench, loss.

The match runs by itself until an effect asks someone to choose (``state.pending_kind``) or it ends
(``state.loser``). ``state.match_step`` says where to continue after a decision.

When ``state.effect_counts`` is set (a measurement; None in play) the match tallies each card
effect that *triggers*: it resolves at its moment with its condition met. On reveal: a handler
that did something or left a choice (a "may" counts even if its owner then declines), or a
non-zero reveal or attack bonus. On taking the flag: a flag-gain handler that did something, or
a non-zero flag-possession bonus. On losing the flag: a flag-loss handler that did something. A
bench aura triggers when its card is seated on its owner's bench. "When picked" effects belong
to the deck phase and are not tallied here.
"""

from __future__ import annotations

import random

from .effects import (
    ATTACK_BONUS,
    AURA,
    FLAG_BONUS,
    ON_FLAG_GAIN,
    ON_FLAG_LOSS,
    ON_REVEAL,
    REVEAL_BONUS,
    tally,
)
from .power import attack_power, defence_power
from .state import TYPE_MASK, State
from .zones import bench_card, opponent

M_START, M_FIRST_GAIN, M_REVEAL, M_COMPARE, M_CAPTURE = range(5)


def start(s: State, a: int, b: int, rng: random.Random) -> None:
    """Shuffle both decks and set up a match between `a` and `b`."""
    s.side_a, s.side_b, s.attacker, s.match_step, s.loser = a, b, -1, M_START, -1
    s.pending_kind, s.pending_participant, s.pending_data = 0, -1, 0
    for p in (a, b):
        cards = s.decks[p]
        rng.shuffle(cards)
        s.draws[p] = cards
        s.decks[p] = []
        s.match_public[p] = sorted(cards)
        s.hidden_adds[p] = [0, 0, 0]
        s.benches[p], s.exhausted[p], s.in_play[p] = [], [], []
        s.play_bonus[p], s.play_attack[p] = [], []
        s.next_attack_bonus[p] = 0


def highest_trophy(s: State, p: int) -> int:
    """Round of p's highest trophy (0 without trophies)."""
    return max(s.trophies[p]) >> 2 if s.trophies[p] else 0


def starter(s: State, rng: random.Random) -> int:
    """Who reveals first: the holder of the trophy of the highest round, else a random one."""
    ha, hb = highest_trophy(s, s.side_a), highest_trophy(s, s.side_b)
    if ha != hb:
        return s.side_a if ha > hb else s.side_b
    return s.side_a if rng.random() < 0.5 else s.side_b


def reveal(s: State, p: int, rng: random.Random) -> None:
    """p reveals the top card of their draw pile into play and its reveal effect happens."""
    card = s.draws[p].pop() & TYPE_MASK
    s.in_play[p].append(card)
    bonus = REVEAL_BONUS[card]
    kept = bonus(s, p) if bonus is not None else 0
    s.play_bonus[p].append(kept)
    attack = ATTACK_BONUS[card]
    extra = attack(s, p) if attack is not None else 0
    s.play_attack[p].append(extra + s.next_attack_bonus[p])
    s.next_attack_bonus[p] = 0
    effect = ON_REVEAL[card]
    if (effect is not None and effect(s, p, rng)) or kept or extra:
        tally(s, p, card)


def _flag_gain(s: State, p: int, rng: random.Random) -> None:
    card = s.in_play[p][-1]
    effect = ON_FLAG_GAIN[card]
    if effect is not None and effect(s, p, rng):
        tally(s, p, card)
    elif s.effect_counts is not None:
        holding = FLAG_BONUS[card]
        if holding is not None and holding(s, p):
            tally(s, p, card)


def step(s: State, rng: random.Random) -> None:
    """Advance the match by one automatic step (no pending decision, no loser)."""
    m = s.match_step
    if m == M_START:
        first = starter(s, rng)
        s.attacker = first
        if not s.draws[first]:
            s.loser = first
            return
        s.match_step = M_FIRST_GAIN
        reveal(s, first, rng)
    elif m == M_FIRST_GAIN:
        _flag_gain(s, s.attacker, rng)
        s.attacker = opponent(s, s.attacker)
        s.match_step = M_REVEAL
    elif m == M_REVEAL:
        a = s.attacker
        if not s.draws[a]:
            s.loser = a
            return
        s.match_step = M_COMPARE
        reveal(s, a, rng)
    elif m == M_COMPARE:
        a = s.attacker
        d = opponent(s, a)
        if attack_power(s, a) >= defence_power(s, d):
            s.match_step = M_CAPTURE
            card = s.in_play[d][-1]
            effect = ON_FLAG_LOSS[card]
            if effect is not None and effect(s, d, rng):
                tally(s, d, card)
        else:
            s.match_step = M_REVEAL
    else:  # M_CAPTURE: flag-loss effects are done; the attacker takes the flag
        a = s.attacker
        d = opponent(s, a)
        _flag_gain(s, a, rng)
        if s.loser >= 0:
            return
        stack = s.in_play[d]
        s.in_play[d], s.play_bonus[d], s.play_attack[d] = [], [], []
        counting = s.effect_counts is not None
        for i, card in enumerate(stack):
            if not bench_card(s, d, card):
                s.in_play[d] = stack[i:]  # left in play; the match is over
                s.play_bonus[d] = s.play_attack[d] = [0] * (len(stack) - i)
                s.loser = d
                return
            if counting and AURA[card]:
                tally(s, d, card)
        s.attacker = d
        s.match_step = M_REVEAL


def gather(s: State, p: int) -> None:
    """After the match every card of p returns to p's deck, which is public again."""
    cards = [c & TYPE_MASK for c in s.draws[p]]
    for seat in s.benches[p]:
        cards += seat
    cards += s.exhausted[p]
    cards += s.in_play[p]
    s.decks[p] = cards
    s.public_deck[p] = sorted(cards)
    s.draws[p], s.benches[p], s.exhausted[p], s.in_play[p] = [], [], [], []
    s.play_bonus[p], s.play_attack[p] = [], []
    s.match_public[p], s.hidden_adds[p], s.next_attack_bonus[p] = [], [0, 0, 0], 0
