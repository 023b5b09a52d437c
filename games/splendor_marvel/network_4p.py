"""A value for the 4-player table: a network of its own there, generation 2's elsewhere.

Generations 2 and 3 share one network over every table size and gained least at 4 players,
where the search's own root value is far better than theirs in the late game (see "Four
players" in `benchmarks/LEARNING.md`). `network_4p.json` is trained on 4-player games alone
(`scripts/train_splendor_network.py --players 4`), and may read the race inputs after the
public ones (`network_features.race_features`: who leads the race to the gauntlet, who still
moves before the round ends); at 2 and 3 players this value is generation 2's (`network.GEN2`).
`evaluate` is the numpy forward pass, `evaluate_4p_kernel` the numba one, equal to 1e-9.

`network_4p_gen5.json` (`FOUR_GEN5`, bound by `evaluate_4p_gen5_kernel`) is the same network
retrained on the default's own 4-player self-play at 400 iterations a move (generation 5 at 4
players, `learned.LEARNED_4P_GEN5_GAME`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from games.splendor_marvel import kernel as k
from games.splendor_marvel import network
from games.splendor_marvel.dense import Weights

FOUR_PLAYERS = 4
FOUR: Weights = network.shipped("network_4p.json")
"""The 4-player table's value (`network_4p.json`)."""
FOUR_W1, FOUR_B1, FOUR_W2, FOUR_B2, FOUR_W3, FOUR_B3 = FOUR
FOUR_GEN5: Weights = network.shipped("network_4p_gen5.json")
"""Generation 5's 4-player value: the same inputs, trained on the default's 4-player searches."""
GEN5_W1, GEN5_B1, GEN5_W2, GEN5_B2, GEN5_W3, GEN5_B3 = FOUR_GEN5


def weights_for(num_players: int) -> Weights:
    """The weights this value reads at a table of `num_players`."""
    return FOUR if num_players == FOUR_PLAYERS else network.GEN2


def evaluate(state: Any) -> tuple[float, ...]:
    """`heuristics.evaluate`'s counterpart, for a `SplendorState`."""
    return network.evaluate(state, weights_for(state.num_players))


@njit(nogil=True)
def evaluate_4p_kernel(world: np.ndarray, out: np.ndarray) -> None:
    """`kernel.evaluate`'s contract: `evaluate`, compiled."""
    if world[k.NUM_PLAYERS] == FOUR_PLAYERS:
        network.value_kernel(world, out, FOUR_W1, FOUR_B1, FOUR_W2, FOUR_B2, FOUR_W3, FOUR_B3)
    else:
        network.value_kernel(world, out, network.GEN2_W1, network.GEN2_B1, network.GEN2_W2,
                             network.GEN2_B2, network.GEN2_W3, network.GEN2_B3)


@njit(nogil=True)
def evaluate_4p_gen5_kernel(world: np.ndarray, out: np.ndarray) -> None:
    """`kernel.evaluate`'s contract from generation 5's 4-player value (`FOUR_GEN5`)."""
    network.value_kernel(world, out, GEN5_W1, GEN5_B1, GEN5_W2, GEN5_B2, GEN5_W3, GEN5_B3)
