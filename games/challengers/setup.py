"""Set-up of a new tournament: sets, level piles, starter decks, trophies, robot."""

from __future__ import annotations

import random
from collections.abc import Sequence

from . import catalogue as cat
from .state import D_OPTION, DECK, PH_SIZE, State


def choose_sets(rng: random.Random, sets: Sequence[str] | None) -> tuple[str, ...]:
    """The five optional sets in play, in catalogue order; raises ValueError on a bad list."""
    if sets is None:
        chosen = rng.sample(cat.OPTIONAL_SETS, cat.SETS_PER_GAME)
    else:
        chosen = list(sets)
        unknown = [s for s in chosen if s not in cat.OPTIONAL_SETS]
        if unknown or len(set(chosen)) != cat.SETS_PER_GAME:
            raise ValueError(f"need {cat.SETS_PER_GAME} distinct sets of {cat.OPTIONAL_SETS}")
    return tuple(s for s in cat.OPTIONAL_SETS if s in chosen)


def empty_state(num_players: int, sets: tuple[str, ...], robot_deck: Sequence[int]) -> State:
    """A state with every zone empty (filled by `new_state` or by `sample`)."""
    s = State.__new__(State)
    s.n = num_players
    s.P = num_players + (num_players % 2)
    s.robot = num_players if num_players % 2 else -1
    s.sets = sets
    s.robot_deck = tuple(robot_deck)
    s.round, s.phase = 1, DECK
    s.turn, s.dstep, s.opt_pile, s.picks_left, s.redraw_used = 0, D_OPTION, -1, 0, False
    s.offer = []
    s.piles, s.disc, s.dtag = [[], [], []], [[], [], []], [[], [], []]
    s.box, s.btag = [], []
    s.deck = [[] for _ in range(s.P)]
    s.pub_deck = [[] for _ in range(s.P)]
    s.fans = [0] * s.P
    s.trophies = [[] for _ in range(s.P)]
    s.ph = [[0] * PH_SIZE for _ in range(s.P)]
    s.draw = [[] for _ in range(s.P)]
    s.bench = [[] for _ in range(s.P)]
    s.exh = [[] for _ in range(s.P)]
    s.play = [[] for _ in range(s.P)]
    s.rb = [[] for _ in range(s.P)]
    s.ab = [[] for _ in range(s.P)]
    s.nxt = [0] * s.P
    s.mpub = [[] for _ in range(s.P)]
    s.hadd = [[0, 0, 0] for _ in range(s.P)]
    s.park, s.ma, s.mb, s.att, s.mstep = -1, -1, -1, -1, 0
    s.pk, s.pp, s.pdata, s.loser = 0, -1, 0, -1
    s.tval = []
    s.revealed = False
    s.finalists = ()
    s.result = None
    return s


def new_state(num_players: int, rng: random.Random, sets: Sequence[str] | None = None,
              robot_deck: Sequence[int] | None = None) -> State:
    """A tournament at the start of round 1's deck phase (nothing decided yet)."""
    if not 1 <= num_players <= 8:
        raise ValueError("Challengers! is played by 1 to 8 players")
    s = empty_state(num_players, choose_sets(rng, sets),
                    cat.ROBOT_DECK if robot_deck is None else robot_deck)
    s.piles = [list(p) for p in cat.pile_cards(s.sets)]
    for pile in s.piles:
        rng.shuffle(pile)
    s.deck = [list(cat.STARTER_DECK) for _ in range(s.P)]
    if s.robot >= 0:
        s.deck[s.robot] = list(s.robot_deck)
    s.pub_deck = [sorted(d) for d in s.deck]
    for values in cat.TROPHY_FANS:
        row = list(values)
        rng.shuffle(row)
        s.tval.append(row)
    return s
