"""Splendor: Marvel searched with the learned value: a Python engine and a compiled twin.

`LEARNED_GAME` is the engine with `network.evaluate` as its static evaluation (the Python
search's oracle); its `compiled` twin `LEARNED` runs `kernel_learned` (the same network in
numba). Both are opt-in: `GAME` and `COMPILED` stay today's defaults.
"""

from __future__ import annotations

from games.splendor_marvel import kernel_learned, network
from games.splendor_marvel.compiled import SplendorMarvelCompiled
from games.splendor_marvel.game import SplendorMarvel
from games.splendor_marvel.state import SplendorState


class LearnedCompiled(SplendorMarvelCompiled):
    """The compiled twin whose `evaluate` is the value network."""

    kernel = kernel_learned
    kernel_version = f"net{SplendorMarvelCompiled.kernel_version}"


LEARNED = LearnedCompiled()


class LearnedSplendorMarvel(SplendorMarvel):
    """`SplendorMarvel` whose static evaluation is the value network."""

    @property
    def compiled(self) -> LearnedCompiled:
        """The numba twin with the same network (`LEARNED`)."""
        return LEARNED

    def evaluate(self, state: SplendorState) -> tuple[float, ...]:
        return network.evaluate(state)


LEARNED_GAME = LearnedSplendorMarvel()
