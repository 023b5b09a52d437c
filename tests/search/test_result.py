"""Results, limits and merging: the small value types behave."""

from __future__ import annotations

import pytest

from search import Limits, SearchConfig
from search.result import ActionStats, RootSummary, build_result, merge, wilson_lower_bound


def summary(actions: list[ActionStats], iterations: int = 10) -> RootSummary:
    totals = [sum(a.totals[i] for a in actions) for i in range(2)]
    visits = sum(a.visits for a in actions)
    return RootSummary(0, visits, totals, actions, iterations, 5, iterations, "iterations")


def test_limits_need_a_bound_and_print_only_what_is_set() -> None:
    with pytest.raises(ValueError):
        Limits()
    with pytest.raises(ValueError):
        Limits(iterations=0)
    assert repr(Limits(iterations=2000)) == "Limits(iterations=2000)"
    assert repr(Limits(time=0.5, progress_ms=50)) == "Limits(time=0.5, progress_ms=50)"


def test_the_earlier_of_time_and_deadline_ends_the_search() -> None:
    assert Limits(time=2.0, deadline=101.0).end(100.0) == (101.0, "deadline")
    assert Limits(time=0.5, deadline=101.0).end(100.0) == (100.5, "time")
    assert Limits(iterations=5).end(100.0) == (None, "time")


def test_config_rejects_nonsense() -> None:
    with pytest.raises(ValueError):
        SearchConfig(selection="minimax")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        SearchConfig(workers=0)


def test_candidates_rank_by_visits_then_value_then_a_seeded_coin() -> None:
    actions = [
        ActionStats("low", 3, 3, [0.9 * 3, 0.1 * 3], 0.2, ("low",)),
        ActionStats("many", 5, 5, [0.5 * 5, 0.5 * 5], 0.3, ("many",)),
        ActionStats("tie-a", 2, 3, [1.0, 1.0], 0.25, ("tie-a",)),
        ActionStats("tie-b", 2, 3, [1.0, 1.0], 0.25, ("tie-b",)),
    ]
    orders = set()
    for seed in range(20):
        result = build_result(summary(actions), seed=seed, elapsed=1.0, workers=1)
        ranked = [c.action for c in result.candidates]
        assert ranked[:2] == ["many", "low"]
        orders.add(tuple(ranked[2:]))
        again = build_result(summary(actions), seed=seed, elapsed=1.0, workers=1)
        assert again.candidates == result.candidates
    assert orders == {("tie-a", "tie-b"), ("tie-b", "tie-a")}
    best = build_result(summary(actions), seed=0, elapsed=1.0, workers=1).best
    assert best.value == 0.5
    assert best.values == (0.5, 0.5)
    assert 0.0 < best.lcb < 0.5


def test_flat_monte_carlo_ranks_by_value_first() -> None:
    actions = [
        ActionStats("many", 5, 5, [0.5 * 5, 0.5 * 5], 0.3, ("many",)),
        ActionStats("good", 3, 3, [0.9 * 3, 0.1 * 3], 0.2, ("good",)),
    ]
    result = build_result(summary(actions), seed=0, elapsed=1.0, workers=1, rank_by_value=True)
    assert [c.action for c in result.candidates] == ["good", "many"]


def test_merging_sums_visits_and_values_per_action() -> None:
    one = summary([ActionStats("x", 4, 4, [4.0, 0.0], 0.5, ("x", "y"))])
    two = summary(
        [
            ActionStats("z", 1, 2, [0.0, 1.0], 0.5, ("z",)),
            ActionStats("x", 6, 7, [3.0, 3.0], 0.5, ("x", "w")),
        ]
    )
    merged = merge([one, two])
    assert [a.action for a in merged.actions] == ["x", "z"]
    x = merged.actions[0]
    assert (x.visits, x.availability, x.totals, x.pv) == (10, 11, [7.0, 3.0], ("x", "w"))
    assert merged.iterations == 20
    assert merged.visits == 11


def test_wilson_bound_is_below_the_mean_and_tightens_with_samples() -> None:
    assert wilson_lower_bound(0.5, 0) == 0.0
    assert wilson_lower_bound(0.7, 10) < wilson_lower_bound(0.7, 1000) < 0.7
    assert wilson_lower_bound(1.0, 50) > 0.9
