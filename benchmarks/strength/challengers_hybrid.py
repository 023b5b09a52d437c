"""Which Challengers! decisions does the search make better than a baseline? Hybrid bots.

python -m benchmarks.strength.challengers_hybrid match hybrid:iters=800,greedy=trim greedy \\
    --game challengers --deals 200 --seed 1 --processes 1

The arena's command line (`clients.arena`, every option of it) with one more bot kind for this
process: `hybrid:` takes the ISMCTS options (`iters`, `time`, `pc`, ...) and plays the search,
except for the decision kinds named in `greedy=` (played by `greedy`, the hand-written prior)
and in `power=` (played by the highest-power drafter), kinds joined by `+`:

    opt    the deck phase's option (`opt:2A` / `opt:1B` ...)
    pick   a pick (and the redraw offered with it)
    trim   a trim or `done`
    match  a card effect's choice in a match

A hybrid that scores less than the plain search against the same opponent on the same seeds
says the search decides that kind better than the baseline does (games/challengers/NOTES.md,
"Strength at 50 ms, issue 28"). `--processes 1` only: worker processes would not know the kind.
"""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Hashable, Iterator
from typing import Any

from clients.arena import referee, specs
from clients.arena.cli import main as arena_main
from games.challengers.actions import DONE, OPT, TRIM
from games.challengers.drafters import power_action
from games.challengers.state import DECK
from games.registry import entry
from search import GreedyBot, Limits
from search.baselines import Bot

KINDS = ("opt", "pick", "trim", "match")
_BASELINES = ("greedy", "power")
_build_bot = specs.build_bot
_search_settings = specs._search_settings


def decision_kind(state: Any, legal: list[Any]) -> str:
    """The kind (one of `KINDS`) of the decision with `legal` actions in `state`."""
    if state.phase != DECK:
        return "match"
    kinds = {a.kind for a in legal}
    if OPT in kinds:
        return "opt"
    return "trim" if TRIM in kinds or DONE in kinds else "pick"


class HybridBot:
    """The search, with some decision kinds delegated to greedy or to the power drafter."""

    name = "hybrid"

    def __init__(self, game: Any, search: Bot, delegated: dict[str, str]):
        self.game = game
        self.search = search
        self.delegated = delegated
        """Decision kind -> `greedy` or `power`."""
        self.greedy = GreedyBot(game, entry(game.name).greedy())
        """The arena's `greedy`: the highest of the greedy evaluator's priors."""

    def choose(self, observation: Any, limits: Limits, seed: int) -> Hashable:
        """The delegate's move for a delegated kind (decided in one sampled world, like the
        baselines), else the search's."""
        rng = random.Random(seed)
        world = self.game.sample(observation, rng)
        legal = self.game.legal_actions(world)
        delegate = self.delegated.get(decision_kind(world, legal))
        if delegate == "power":
            return power_action(world, rng)
        if delegate == "greedy":
            return self.greedy.choose(observation, limits, seed)
        return self.search.choose(observation, limits, seed)


def _delegated(options: dict[str, str]) -> dict[str, str]:
    delegated: dict[str, str] = {}
    for baseline in _BASELINES:
        for kind in filter(None, options.get(baseline, "").split("+")):
            if kind not in KINDS:
                raise ValueError(f"unknown decision kind {kind!r}; expected one of {KINDS}")
            delegated[kind] = baseline
    return delegated


def _inner(spec: specs.BotSpec) -> specs.BotSpec:
    """The ISMCTS spec a hybrid searches with."""
    return specs.BotSpec("ismcts", tuple(kv for kv in spec.options if kv[0] not in _BASELINES))


def build_bot(spec: specs.BotSpec, game: Any) -> tuple[Bot, Limits]:
    """`specs.build_bot`, knowing the `hybrid` kind."""
    if spec.kind != "hybrid":
        return _build_bot(spec, game)
    search, limits = _build_bot(_inner(spec), game)
    return HybridBot(game, search, _delegated(dict(spec.options))), limits


def search_settings(spec: specs.BotSpec) -> Any:
    """`specs._search_settings`, knowing the `hybrid` kind (validates its kinds too)."""
    if spec.kind != "hybrid":
        return _search_settings(spec)
    _delegated(dict(spec.options))
    return _search_settings(_inner(spec))


@contextlib.contextmanager
def hybrid_kind() -> Iterator[None]:
    """While inside, the arena of this process knows the `hybrid` bot kind."""
    specs._KEYS["hybrid"] = specs._KEYS["ismcts"] | set(_BASELINES)
    specs.build_bot, specs._search_settings, referee.build_bot = (
        build_bot, search_settings, build_bot)
    try:
        yield
    finally:
        del specs._KEYS["hybrid"]
        specs.build_bot, specs._search_settings, referee.build_bot = (
            _build_bot, _search_settings, _build_bot)


def main(argv: list[str] | None = None) -> int:
    """The arena's command line with the `hybrid` kind known."""
    with hybrid_kind():
        return arena_main(argv)


if __name__ == "__main__":
    sys.exit(main())
