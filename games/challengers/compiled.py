"""The compiled twins of the engines (`kernel`) and the glue between their arrays and our objects.

`ChallengersCompiled` follows `search.compiled_game.CompiledGame`. Action codes are the
kernel's dense numbering (`kernel.actions`): `action` names the engine's action of a code.
`LOGISTIC` is the twin of `knowledge.HAND_WRITTEN` (`kernel.game`: the hand-written worth); a
learned engine of the weights manifest (`knowledge.LearnedWorth`, the default evaluator among
them) has a `LearnedCompiled` of its own, `kernel.game` with its worth bound into the priors
and playouts.
"""

from __future__ import annotations

from types import ModuleType

import numpy as np

from games.challengers.actions import Action
from games.challengers.kernel import game as k
from games.challengers.kernel import learned
from games.challengers.kernel.actions import action_of
from games.challengers.kernel.heuristics import worth_table
from games.challengers.kernel.observation import encode_observation
from games.challengers.kernel.state import decode_state, encode_state
from games.challengers.knowledge.heuristics import Worth
from games.challengers.observation import Observation, observe
from games.challengers.setup import new_game
from games.challengers.state import State
from kernels.specialize import specialize
from kernels.version import source_version


class ChallengersCompiled:
    """Challengers!'s numba kernel behind `search.compiled_game.CompiledGame`, at the
    hand-written worth (`kernel.game`)."""

    name = "challengers"
    kernel: ModuleType = k
    kernel_version = source_version("games.challengers", "kernels")
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


class LearnedCompiled(ChallengersCompiled):
    """A learned engine's compiled twin: `kernel.game`'s functions, `priors` and
    `rollout_action` `kernel.learned`'s with the engine's worth tables bound in
    (`worth_table`, frozen into the machine code); its kernel version is the engine's
    `version`, which changes with either table."""

    def __init__(self, priors: Worth, playouts: Worth, version: str):
        self.kernel_version = version
        bindings = {"PRIOR_WORTH": worth_table(priors), "PLAYOUT_WORTH": worth_table(playouts)}
        bound = specialize([learned.priors, learned.rollout_action], bindings, version)
        kernel = ModuleType(f"{k.__name__}_{version}")
        public = {name: value for name, value in vars(k).items() if not name.startswith("__")}
        vars(kernel).update({**public, "priors": bound["priors"],
                             "rollout_action": bound["rollout_action"]})
        self.kernel = kernel


LOGISTIC = ChallengersCompiled()
"""`knowledge.HAND_WRITTEN`'s twin."""
