"""Splendor: Marvel's searches by what they evaluate with: the compiled twins of the learned
engines, and the engines kept beside the default as baselines.

Five generations learned from self-play (see `benchmarks/LEARNING.md`), each kept because it
beat the one before at equal time:

- `game.GAME` (the default; `value=learned` in the arena says so explicitly) searches with
  generation 4 heads-up, generation 2 at 3 players and `LEARNED_4P_GAME`'s engine at 4
  (`network_default.default_value`, `network_policy.default_policy`), PUCT's constant by table
  size (`game.PUCT_C`); its compiled twin `LEARNED` runs `kernel_learned_default`, which
  chooses by the world's player count.
- `LEARNED_GEN3_GAME` (generation 3, `value=learned-gen3`): value and priors retrained on
  generation 2's searches (`network.GEN3`, `network_policy.GEN3_POLICY`), PUCT's constant by
  table size as the default's; its compiled twin `LEARNED_GEN3` runs `kernel_learned_gen3`.
- `LEARNED_GEN2_GAME` (generation 2, `value=learned-gen2`, the default at every table before
  generation 3): the learned priors with the value retrained on generation 1's searches
  (`network.GEN2`, `network_policy.POLICY`), PUCT's constant by table size; its compiled twin
  `LEARNED_GEN2` runs `kernel_learned_gen2`. At 3 players it is the default.
- `LEARNED_GEN1_GAME` (generation 1, `value=learned-gen1`): generation 0's value and
  `network_policy.priors` as the search's priors; its compiled twin `LEARNED_GEN1` runs
  `kernel_learned_policy`.
- `LEARNED_VALUE_GAME` (generation 0, `value=learned-value`): `network.evaluate` (the value
  network of `network.json`) as the static evaluation, the logistic engine's priors; its
  compiled twin `LEARNED_VALUE` runs `kernel_learned`.

`LEARNED_4P_GAME` (`value=learned-4p`) is generation 2's engine with a value of its own at 4
players (`network_4p`, trained on 4-player games with the race inputs): generation 2's value
and priors elsewhere, so at 3 and 4 players it is the default; its compiled twin `LEARNED_4P`
runs `kernel_learned_4p`.

`LEARNED_GEN4_GAME` (generation 4, `value=learned-gen4`): a value reading the race inputs and
priors, both retrained with the default's searches added (`network.GEN4`,
`network_policy.GEN4_POLICY`), PUCT's constant by table size; its compiled twin `LEARNED_GEN4`
runs `kernel_learned_gen4`. Heads-up it is the default, answer for answer.

`LEARNED_RACE_GAME` (`value=learned-race`) is the default engine (its priors and PUCT constant by
table size) with one value for every table reading the race inputs (`network.RACE`); its
compiled twin `LEARNED_RACE` runs `kernel_learned_race`.

`LEARNED_4P_GEN5_GAME` (generation 5 at 4 players, `value=learned-4p-gen5`): the 4-player value
and priors retrained on the default's own 4-player searches (`network_4p.FOUR_GEN5`,
`network_policy.POLICY_4P`; trained at 4 players alone, used at every table as a generation's
engine is), PUCT's constant by table size; its compiled twin `LEARNED_4P_GEN5` runs
`kernel_learned_4p_gen5`.

`LOGISTIC_GAME` (`value=logistic`) is the engine before them: the logistic evaluation and
hand-written priors (`heuristics`), today's `compiled.COMPILED` kernel, PUCT's constant 0.3 at
every table. It and the earlier generations replay the measurements recorded with them. The
Python engines are the oracles of the compiled twins (the same network in numpy and numba).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.splendor_marvel import (
    heuristics,
    kernel_learned,
    kernel_learned_4p,
    kernel_learned_4p_gen5,
    kernel_learned_default,
    kernel_learned_gen2,
    kernel_learned_gen3,
    kernel_learned_gen4,
    kernel_learned_policy,
    kernel_learned_race,
    network,
    network_4p,
    network_policy,
)
from games.splendor_marvel.actions import Action
from games.splendor_marvel.compiled import COMPILED, SplendorMarvelCompiled
from games.splendor_marvel.dense import Weights
from games.splendor_marvel.game import SplendorMarvel
from games.splendor_marvel.network_policy import PolicyWeights
from games.splendor_marvel.state import SplendorState


class LearnedValueCompiled(SplendorMarvelCompiled):
    """The compiled twin whose `evaluate` is the value network (generation 0)."""

    kernel = kernel_learned
    kernel_version = f"net{SplendorMarvelCompiled.kernel_version}"


class LearnedGen1Compiled(SplendorMarvelCompiled):
    """The compiled twin whose `evaluate` is the value network and `priors` the policy."""

    kernel = kernel_learned_policy
    kernel_version = f"netpolicy{SplendorMarvelCompiled.kernel_version}"


class LearnedGen2Compiled(SplendorMarvelCompiled):
    """The compiled twin whose `evaluate` is generation 2's value and `priors` the policy."""

    kernel = kernel_learned_gen2
    kernel_version = f"netgen2{SplendorMarvelCompiled.kernel_version}"


class LearnedGen3Compiled(SplendorMarvelCompiled):
    """The compiled twin whose `evaluate` and `priors` are generation 3's."""

    kernel = kernel_learned_gen3
    kernel_version = f"netgen3{SplendorMarvelCompiled.kernel_version}"


class LearnedGen4Compiled(SplendorMarvelCompiled):
    """The compiled twin whose `evaluate` and `priors` are generation 4's."""

    kernel = kernel_learned_gen4
    kernel_version = f"netgen4{SplendorMarvelCompiled.kernel_version}"


class LearnedCompiled(SplendorMarvelCompiled):
    """The default's compiled twin: generation 4's value and priors heads-up, generation 2's
    priors at 3 and 4 players with generation 2's value at 3 and the 4-player value at 4."""

    kernel = kernel_learned_default
    kernel_version = f"netdefault4x2x4p{SplendorMarvelCompiled.kernel_version}"


class LearnedFourCompiled(SplendorMarvelCompiled):
    """The compiled twin whose `evaluate` is the 4-player table's value (`network_4p`)."""

    kernel = kernel_learned_4p
    kernel_version = f"net4p{SplendorMarvelCompiled.kernel_version}"


class LearnedFourGen5Compiled(SplendorMarvelCompiled):
    """The compiled twin whose `evaluate` and `priors` are generation 5's at 4 players."""

    kernel = kernel_learned_4p_gen5
    kernel_version = f"net4pgen5{SplendorMarvelCompiled.kernel_version}"


class LearnedRaceCompiled(SplendorMarvelCompiled):
    """The compiled twin whose `evaluate` is the every-table race value (`network.RACE`) and
    `priors` the default's."""

    kernel = kernel_learned_race
    kernel_version = f"netrace{SplendorMarvelCompiled.kernel_version}"


LEARNED_VALUE = LearnedValueCompiled()
LEARNED_GEN1 = LearnedGen1Compiled()
LEARNED_GEN2 = LearnedGen2Compiled()
LEARNED_GEN3 = LearnedGen3Compiled()
LEARNED_GEN4 = LearnedGen4Compiled()
LEARNED = LearnedCompiled()
LEARNED_4P = LearnedFourCompiled()
LEARNED_4P_GEN5 = LearnedFourGen5Compiled()
LEARNED_RACE = LearnedRaceCompiled()


class LogisticSplendorMarvel(SplendorMarvel):
    """`SplendorMarvel` searched with the logistic evaluation and hand-written priors, at
    PUCT's constant 0.3 (the defaults before the learned search)."""

    @property
    def compiled(self) -> SplendorMarvelCompiled:
        """The numba twin with the same evaluation and priors (`compiled.COMPILED`)."""
        return COMPILED

    def search_settings(self, num_players: int) -> dict[str, float]:
        """None of its own: the search's defaults at every table."""
        return {}

    def evaluate(self, state: SplendorState) -> tuple[float, ...]:
        return heuristics.evaluate(state)

    def priors(self, state: SplendorState, actions: Sequence[Action]) -> list[float]:
        return heuristics.priors(state, actions)


class LearnedValueSplendorMarvel(LogisticSplendorMarvel):
    """The logistic engine whose static evaluation is the value network (generation 0)."""

    @property
    def compiled(self) -> SplendorMarvelCompiled:
        """The numba twin with the same network (`LEARNED_VALUE`)."""
        return LEARNED_VALUE

    def evaluate(self, state: SplendorState) -> tuple[float, ...]:
        return network.evaluate(state)


class LearnedGen1SplendorMarvel(LearnedValueSplendorMarvel):
    """The value network's engine whose priors are the learned policy (generation 1)."""

    @property
    def compiled(self) -> SplendorMarvelCompiled:
        """The numba twin with the same value and policy (`LEARNED_GEN1`)."""
        return LEARNED_GEN1

    def priors(self, state: SplendorState, actions: Sequence[Action]) -> list[float]:
        return network_policy.priors(state, actions)


class GenerationSplendorMarvel(SplendorMarvel):
    """The default engine (its PUCT constant by table size) with one generation's value and
    priors at every table, and that generation's compiled twin."""

    def __init__(self, twin: SplendorMarvelCompiled, value: Weights,
                 policy: PolicyWeights) -> None:
        self._twin, self._value, self._policy = twin, value, policy

    @property
    def compiled(self) -> SplendorMarvelCompiled:
        """The numba twin with the same value and policy."""
        return self._twin

    def evaluate(self, state: SplendorState) -> tuple[float, ...]:
        return network.evaluate(state, self._value)

    def priors(self, state: SplendorState, actions: Sequence[Action]) -> list[float]:
        return network_policy.priors(state, actions, self._policy)


class LearnedFourSplendorMarvel(SplendorMarvel):
    """Generation 2's engine (PUCT's constant by table size) with the 4-player table's value
    (`network_4p`: generation 2's at 2-3 players) and generation 2's priors."""

    @property
    def compiled(self) -> SplendorMarvelCompiled:
        """The numba twin with the same value and priors (`LEARNED_4P`)."""
        return LEARNED_4P

    def evaluate(self, state: SplendorState) -> tuple[float, ...]:
        return network_4p.evaluate(state)

    def priors(self, state: SplendorState, actions: Sequence[Action]) -> list[float]:
        return network_policy.priors(state, actions)


class LearnedRaceSplendorMarvel(SplendorMarvel):
    """The default engine (priors and PUCT's constant by table size) with one value for every
    table that reads the race inputs (`network.RACE`)."""

    @property
    def compiled(self) -> SplendorMarvelCompiled:
        """The numba twin with the same value and priors (`LEARNED_RACE`)."""
        return LEARNED_RACE

    def evaluate(self, state: SplendorState) -> tuple[float, ...]:
        return network.evaluate(state, network.RACE)


LOGISTIC_GAME = LogisticSplendorMarvel()
LEARNED_VALUE_GAME = LearnedValueSplendorMarvel()
LEARNED_GEN1_GAME = LearnedGen1SplendorMarvel()
LEARNED_GEN2_GAME = GenerationSplendorMarvel(LEARNED_GEN2, network.GEN2, network_policy.POLICY)
LEARNED_GEN3_GAME = GenerationSplendorMarvel(LEARNED_GEN3, network.GEN3, network_policy.GEN3_POLICY)
LEARNED_GEN4_GAME = GenerationSplendorMarvel(LEARNED_GEN4, network.GEN4, network_policy.GEN4_POLICY)
LEARNED_4P_GAME = LearnedFourSplendorMarvel()
LEARNED_4P_GEN5_GAME = GenerationSplendorMarvel(LEARNED_4P_GEN5, network_4p.FOUR_GEN5,
                                                network_policy.POLICY_4P)
LEARNED_RACE_GAME = LearnedRaceSplendorMarvel()
