"""Game-agnostic information-set Monte Carlo tree search.

>>> from search import Limits, SearchConfig, ismcts          # doctest: +SKIP
>>> result = ismcts(game, evaluator, observation, Limits(iterations=5000, time=1.0),
...                 seed=1)  # doctest: +SKIP
>>> result.action, result.best.value, result.stats.iterations_per_second  # doctest: +SKIP
"""

from search.baselines import Bot, GreedyBot, ISMCTSBot, PIMCBot, RandomBot
from search.config import SearchConfig
from search.evaluator import AnyEvaluator, Evaluator
from search.game import AnyGame, Game, InformedGame
from search.ismcts import ismcts
from search.limits import Cancelled, CancelToken, Limits, StopReason
from search.result import Candidate, SearchResult, SearchStats
from search.reuse import subtree
from search.tree import Node

__all__ = [
    "AnyEvaluator",
    "AnyGame",
    "Bot",
    "CancelToken",
    "Cancelled",
    "Candidate",
    "Evaluator",
    "Game",
    "GreedyBot",
    "ISMCTSBot",
    "InformedGame",
    "Limits",
    "Node",
    "PIMCBot",
    "RandomBot",
    "SearchConfig",
    "SearchResult",
    "SearchStats",
    "StopReason",
    "ismcts",
    "subtree",
]
