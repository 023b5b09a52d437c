"""The compiled twins of the engines (`kernel`) and the glue between their arrays and our objects.

`COMPILED` follows `search.compiled_game.CompiledGame`. Action codes are the kernel's dense
numbering (`kernel.actions`): `action` names the engine's action of a code. It runs
`kernel.learned` (the learned worth in the priors, and in the playouts if `worth.json` says so),
as `GAME` searches; `LOGISTIC` is the twin of `LOGISTIC_GAME` (`kernel.game`: the
hand-written worth).
"""

from __future__ import annotations

from types import ModuleType

import numpy as np

from games.challengers.actions import Action
from games.challengers.kernel import game as k
from games.challengers.kernel import learned
from games.challengers.kernel.actions import action_of
from games.challengers.kernel.observation import encode_observation
from games.challengers.kernel.state import decode_state, encode_state
from games.challengers.observation import Observation, observe
from games.challengers.setup import new_game
from games.challengers.state import State
from kernels.version import source_version


class ChallengersCompiled:
    """Challengers!'s numba kernel behind `search.compiled_game.CompiledGame`, at the learned
    worth (`kernel.learned`)."""

    name = "challengers"
    kernel: ModuleType = learned
    kernel_version = f"worth{source_version('games.challengers', 'kernels')}"
    state_size = k.STATE_SIZE
    max_legal = k.MAX_LEGAL
    num_action_codes = k.NUM_ACTION_CODES

    def action(self, code: int) -> Action:
        """The engine's action with this code."""
        return action_of(code)

    def example_observation(self) -> Observation:
        """The first seat's view of a fresh 2-player tournament."""
        return observe(new_game(2, 0), 0)

    def encode_state(self, state: State) -> np.ndarray:
        """The world array of a full state."""
        return encode_state(state)

    def decode_state(self, world: np.ndarray) -> State:
        """The full state a world array holds."""
        return decode_state(world)

    def encode_observation(self, observation: Observation) -> np.ndarray:
        """The observation array `kernel.game.sample` draws worlds from."""
        return encode_observation(observation)


class LogisticCompiled(ChallengersCompiled):
    """The compiled twin with the hand-written worth (`kernel.game`)."""

    kernel = k
    kernel_version = source_version("games.challengers", "kernels")


COMPILED = ChallengersCompiled()
LOGISTIC = LogisticCompiled()
