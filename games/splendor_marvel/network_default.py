"""The default's value, chosen by table size: generation 4's heads-up, the 4-player table's
network at 4 players and generation 2's at 3 (`network_4p`'s value away from heads-up).

Each choice is the one that beat the others at its table (`benchmarks/LEARNING.md`: generation 4
heads-up by SPRT, the 4-player value against generation 2 by SPRT at 4 players; at 3 players
generation 3 did not beat generation 2). `default_value` gives the weights for the numpy pass,
`evaluate_default_kernel` is the numba dispatch on the world's player count, equal to 1e-9.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from games.splendor_marvel import kernel as k
from games.splendor_marvel import network, network_4p
from games.splendor_marvel.dense import Weights


def default_value(num_players: int) -> Weights:
    """The default's value at a table of `num_players`."""
    if num_players == network.GEN4_PLAYERS:
        return network.GEN4
    return network_4p.weights_for(num_players)


@njit(nogil=True)
def evaluate_default_kernel(world: np.ndarray, out: np.ndarray) -> None:
    """`kernel.evaluate`'s contract from the default's value for the world's table size
    (`default_value`)."""
    if world[k.NUM_PLAYERS] == network.GEN4_PLAYERS:
        network.evaluate_gen4_kernel(world, out)
    else:
        network_4p.evaluate_4p_kernel(world, out)
