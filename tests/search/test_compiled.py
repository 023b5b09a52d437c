"""The compiled search grows exactly the tree the Python search grows, and keeps its budgets."""

from __future__ import annotations

import random
import threading
from dataclasses import replace
from typing import Any

import pytest

from games.nim.evaluators import EVALUATOR as NIM_EVALUATOR
from games.uniform import Uniform
from kernels.rng import PythonRng
from search import Limits, SearchConfig, ismcts
from search import compiled as compiled_search
from search.compiled import CompiledTreeSearch, compiled_ismcts, compiled_pimc
from search.core import TreeSearch
from search.result import RootSummary, SearchResult, summarize
from tests.search.toy_games import (
    GAMBLE,
    SAFE,
    GuessState,
    HighCardState,
    Nim,
    NimObservation,
)
from tests.search.toy_kernels import (
    CompiledGuess,
    CompiledHighCard,
    CompiledNim,
    ReplayableGuess,
    ReplayableHighCard,
)

CONFIGS = {
    "default": SearchConfig(),
    "uct": SearchConfig(selection="uct"),
    "puct": SearchConfig(selection="puct"),
    "puct-fpu-reduction": SearchConfig(selection="puct", fpu_reduction=0.2),
    "random-to-the-end": SearchConfig(rollout="random", rollout_depth=None),
    "evaluate-only": SearchConfig(selection="uct", rollout_depth=0, uct_c=1.3),
}


def high_card_positions() -> list[tuple[str, Any]]:
    """High card seen by the seat to move: at the start, and after some tricks."""
    game = ReplayableHighCard(deck=12, hand_size=4)
    positions = []
    for seed in (3, 11):
        state = game.deal(random.Random(seed))
        rng = random.Random(seed)
        for _ in range(seed % 4):
            game.apply(state, game.rollout_action(state, rng), rng)
        positions.append((f"high-card-{seed}", game.observe(state, state.player)))
    return positions


def toy(game: Any) -> tuple[Any, Any]:
    """A toy game as its own evaluator: (game, evaluator)."""
    return game, game


POSITIONS: list[tuple[str, Any, Any, Any, Any]] = [
    ("nim", Nim(), NIM_EVALUATOR, CompiledNim(), NimObservation((3, 4, 5), 0)),
    ("guess", *toy(ReplayableGuess()), CompiledGuess(),
     ReplayableGuess().observe(GuessState(2), 0)),
    *[
        (name, *toy(ReplayableHighCard(deck=12, hand_size=4)), CompiledHighCard(), observation)
        for name, observation in high_card_positions()
    ],
]


def python_summary(game: Any, evaluator: Any, observation: Any, config: SearchConfig,
                   seed: int, iterations: int) -> RootSummary:
    rng: Any = PythonRng(seed)
    search = TreeSearch(game, evaluator, lambda r: game.sample(observation, r), config, rng)
    reason = search.run(iterations)
    return summarize(search.root, search.player, search.iterations, search.nodes, reason)


def compiled_summary(twin: Any, observation: Any, config: SearchConfig, seed: int,
                     iterations: int) -> RootSummary:
    search = CompiledTreeSearch(twin, twin.encode_observation(observation), config, seed)
    return search.summary(search.run(iterations))


@pytest.mark.parametrize("config", CONFIGS.values(), ids=CONFIGS.keys())
@pytest.mark.parametrize(("name", "game", "evaluator", "twin", "observation"), POSITIONS,
                         ids=[p[0] for p in POSITIONS])
def test_the_compiled_tree_is_the_python_tree_node_for_node(
    name: str, game: Any, evaluator: Any, twin: Any, observation: Any, config: SearchConfig
) -> None:
    for seed in (1, 2):
        expected = python_summary(game, evaluator, observation, config, seed, 600)
        assert compiled_summary(twin, observation, config, seed, 600) == expected
        assert expected.nodes > len(expected.actions) + 1  # it searched below the root


def test_growing_the_arrays_mid_search_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    _, game, evaluator, twin, observation = POSITIONS[2]
    expected = python_summary(game, evaluator, observation, SearchConfig(selection="puct"), 5,
                              800)
    monkeypatch.setattr(compiled_search, "INITIAL_NODES", 16)
    monkeypatch.setattr(compiled_search, "INITIAL_PATH", 1)
    grown = compiled_summary(twin, observation, SearchConfig(selection="puct"), 5, 800)
    assert grown == expected


@pytest.mark.parametrize("selection", ["uct", "puct"])
def test_information_sets_make_the_compiled_search_play_safe(selection: str) -> None:
    twin = CompiledGuess()
    for card in (0, 1, 2):
        observation = ReplayableGuess().observe(GuessState(card), 0)
        config = SearchConfig(selection=selection)  # type: ignore[arg-type]
        result = compiled_ismcts(twin, observation, Limits(iterations=3000), config, seed=card)
        assert result.action == SAFE
        gamble = next(c for c in result.candidates if c.action == GAMBLE)
        assert gamble.value == pytest.approx(1 / 3, abs=0.15)


def test_a_compiled_search_that_sees_the_card_gambles() -> None:
    twin = CompiledGuess()
    cheat = replace(ReplayableGuess().observe(GuessState(1), 1), gambled=False)
    result = compiled_ismcts(twin, cheat, Limits(iterations=3000), SearchConfig(), seed=4)
    assert result.action == GAMBLE
    assert result.best.pv == (GAMBLE, "name1")


def test_ismcts_takes_the_compiled_path_when_the_evaluator_offers_one() -> None:
    class UniformWithTwin(Uniform):
        compiled = CompiledNim()

    observation = NimObservation((3, 4, 5), 0)
    game = Nim()
    evaluator = UniformWithTwin(game)
    compiled = ismcts(game, evaluator, observation, Limits(iterations=400), seed=9)
    python = ismcts(game, evaluator, observation, Limits(iterations=400),
                    SearchConfig(engine="python"), seed=9)
    direct = compiled_ismcts(CompiledNim(), observation, Limits(iterations=400), SearchConfig(),
                             seed=9)
    assert fingerprint(compiled) == fingerprint(direct)
    assert (compiled.stats.engine, python.stats.engine) == ("compiled", "python")
    assert fingerprint(python) != fingerprint(compiled)  # another random stream
    # Piles 2, 3, 4: the only winning move takes 3 from the pile of 4 (nim-sum 0 after it).
    for selection in ("uct", "puct"):
        config = SearchConfig(selection=selection, rollout_depth=None)  # type: ignore[arg-type]
        strong = ismcts(game, evaluator, NimObservation((2, 3, 4), 0), Limits(iterations=5000),
                        config, seed=9)
        assert strong.action == (2, 3)
        assert strong.best.value > 0.85


def fingerprint(result: SearchResult) -> tuple[object, ...]:
    return (result.candidates, result.root_values, replace(result.stats, elapsed=0.0))


@pytest.mark.parametrize("workers", [1, 2])
def test_same_seed_same_answer(workers: int) -> None:
    _, _, _, twin, observation = POSITIONS[3]
    config = SearchConfig(workers=workers)
    first = compiled_ismcts(twin, observation, Limits(iterations=3000), config, seed=42)
    again = compiled_ismcts(twin, observation, Limits(iterations=3000), config, seed=42)
    assert fingerprint(first) == fingerprint(again)
    assert first.stats.iterations == 3000
    assert sum(c.visits for c in first.candidates) == 3000
    assert first.stats.workers == workers


def test_a_time_budget_stops_the_search_and_says_so() -> None:
    _, _, _, twin, observation = POSITIONS[2]
    result = compiled_ismcts(twin, observation, Limits(time=0.05), SearchConfig(), seed=1)
    assert result.stats.stopped_by == "time"
    assert result.stats.iterations >= 1


@pytest.mark.parametrize("workers", [1, 2])
def test_a_node_limit_bounds_the_compiled_trees(workers: int) -> None:
    _, _, _, twin, observation = POSITIONS[2]
    limits = Limits(iterations=1_000_000, nodes=100)
    result = compiled_ismcts(twin, observation, limits, SearchConfig(workers=workers), seed=1)
    assert result.stats.stopped_by == "nodes"
    assert 100 <= result.stats.nodes < 266  # the whole tree has 266 nodes
    assert result.stats.iterations < 1_000_000


def test_cancellation_from_another_thread_stops_the_search() -> None:
    _, _, _, twin, observation = POSITIONS[2]
    cancel = threading.Event()
    timer = threading.Timer(0.05, cancel.set)
    timer.start()
    result = compiled_ismcts(twin, observation, Limits(cancel=cancel, time=30.0),
                             SearchConfig(workers=2), seed=1)
    timer.join()
    assert result.stats.stopped_by == "cancelled"
    assert result.stats.iterations >= 1


def test_progress_reports_grow_until_the_final_answer() -> None:
    _, _, _, twin, observation = POSITIONS[2]
    reports: list[SearchResult] = []
    limits = Limits(time=0.3, on_progress=reports.append, progress_ms=20)
    final = compiled_ismcts(twin, observation, limits, SearchConfig(), seed=1)
    assert len(reports) >= 3
    counts = [r.stats.iterations for r in reports]
    assert counts == sorted(counts)
    assert all(r.stats.stopped_by == "running" for r in reports)
    assert final.stats.iterations >= counts[-1]


def test_a_finished_game_has_nothing_to_search() -> None:
    with pytest.raises(ValueError, match="over"):
        compiled_ismcts(CompiledNim(), NimObservation((0, 0, 0), 0), Limits(iterations=5),
                        SearchConfig(), seed=1)


def test_compiled_flat_monte_carlo_ranks_by_value_and_counts_availability() -> None:
    twin = CompiledHighCard()
    game = ReplayableHighCard(deck=12, hand_size=4)
    state = HighCardState([[2, 5, 9, 12], [1, 3, 4, 6]])
    observation = game.observe(state, 0)
    result = compiled_pimc(twin, observation, Limits(iterations=2000), SearchConfig(), worlds=8,
                           seed=3)
    assert {c.action for c in result.candidates} == {2, 5, 9, 12}
    assert all(c.availability == 8 for c in result.candidates)  # my cards: legal in every world
    values = [c.value for c in result.candidates]
    assert values == sorted(values, reverse=True)
    assert result.stats.iterations == 2000
    again = compiled_pimc(twin, observation, Limits(iterations=2000), SearchConfig(), worlds=8,
                          seed=3)
    assert fingerprint(result) == fingerprint(again)


def test_every_iteration_searches_a_fresh_world() -> None:
    # The first world is searched in place by the first iteration only; later ones sample, so
    # every iteration finds the one move left and wins with it.
    twin = CompiledNim()
    observation = NimObservation((1, 0, 0), 0)
    result = compiled_ismcts(twin, observation, Limits(iterations=50), SearchConfig(), seed=1)
    assert result.best.action == (0, 1)
    assert result.best.visits == 50
    assert result.best.value == 1.0
