"""Bots behind one interface: ISMCTS and the baselines it must beat.

- `RandomBot`: uniform over the legal actions of a sampled world.
- `GreedyBot`: an evaluator's highest prior in a sampled world (the registry names the one each
  game's greedy baseline plays: `games.registry.GameEntry.greedy`).
- `PIMCBot`: Perfect-Information Monte Carlo: sample K worlds, score every legal move in each
  (by rollouts, or by a perfect-information search of that world), and combine over the worlds
  where the move is legal. Prone to strategy fusion, which is why ISMCTS exists.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, Literal, Protocol

from search import levels
from search.compiled_game import compiled_twin
from search.config import SearchConfig, settled
from search.core import TreeSearch, WorldSampler, playout
from search.evaluator import AnyEvaluator
from search.game import AnyGame
from search.ismcts import DEFAULT_CONFIG, ismcts
from search.limits import Countdown, Limits, StopReason, now
from search.parallel import split_iterations, worker_seed
from search.result import ActionStats, RootSummary, SearchResult, build_result, merge, summarize


def _fixed_world(game: AnyGame, world: Any) -> WorldSampler:
    """A sampler that always draws (a copy of) the same world: perfect-information search."""

    def sample(_rng: random.Random) -> Any:
        return game.clone(world)

    return sample


class Bot(Protocol):
    """Anything that picks a move for the seat to move from that seat's observation."""

    name: str

    def choose(self, observation: Any, limits: Limits, seed: int) -> Hashable:
        """An action legal for the seat to move; all randomness from `seed`."""
        ...


class RandomBot:
    """Uniformly random legal action (the floor of every rating list)."""

    name = "random"

    def __init__(self, game: AnyGame):
        self.game = game

    def choose(self, observation: Any, limits: Limits, seed: int) -> Hashable:
        """A uniform choice among the legal actions of one sampled world; ignores `limits`."""
        rng = random.Random(seed)
        world = self.game.sample(observation, rng)
        legal = self.game.legal_actions(world)
        return legal[rng.randrange(len(legal))]


class GreedyBot:
    """A heuristic player: the action with the highest of `evaluator`'s priors (first one on
    ties)."""

    name = "greedy"

    def __init__(self, game: AnyGame, evaluator: AnyEvaluator):
        self.game = game
        self.evaluator = evaluator

    def choose(self, observation: Any, limits: Limits, seed: int) -> Hashable:
        """The highest-prior legal action in one sampled world; ignores `limits`."""
        world = self.game.sample(observation, random.Random(seed))
        legal = self.game.legal_actions(world)
        priors = self.evaluator.priors(world, legal)
        best = max(range(len(legal)), key=lambda i: priors[i])
        return legal[best]


class ISMCTSBot:
    """`search.ismcts` as a bot, at a strength level (`search.levels`; 10 = full strength)."""

    name = "ismcts"

    def __init__(
        self,
        game: AnyGame,
        evaluator: AnyEvaluator,
        config: SearchConfig = DEFAULT_CONFIG,
        strength: int = levels.FULL_STRENGTH,
    ):
        self.ladder = levels.ladder_of(game)
        levels.level(strength, self.ladder)  # validate now
        self.game = game
        self.evaluator = evaluator
        self.config = config
        self.strength = strength

    def analyse(self, observation: Any, limits: Limits, seed: int) -> SearchResult:
        """The full search result (on the level's share of `limits`, by the game's ladder)."""
        limits = levels.level_limits(limits, self.strength, self.ladder)
        return ismcts(self.game, self.evaluator, observation, limits, self.config, seed=seed)

    def choose(self, observation: Any, limits: Limits, seed: int) -> Hashable:
        """The level's choice among the searched candidates (at full strength the first)."""
        result = self.analyse(observation, limits, seed)
        index = levels.choose(result.candidates, self.strength, seed, self.ladder)
        return result.candidates[index].action


class PIMCBot:
    """Determinized search: K sampled worlds, each searched as if its hidden cards were seen.

    `scoring="rollout"` is flat Monte Carlo (one playout = one iteration, moves cycled
    round-robin over worlds); `scoring="search"` runs a perfect-information tree search
    (ISMCTS over a single world) per world with an equal share of the budget; both play out
    and score by `evaluator`. Statistics are
    summed over worlds, so a move counts only where it is legal.
    """

    name = "pimc"

    def __init__(
        self,
        game: AnyGame,
        evaluator: AnyEvaluator,
        worlds: int = 16,
        scoring: Literal["rollout", "search"] = "rollout",
        config: SearchConfig = DEFAULT_CONFIG,
    ):
        if worlds < 1:
            raise ValueError(f"worlds must be >= 1, got {worlds}")
        self.game = game
        self.evaluator = evaluator
        self.worlds = worlds
        self.scoring = scoring
        self.config = config

    def choose(self, observation: Any, limits: Limits, seed: int) -> Hashable:
        """The best move: highest mean playout value (rollouts) or most visits (search)."""
        return self.analyse(observation, limits, seed).action

    def analyse(self, observation: Any, limits: Limits, seed: int) -> SearchResult:
        """Candidates over all worlds, ranked like an ISMCTS result."""
        twin = compiled_twin(self.evaluator, self.config.engine)
        if twin is not None and self.scoring == "rollout":
            from search.compiled import compiled_pimc  # numba loads only when a game needs it

            return compiled_pimc(
                twin, observation, limits, self.config, worlds=self.worlds, seed=seed
            )
        start = now()
        rng = random.Random(seed)
        worlds = [self.game.sample(observation, rng) for _ in range(self.worlds)]
        if self.scoring == "search":
            summary = self._search_worlds(worlds, limits, seed, start)
        else:
            summary = self._roll_out_worlds(worlds, limits, rng, start)
        flat = self.scoring == "rollout"
        return build_result(
            summary, seed=seed, elapsed=now() - start, workers=1, rank_by_value=flat
        )

    def _search_worlds(
        self, worlds: list[Any], limits: Limits, seed: int, start: float
    ) -> RootSummary:
        game = self.game
        config = settled(self.config, self.evaluator, game.num_players(worlds[0]))
        end, end_reason = limits.end(start)
        shares = split_iterations(limits.iterations, len(worlds))
        summaries = []
        for k, share in enumerate(shares):
            search = TreeSearch(
                game,
                self.evaluator,
                _fixed_world(game, worlds[k]),
                config,
                random.Random(worker_seed(seed, k)),
            )
            world_end = None if end is None else start + (end - start) * (k + 1) / len(shares)
            reason = search.run(share, world_end, end_reason, limits.cancel)
            summaries.append(
                summarize(search.root, search.player, search.iterations, search.nodes, reason)
            )
            if reason == "cancelled":
                break
        summary = merge(summaries)
        summary.worlds = len(summaries)
        return summary

    def _roll_out_worlds(
        self, worlds: list[Any], limits: Limits, rng: random.Random, start: float
    ) -> RootSummary:
        game = self.game
        player = game.current_player(worlds[0])
        seats = game.num_players(worlds[0])
        legal = [game.legal_actions(w) for w in worlds]
        stats: dict[Hashable, ActionStats] = {}
        for actions in legal:
            for a in actions:
                s = stats.get(a)
                if s is None:
                    stats[a] = ActionStats(a, 0, 1, [0.0] * seats, 0.0, (a,))
                else:
                    s.availability += 1
        budget = Countdown(limits, start)
        done = 0
        reason: StopReason | None = None
        while reason is None:
            for world, actions in zip(worlds, legal, strict=True):
                for a in actions:
                    state = game.clone(world)
                    game.apply(state, a, rng)
                    reward = playout(game, self.evaluator, state, rng, self.config)
                    s = stats[a]
                    s.visits += 1
                    s.totals = [t + r for t, r in zip(s.totals, reward, strict=True)]
                    done += 1
                    reason = budget.spent(done)
                    if reason is not None:
                        break
                if reason is not None:
                    break
        visited = [s for s in stats.values() if s.visits > 0]
        totals = [sum(s.totals[i] for s in visited) for i in range(seats)]
        return RootSummary(player, done, totals, visited, done, 0, len(worlds), reason)
