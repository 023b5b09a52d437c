"""The final round, finished by its own logic rather than guessed by a static value.

Once a seat meets the gauntlet the game ends with the round: each seat still to move can only try
to finish ahead. `finish_round` plays those moves out, each the one that leaves its mover the best
standing by the rules' own order (the gauntlet, then points, then the Avengers tile, then fewest
cards: `rules.gauntlet_winners`), and returns the result. On the default's 4-player self-play that
reads the winner of an end-triggered position far better than the value networks do
(benchmarks/LEARNING.md, "The final round"). `finish_round_kernel` is its numba twin, equal move
for move; `evaluate_end_kernel` puts it in front of the default's value and
`rollout_action_end_kernel` plays the final round of a playout by the same moves
(`value=learned-end`).
"""

from __future__ import annotations

import random

import numpy as np
from numba import njit

from games.splendor_marvel import heuristics
from games.splendor_marvel import kernel as k
from games.splendor_marvel.actions import Action
from games.splendor_marvel.network_default import evaluate_default_kernel
from games.splendor_marvel.rules import apply, legal_actions
from games.splendor_marvel.state import SplendorState

GAUNTLET_RANK = 1_000_000
POINTS_RANK = 1_000
AVENGERS_RANK = 100
MAX_RANKED_CARDS = 99
"""`standing` packs the tie-breaks into one integer, most significant first; a tableau never
holds more cards than this."""
NO_CHANCE = np.zeros(1, np.uint64)
"""The kernel's `apply` takes a generator but draws no chance in this game."""


def standing(state: SplendorState, seat: int) -> int:
    """How well `seat` stands if the game ended now, as one comparable integer."""
    return (GAUNTLET_RANK * state.meets_gauntlet(seat) + POINTS_RANK * state.points(seat)
            + AVENGERS_RANK * (state.avengers == seat)
            + MAX_RANKED_CARDS - len(state.tableau[seat]))


def best_standing_move(state: SplendorState) -> Action:
    """The legal move after which the seat to move stands best (the first of equals)."""
    seat = state.current
    best, top = None, -1
    for action in legal_actions(state):
        trial = state.clone()
        apply(trial, action)
        rank = standing(trial, seat)
        if rank > top:
            best, top = action, rank
    assert best is not None  # a game in play always has a legal move
    return best


def finish_round(state: SplendorState) -> tuple[float, ...] | None:
    """The result once every seat still to move this round has made its best-standing move;
    None unless the end is triggered, or when nobody meets the gauntlet at the round's end
    (the game then goes on). `state` is not changed."""
    if not state.end_triggered or state.result is not None:
        return None
    play = state.clone()
    while play.result is None and play.end_triggered:
        apply(play, best_standing_move(play))
    return play.result


def rollout_action(state: SplendorState, rng: random.Random) -> Action:
    """The playout's move: the best-standing move in the final round, the heuristic playout's
    (`heuristics.rollout_action`) before it."""
    if state.end_triggered:
        return best_standing_move(state)
    return heuristics.rollout_action(state, rng)


@njit(nogil=True)
def standing_kernel(world: np.ndarray, seat: int) -> int:
    """`standing` of a world."""
    return (GAUNTLET_RANK * int(k.meets_gauntlet(world, seat))
            + POINTS_RANK * k.points(world, seat)
            + AVENGERS_RANK * int(world[k.AVENGERS] == seat)
            + MAX_RANKED_CARDS - world[k.seat_base(seat) + k.TABLEAU_COUNT])


@njit(nogil=True)
def best_standing_move_kernel(world: np.ndarray, legal: np.ndarray, count: int,
                              trial: np.ndarray) -> int:
    """`best_standing_move` among `legal[:count]` (`trial`: a scratch world)."""
    seat = world[k.CURRENT]
    best = legal[0]
    top = -1
    for i in range(count):
        trial[:] = world
        k.apply(trial, legal[i], NO_CHANCE)
        rank = standing_kernel(trial, seat)
        if rank > top:
            best = legal[i]
            top = rank
    return best


@njit(nogil=True)
def finish_round_kernel(world: np.ndarray, out: np.ndarray) -> bool:
    """`finish_round` of a world: writes each seat's result to `out[:num_players]` and returns
    True, or returns False with `out` untouched when `finish_round` gives None."""
    if not world[k.END_TRIGGERED] or k.is_terminal(world):
        return False
    play = world.copy()
    trial = np.empty_like(world)
    legal = np.empty(k.MAX_LEGAL, np.int32)
    while not k.is_terminal(play) and play[k.END_TRIGGERED]:
        count = k.legal_actions(play, legal)
        k.apply(play, best_standing_move_kernel(play, legal, count, trial), NO_CHANCE)
    if not k.is_terminal(play):
        return False
    k.returns(play, out)
    return True


@njit(nogil=True)
def rollout_action_end_kernel(world: np.ndarray, rng: np.ndarray, buffer: np.ndarray) -> int:
    """`rollout_action`, drawing the same random numbers in the same order."""
    if world[k.END_TRIGGERED]:
        count = k.legal_actions(world, buffer)
        return best_standing_move_kernel(world, buffer, count, np.empty_like(world))
    return k.rollout_action(world, rng, buffer)


@njit(nogil=True)
def evaluate_end_kernel(world: np.ndarray, out: np.ndarray) -> None:
    """`kernel.evaluate`'s contract: the finished round's result once the end is triggered,
    the default's value otherwise (`network_default.evaluate_default_kernel`)."""
    if not finish_round_kernel(world, out):
        evaluate_default_kernel(world, out)
