"""The arena: plays bots against each other on the true state and rates them.

>>> from clients.arena import Executor, run_match  # doctest: +SKIP
>>> r = run_match("splendor_marvel", ["random", "ismcts"], 2, 10, 1, Executor())  # doctest: +SKIP
>>> r.tallies[0].points, r.tallies[0].games  # doctest: +SKIP
"""

from clients.arena.executors import Executor
from clients.arena.record import GameRecord, GameTask, read_json, write_csv, write_json
from clients.arena.referee import play
from clients.arena.runner import LadderResult, MatchResult, run_ladder, run_match
from clients.arena.schedule import lineups, match_tasks, rotations
from clients.arena.scoring import PairTally, game_score, tally
from clients.arena.specs import BotSpec, build_bot, parse_spec
from clients.arena.stats import SPRT, Estimate, Rating, estimate, fit_ratings, wilson

__all__ = [
    "SPRT",
    "BotSpec",
    "Estimate",
    "Executor",
    "GameRecord",
    "GameTask",
    "LadderResult",
    "MatchResult",
    "PairTally",
    "Rating",
    "build_bot",
    "estimate",
    "fit_ratings",
    "game_score",
    "lineups",
    "match_tasks",
    "parse_spec",
    "play",
    "read_json",
    "rotations",
    "run_ladder",
    "run_match",
    "tally",
    "wilson",
    "write_csv",
    "write_json",
]
