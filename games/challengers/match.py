"""One match between two participants: reveal, attack, flag, bench, loss.

The match runs by itself until an effect asks someone to choose (``state.pk``) or it ends
(``state.loser``). ``state.mstep`` says where to continue after a decision.
"""

from __future__ import annotations

import random

from .effects import ATTACK_BONUS, ON_FLAG_GAIN, ON_FLAG_LOSS, ON_REVEAL, REVEAL_BONUS
from .power import attack_power, defence_power
from .state import TYPE_MASK, State
from .zones import bench_card, opponent

M_START, M_FIRST_GAIN, M_REVEAL, M_COMPARE, M_CAPTURE = range(5)


def start(s: State, a: int, b: int, rng: random.Random) -> None:
    """Shuffle both decks and set up a match between `a` and `b`."""
    s.ma, s.mb, s.att, s.mstep, s.loser = a, b, -1, M_START, -1
    s.pk, s.pp, s.pdata = 0, -1, 0
    for p in (a, b):
        cards = s.deck[p]
        rng.shuffle(cards)
        s.draw[p] = cards
        s.deck[p] = []
        s.mpub[p] = sorted(cards)
        s.hadd[p] = [0, 0, 0]
        s.bench[p], s.exh[p], s.play[p], s.rb[p], s.ab[p] = [], [], [], [], []
        s.nxt[p] = 0


def highest_trophy(s: State, p: int) -> int:
    """Round of p's highest trophy (0 without trophies)."""
    return max(s.trophies[p]) >> 2 if s.trophies[p] else 0


def starter(s: State, rng: random.Random) -> int:
    """Who reveals first: the holder of the trophy of the highest round, else a random one."""
    ha, hb = highest_trophy(s, s.ma), highest_trophy(s, s.mb)
    if ha != hb:
        return s.ma if ha > hb else s.mb
    return s.ma if rng.random() < 0.5 else s.mb


def reveal(s: State, p: int, rng: random.Random) -> None:
    """p reveals the top card of their draw pile into play and its reveal effect happens."""
    card = s.draw[p].pop() & TYPE_MASK
    s.play[p].append(card)
    bonus = REVEAL_BONUS[card]
    s.rb[p].append(bonus(s, p) if bonus is not None else 0)
    attack = ATTACK_BONUS[card]
    s.ab[p].append((attack(s, p) if attack is not None else 0) + s.nxt[p])
    s.nxt[p] = 0
    effect = ON_REVEAL[card]
    if effect is not None:
        effect(s, p, rng)


def _flag_gain(s: State, p: int, rng: random.Random) -> None:
    effect = ON_FLAG_GAIN[s.play[p][-1]]
    if effect is not None:
        effect(s, p, rng)


def step(s: State, rng: random.Random) -> None:
    """Advance the match by one automatic step (no pending decision, no loser)."""
    m = s.mstep
    if m == M_START:
        first = starter(s, rng)
        s.att = first
        if not s.draw[first]:
            s.loser = first
            return
        s.mstep = M_FIRST_GAIN
        reveal(s, first, rng)
    elif m == M_FIRST_GAIN:
        _flag_gain(s, s.att, rng)
        s.att = opponent(s, s.att)
        s.mstep = M_REVEAL
    elif m == M_REVEAL:
        a = s.att
        if not s.draw[a]:
            s.loser = a
            return
        s.mstep = M_COMPARE
        reveal(s, a, rng)
    elif m == M_COMPARE:
        a = s.att
        d = opponent(s, a)
        if attack_power(s, a) >= defence_power(s, d):
            s.mstep = M_CAPTURE
            effect = ON_FLAG_LOSS[s.play[d][-1]]
            if effect is not None:
                effect(s, d, rng)
        else:
            s.mstep = M_REVEAL
    else:  # M_CAPTURE: flag-loss effects are done; the attacker takes the flag
        a = s.att
        d = opponent(s, a)
        _flag_gain(s, a, rng)
        if s.loser >= 0:
            return
        stack = s.play[d]
        s.play[d], s.rb[d], s.ab[d] = [], [], []
        for i, card in enumerate(stack):
            if not bench_card(s, d, card):
                s.play[d] = stack[i:]  # left in play; the match is over
                s.rb[d] = s.ab[d] = [0] * (len(stack) - i)
                s.loser = d
                return
        s.att = d
        s.mstep = M_REVEAL


def gather(s: State, p: int) -> None:
    """After the match every card of p returns to p's deck, which is public again."""
    cards = [c & TYPE_MASK for c in s.draw[p]]
    for seat in s.bench[p]:
        cards += seat
    cards += s.exh[p]
    cards += s.play[p]
    s.deck[p] = cards
    s.pub_deck[p] = sorted(cards)
    s.draw[p], s.bench[p], s.exh[p], s.play[p], s.rb[p], s.ab[p] = [], [], [], [], [], []
    s.mpub[p], s.hadd[p], s.nxt[p] = [], [0, 0, 0], 0
