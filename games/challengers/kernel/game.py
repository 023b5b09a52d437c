"""Challengers! compiled with numba: the tournament as one flat integer array.

The compiled twin of the Python engine behind `search.compiled_game`'s contract. The Python
modules stay the reference: every function here makes the same decisions in the same order
(the same legal actions in the same order, the same successor, the same playout move for the
same random draws, `random.shuffle`'s swaps drawn from `kernels.rng`), and every table is built
from theirs. The work is split by job, a module each (the package's docstring names them).

The entry points below hand their callees `kernels.borrow.borrowed` views of their array
arguments, so the hundreds of calls a move makes inside the kernel take no atomic reference
counts on them; working buffers are `kernels.stack.stack_array`s (no allocation, no counts),
or, for the sampler's larger scratch, one allocation `sample` passes through `_sample`, where
it is an argument.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.borrow import borrowed
from kernels.rng import below
from kernels.stack import stack_array

from ..catalogue import ROUNDS
from ..state import OVER, TYPE_MASK
from . import flow as kf
from . import heuristics as kh
from . import layout as L
from . import sample as ks
from .actions import NUM_ACTION_CODES

STATE_SIZE = L.STATE_SIZE
MAX_PARTICIPANTS = L.MAX_PARTICIPANTS
NUM_TYPES = L.NUM_TYPES
MAX_LEGAL = 256
"""More than any state offers: five offered cards with their payments (a one-card cost
names a deck type, a two-card cost a pair of Outer Space types), or a deck's cards."""

__all__ = ["MAX_LEGAL", "MAX_PARTICIPANTS", "NUM_ACTION_CODES", "NUM_TYPES", "STATE_SIZE"]


@njit(nogil=True)
def num_players(world: np.ndarray) -> int:
    """Seats in the game (the robot is none)."""
    return world[L.NUM_PLAYERS]


@njit(nogil=True)
def current_player(world: np.ndarray) -> int:
    """The seat to decide; -1 once the tournament is over."""
    return kf.current_player(borrowed(world))


@njit(nogil=True)
def is_terminal(world: np.ndarray) -> bool:
    """The tournament is over."""
    return world[L.PHASE] == OVER


@njit(nogil=True)
def returns(world: np.ndarray, out: np.ndarray) -> None:
    """`out[:num_players]`: each seat's share of the win."""
    for seat in range(world[L.NUM_PLAYERS]):
        out[seat] = world[L.RESULT + seat] / 2


@njit(nogil=True)
def legal_actions(world: np.ndarray, out: np.ndarray) -> int:
    """The current player's action codes in the engine's order; how many."""
    return kf.legal(borrowed(world), borrowed(out))


@njit(nogil=True)
def apply_counted(world: np.ndarray, action: int, rng: np.ndarray, counts: np.ndarray) -> None:
    """`apply`, tallying triggered effects in `counts` (`state.effect_counts` as
    `counts[participant * NUM_TYPES + card]`; an empty array tallies nothing)."""
    _play(world, action, rng, counts, stack_array(MAX_LEGAL, np.int32))


@njit(nogil=True)
def apply(world: np.ndarray, action: int, rng: np.ndarray) -> None:
    """Play a legal action code in place and run the game on to the next decision (its buffer
    and its empty tally on the stack: no allocation a move)."""
    _play(world, action, rng, stack_array(0, np.int64), stack_array(MAX_LEGAL, np.int32))


@njit(nogil=True)
def _play(world: np.ndarray, action: int, rng: np.ndarray, counts: np.ndarray,
          buffer: np.ndarray) -> None:
    """`kernel.flow.play` on borrowed views of the arguments."""
    kf.play(borrowed(world), action, borrowed(rng), borrowed(counts), borrowed(buffer))


@njit(nogil=True)
def advance(world: np.ndarray, rng: np.ndarray, counts: np.ndarray) -> None:
    """Run a fresh tournament (`setup.new_state`) on to its first decision."""
    kf.advance(borrowed(world), borrowed(rng), borrowed(counts), stack_array(MAX_LEGAL, np.int32))


@njit(nogil=True)
def rollout_action(world: np.ndarray, rng: np.ndarray, buffer: np.ndarray) -> int:
    """The playout policy's move (`heuristics.rollout_action`)."""
    return kh.rollout_action(borrowed(world), borrowed(rng), borrowed(buffer), kh.TODAY)


@njit(nogil=True)
def evaluate(world: np.ndarray, out: np.ndarray) -> None:
    """`out[:num_players]`: each seat's chance to win (`heuristics.evaluate`)."""
    kh.evaluate(borrowed(world), borrowed(out))


@njit(nogil=True)
def priors(world: np.ndarray, actions: np.ndarray, count: int, out: np.ndarray) -> None:
    """`out[:count]`: the heuristic probabilities over `actions[:count]`."""
    kh.priors(borrowed(world), borrowed(actions), count, borrowed(out), kh.TODAY)


@njit(nogil=True)
def sample(observation: np.ndarray, world: np.ndarray, rng: np.ndarray) -> None:
    """Write into `world` a state consistent with `observation` (`observation.sample`)."""
    _sample(observation, world, rng, np.empty((ks.SCRATCH_ROWS, ks.WIDTH), dtype=np.int64))


@njit(nogil=True)
def _sample(observation: np.ndarray, world: np.ndarray, rng: np.ndarray,
            scratch: np.ndarray) -> None:
    """`kernel.sample.sample` on borrowed views: the scratch `sample` allocates is an argument
    here, so its caller holds it for the whole call."""
    ks.sample(borrowed(observation), borrowed(world), borrowed(rng), borrowed(scratch))


@njit(nogil=True)
def play_move(world: np.ndarray, rng: np.ndarray, buffer: np.ndarray, greedy: bool) -> None:
    """Play the playout policy's move (`greedy`) or a uniformly random legal one."""
    if greedy:
        code = kh.rollout_action(world, rng, buffer, kh.TODAY)
    else:
        code = buffer[below(rng, kf.legal(world, buffer))]
    apply(world, code, rng)


@njit(nogil=True)
def card_counts(world: np.ndarray, out: np.ndarray) -> None:
    """`out[card]`: the physical cards of each type wherever they lie (`State.all_cards`)."""
    out[:] = 0
    lists = [L.OFFER, L.BOX]
    for index in range(3):
        lists.append(L.pile(index))
        lists.append(L.discard_list(index))
    for p in range(world[L.NUM_PARTICIPANTS]):
        b = L.block(p)
        for at in (L.DECK, L.DRAWS, L.EXHAUSTED, L.IN_PLAY):
            lists.append(b + at)
        for seat in range(world[b + L.BENCH]):
            lists.append(L.seat_list(p, seat))
    for at in lists:
        for i in range(world[at]):
            out[world[at + 1 + i] & TYPE_MASK] += 1


@njit(nogil=True)
def violation(world: np.ndarray, cards_at_start: np.ndarray) -> bool:
    """Whether an invariant is broken (`invariants.violations`): a card appeared or vanished
    (`cards_at_start` is `card_counts` of the start), or the round ran past the final."""
    counts = np.empty(cards_at_start.shape[0], dtype=np.int64)
    card_counts(world, counts)
    return not np.array_equal(counts, cards_at_start) or world[L.ROUND] > ROUNDS + 1
