"""How the search thinks (as opposed to how long: see `search.limits`)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

Selection = Literal["uct", "puct"]
RolloutPolicy = Literal["heuristic", "random"]
Engine = Literal["compiled", "python"]
Observers = Literal["single", "multiple"]
OpponentModel = Literal["none", "priors"]

DEFAULT_PUCT_C = 0.3
"""PUCT's constant where neither the config nor the evaluator sets one (at 1.0 the heuristic priors
pull too hard)."""
GAME_SETTINGS = ("puct_c",)
"""The settings an evaluator may choose for its table (`settled`): a config leaves them unset."""


@dataclass(frozen=True)
class SearchConfig:
    """Tunable knobs of ISMCTS; the defaults suit a game with an `evaluate` worth trusting.

    Rewards are win chances in [0, 1], so the exploration constants are on that scale.
    """

    selection: Selection = "puct"
    """`puct` (the default, by the match of benchmarks/TUNING.md): prior-weighted UCB, priors
    from the evaluator's `priors`; `uct`: UCB1 over availability counts."""
    uct_c: float = 0.7
    """UCT exploration constant (about sqrt(2)/2 for rewards in [0, 1])."""
    puct_c: float | None = None
    """PUCT exploration constant; None (the default): the evaluator's own for the table's size
    (`settled`, which every search entry applies), else `DEFAULT_PUCT_C`. A number given here
    wins over the evaluator's."""
    fpu_reduction: float = -0.1
    """PUCT: a child not yet visited is valued at its parent's mean for the mover less this
    (first-play urgency). Below 0 an untried move looks better than the average, so it is tried
    sooner (−0.1, the default, won the matches of benchmarks/TUNING.md)."""
    rollout: RolloutPolicy = "heuristic"
    """Playout policy: the evaluator's `rollout_action`, or uniform over legal actions."""
    rollout_depth: int | None = 8
    """Playout plies before the evaluator's `evaluate` finishes the estimate; None plays to the
    end."""
    workers: int = 1
    """Root-parallel workers (1 searches in the calling thread): threads on the compiled path,
    processes on the Python path."""
    engine: Engine = "compiled"
    """`compiled`: the evaluator's numba twin (`evaluator.compiled`) where it has one, else Python;
    `python`: always the pure-Python search (the readable reference)."""
    observers: Observers = "single"
    """`single`: one tree keyed by actions, pooling every seat's statistics over the sampled
    worlds (an opponent decides as if it did not know its own cards); `multiple`: a tree per
    seat, each seat deciding by what it can see (`game.information_key`, `search.multi_observer`);
    Python only (whatever `engine` says) and one worker."""
    opponent_model: OpponentModel = "none"
    """`none`: hidden cards are drawn uniformly; `priors`: by how well each explains what its
    holder did since, modelling opponents as playing by the game's priors (`game.believe`,
    where the game has one and the observation carries its history)."""
    root_move: Hashable | None = None
    """Restrict the root to this one action: every iteration goes through it, so the answer's
    only candidate is `root_move` and its value converges to the action's own value as the
    budget grows (coaching judges a move by such a search, docs/coaching.md). The search raises
    ValueError when the first sampled world does not allow it; a later world that does not
    plays out from the root without a tree move. None
    (the default) searches every legal action. Not with `observers="multiple"`."""

    def __post_init__(self) -> None:
        if self.selection not in ("uct", "puct"):
            raise ValueError(f"selection must be 'uct' or 'puct', got {self.selection!r}")
        if self.rollout not in ("heuristic", "random"):
            raise ValueError(f"rollout must be 'heuristic' or 'random', got {self.rollout!r}")
        if self.rollout_depth is not None and self.rollout_depth < 0:
            raise ValueError(f"rollout_depth must be >= 0 or None, got {self.rollout_depth}")
        if self.engine not in ("compiled", "python"):
            raise ValueError(f"engine must be 'compiled' or 'python', got {self.engine!r}")
        if self.workers < 1:
            raise ValueError(f"workers must be >= 1, got {self.workers}")
        if self.observers not in ("single", "multiple"):
            raise ValueError(f"observers must be 'single' or 'multiple', got {self.observers!r}")
        if self.observers == "multiple" and self.workers > 1:
            raise ValueError("the multiple-observer search runs in one worker (workers=1)")
        if self.observers == "multiple" and self.root_move is not None:
            raise ValueError("the multiple-observer search has no restricted root (root_move)")
        if self.opponent_model not in ("none", "priors"):
            raise ValueError(
                f"opponent_model must be 'none' or 'priors', got {self.opponent_model!r}")
        if self.uct_c < 0 or self.puct_constant < 0:
            raise ValueError("exploration constants must be >= 0")
        if not -1 <= self.fpu_reduction <= 1:
            raise ValueError(f"fpu_reduction must be in [-1, 1], got {self.fpu_reduction}")

    @property
    def puct_constant(self) -> float:
        """The PUCT constant searched with: `puct_c`, or `DEFAULT_PUCT_C` where it is unset."""
        return DEFAULT_PUCT_C if self.puct_c is None else self.puct_c


def settled(config: SearchConfig, evaluator: object, num_players: int) -> SearchConfig:
    """`config` with the evaluator's own settings for a table of `num_players` in the fields
    it leaves unset (None): what `evaluator.search_settings(num_players)` returns (a mapping of
    `GAME_SETTINGS` names to values) where it has that method; `config` itself otherwise.
    A setting the config gives wins. ValueError if the evaluator names another field."""
    choose = getattr(evaluator, "search_settings", None)
    if choose is None:
        return config
    chosen: Mapping[str, Any] = choose(num_players)
    unknown = set(chosen) - set(GAME_SETTINGS)
    if unknown:
        raise ValueError(f"an evaluator chooses only {', '.join(GAME_SETTINGS)} for its table, "
                         f"not {', '.join(sorted(unknown))}")
    unset = {name: value for name, value in chosen.items() if getattr(config, name) is None}
    return replace(config, **unset) if unset else config
