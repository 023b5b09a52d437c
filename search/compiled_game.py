"""The compiled-game contract: what the compiled ISMCTS (`search.compiled`) needs from a game.

A game that wants speed offers, beside its readable Python rules and evaluators (the
`search.game.Game` and `search.evaluator.Evaluator` protocols, which stay the reference and the
test oracle), a `CompiledGame` for each evaluator (`evaluator.compiled`): numba-jitted rules
and that evaluator's knowledge over flat integer arrays, and the Python glue between the
engine's objects and those arrays. The compiled search inlines the game's functions into one
machine-code loop.

Arrays
------
- **world** `int32[state_size]`: one full state, hidden cards included. Cloning a world is one
  array copy.
- **observation** `int32[:]`: what the searching seat may know, encoded once per search by
  `encode_observation`; `sample` draws worlds consistent with it.
- **rng** `uint64[1]`: a `kernels.rng` generator. All chance and all noise come from it, so a
  search is reproducible from its seed.
- **actions** `int32[max_legal]`: a buffer that `legal_actions` fills. An action is its code, an
  integer in `[0, num_action_codes)` that names the same move in every determinization (the
  Python engine's action identity, so the tree is keyed the same way as in `search.core`).

Jitted functions (`kernel.<name>`, each `@njit(nogil=True)`)
-----------------------------------------------------------
Their machine code is cached inside the compiled search's entry points (`search.compiled`),
under the game's `kernel_version`: numba's own cache checks only a function's source file, not
the tables and data files frozen into it, so the version hashes all of them.

- `num_players(world) -> int`: seats in the game.
- `current_player(world) -> int`: the seat to decide; -1 once the game is over.
- `is_terminal(world) -> bool`: the game is over.
- `returns(world, out) -> None`: `out[:num_players]` = each seat's final reward (terminal only).
- `legal_actions(world, out) -> int`: writes the legal codes to `out` in the Python engine's
  order and returns how many (0 only when the game is over).
- `apply(world, action, rng) -> None`: plays a legal action in place (chance from `rng`).
- `sample(observation, world, rng) -> None`: writes into `world` a state consistent with
  `observation`, hidden parts drawn uniformly.
- `rollout_action(world, rng, buffer) -> int`: the playout policy's move (`buffer` is an
  actions buffer it may use).
- `evaluate(world, out) -> None`: `out[:num_players]` = static estimate of each seat's chance
  to win.
- `priors(world, actions, count, out) -> None`: `out[:count]` = heuristic probabilities over
  `actions[:count]`.

Every function must equal its Python counterpart: the same legal actions in the same order,
the same successor world, the same returns; the same evaluation and priors (to 1e-9); the
same playout move given the same random draws (`kernels.rng.PythonRng` replays a kernel's
stream for the Python engine).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Protocol

import numpy as np

KERNEL_FUNCTIONS = (
    "num_players",
    "current_player",
    "is_terminal",
    "returns",
    "legal_actions",
    "apply",
    "sample",
    "rollout_action",
    "evaluate",
    "priors",
)
"""The jitted functions a game kernel module must define (see the table above)."""


class CompiledGame(Protocol):
    """A game's compiled kernel and the glue to its Python engine."""

    name: str
    """The Python engine's name (`search.game.Game.name`)."""
    kernel: ModuleType
    """The module that defines every function in `KERNEL_FUNCTIONS`."""
    kernel_version: str
    """Changes whenever the kernel's source or data changes (`kernels.version.source_version`);
    compiled searches are cached under it."""
    state_size: int
    """Length of a world array."""
    max_legal: int
    """Most legal actions any state can have (the actions buffer's length)."""
    num_action_codes: int
    """Action codes lie in `[0, num_action_codes)`."""

    def encode_observation(self, observation: Any) -> np.ndarray:
        """The `int32` observation array of one of the Python engine's observations."""
        ...

    def action(self, code: int) -> Any:
        """The Python engine's action with this code."""
        ...

    def encode_state(self, state: Any) -> np.ndarray:
        """The world array of one of the Python engine's full states (hidden cards included):
        the kernel's parity test (tests/test_kernel_parity.py) compares the two engines by it
        after every move."""
        ...

    def example_observation(self) -> Any:
        """An observation of a fresh game (`search.compiled.warm_up` compiles on it)."""
        ...


def missing_functions(kernel: ModuleType) -> list[str]:
    """The contract functions `kernel` does not define (empty when it is complete)."""
    return [name for name in KERNEL_FUNCTIONS if not callable(getattr(kernel, name, None))]


def compiled_twin(evaluator: Any, engine: str) -> CompiledGame | None:
    """The compiled twin an evaluator offers as `evaluator.compiled`, when `engine` asks for
    it.

    None for the `python` engine and for evaluators without a twin (they search in Python).
    """
    if engine != "compiled":
        return None
    twin: CompiledGame | None = getattr(evaluator, "compiled", None)
    return twin
