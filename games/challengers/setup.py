"""Set-up of a new tournament: sets, level piles, starter decks, trophies, robot."""

from __future__ import annotations

import random
from collections.abc import Sequence

from . import catalogue as cat
from . import flow
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
    s.num_players = num_players
    s.num_participants = num_players + (num_players % 2)
    s.robot = num_players if num_players % 2 else -1
    s.sets = sets
    s.robot_deck = tuple(robot_deck)
    s.round, s.phase = 1, DECK
    s.turn, s.draft_step, s.option_pile = 0, D_OPTION, -1
    s.picks_left, s.redraw_used = 0, False
    s.offer = []
    s.piles, s.discards, s.discard_tags = [[], [], []], [[], [], []], [[], [], []]
    s.box, s.box_tags = [], []
    s.decks = [[] for _ in range(s.num_participants)]
    s.public_deck = [[] for _ in range(s.num_participants)]
    s.fans = [0] * s.num_participants
    s.trophies = [[] for _ in range(s.num_participants)]
    s.phase_counters = [[0] * PH_SIZE for _ in range(s.num_participants)]
    s.draws = [[] for _ in range(s.num_participants)]
    s.benches = [[] for _ in range(s.num_participants)]
    s.exhausted = [[] for _ in range(s.num_participants)]
    s.in_play = [[] for _ in range(s.num_participants)]
    s.play_bonus = [[] for _ in range(s.num_participants)]
    s.play_attack = [[] for _ in range(s.num_participants)]
    s.next_attack_bonus = [0] * s.num_participants
    s.match_public = [[] for _ in range(s.num_participants)]
    s.hidden_adds = [[0, 0, 0] for _ in range(s.num_participants)]
    s.park, s.side_a, s.side_b, s.attacker, s.match_step = -1, -1, -1, -1, 0
    s.pending_kind, s.pending_participant, s.pending_data, s.loser = 0, -1, 0, -1
    s.trophy_fans = ()
    s.revealed = False
    s.finalists = ()
    s.result = None
    s.effect_counts = None
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
    s.decks = [list(cat.STARTER_DECK) for _ in range(s.num_participants)]
    if s.robot >= 0:
        s.decks[s.robot] = list(s.robot_deck)
    s.public_deck = [sorted(d) for d in s.decks]
    s.trophy_fans = tuple(_shuffled(values, rng) for values in cat.TROPHY_FANS)
    return s


def _shuffled(values: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    row = list(values)
    rng.shuffle(row)
    return tuple(row)


def new_game(num_players: int, seed: int, sets: Sequence[str] | None = None,
             robot_deck: Sequence[int] | None = None) -> State:
    """A new tournament for 1–8 players, advanced to the first decision.

    `sets` names the five optional sets (random by `seed` when None); `robot_deck` replaces
    the robot's level-1 deck (card-type indices). Raises ValueError on bad arguments.
    """
    rng = random.Random(seed)
    state = new_state(num_players, rng, sets, robot_deck)
    flow.advance(state, rng)
    return state
