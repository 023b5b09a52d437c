"""Splendor: Marvel searched with what was learned from self-play: Python engines and their
compiled twins.

Three generations (see `benchmarks/LEARNING.md`), each kept because it beat the one before at
equal time:

- `LEARNED_VALUE_GAME` (generation 0, `value=learned-value`): `network.evaluate` (the value
  network of `network.json`) as the static evaluation, today's priors; its compiled twin
  `LEARNED_VALUE` runs `kernel_learned`.
- `LEARNED_GEN1_GAME` (generation 1, `value=learned-gen1`): the same value, and
  `network_policy.priors` as the search's priors (PUCT); its compiled twin `LEARNED_GEN1` runs
  `kernel_learned_policy`.
- `LEARNED_GAME` (generation 2, `value=learned`): generation 1's priors with the value retrained
  on generation 1's searches (`network.GEN2`, `network_gen2.json`); its compiled twin `LEARNED`
  runs `kernel_learned_gen2`.

The Python engines are the oracles of the compiled twins (the same network in numpy and numba).
All are opt-in: `GAME` and `COMPILED` stay today's defaults. Generation 2 is searched with its
own PUCT constant, `LEARNED_PUCT_C` (`LearnedSplendorMarvel.puct_c`, which the arena applies).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.splendor_marvel import (
    kernel_learned,
    kernel_learned_gen2,
    kernel_learned_policy,
    network,
    network_policy,
)
from games.splendor_marvel.actions import Action
from games.splendor_marvel.compiled import SplendorMarvelCompiled
from games.splendor_marvel.game import SplendorMarvel
from games.splendor_marvel.state import SplendorState


class LearnedValueCompiled(SplendorMarvelCompiled):
    """The compiled twin whose `evaluate` is the value network (generation 0)."""

    kernel = kernel_learned
    kernel_version = f"net{SplendorMarvelCompiled.kernel_version}"


class LearnedGen1Compiled(SplendorMarvelCompiled):
    """The compiled twin whose `evaluate` is the value network and `priors` the policy."""

    kernel = kernel_learned_policy
    kernel_version = f"netpolicy{SplendorMarvelCompiled.kernel_version}"


class LearnedCompiled(SplendorMarvelCompiled):
    """The compiled twin whose `evaluate` is generation 2's value and `priors` the policy."""

    kernel = kernel_learned_gen2
    kernel_version = f"netgen2{SplendorMarvelCompiled.kernel_version}"


LEARNED_PUCT_C = 0.5
"""PUCT's constant for the learned priors: +112 Elo [+37, +187] over today's 0.3 (tuned for
today's sharper priors) at 50 ms a move (benchmarks/LEARNING.md)."""

LEARNED_VALUE = LearnedValueCompiled()
LEARNED_GEN1 = LearnedGen1Compiled()
LEARNED = LearnedCompiled()


class LearnedValueSplendorMarvel(SplendorMarvel):
    """`SplendorMarvel` whose static evaluation is the value network."""

    @property
    def compiled(self) -> SplendorMarvelCompiled:
        """The numba twin with the same network (`LEARNED_VALUE`)."""
        return LEARNED_VALUE

    def evaluate(self, state: SplendorState) -> tuple[float, ...]:
        return network.evaluate(state)


class LearnedGen1SplendorMarvel(LearnedValueSplendorMarvel):
    """The value network's engine whose priors are the learned policy."""

    @property
    def compiled(self) -> SplendorMarvelCompiled:
        """The numba twin with the same value and policy (`LEARNED_GEN1`)."""
        return LEARNED_GEN1

    def priors(self, state: SplendorState, actions: Sequence[Action]) -> list[float]:
        return network_policy.priors(state, actions)


class LearnedSplendorMarvel(LearnedGen1SplendorMarvel):
    """The learned priors' engine with generation 2's value."""

    puct_c = LEARNED_PUCT_C
    """The PUCT constant to search it with (the arena's `value=learned` takes it)."""

    @property
    def compiled(self) -> SplendorMarvelCompiled:
        """The numba twin with the same value and policy (`LEARNED`)."""
        return LEARNED

    def evaluate(self, state: SplendorState) -> tuple[float, ...]:
        return network.evaluate(state, network.GEN2)


LEARNED_VALUE_GAME = LearnedValueSplendorMarvel()
LEARNED_GEN1_GAME = LearnedGen1SplendorMarvel()
LEARNED_GAME = LearnedSplendorMarvel()
