"""`search.result.build_result`: candidates rank by visits, then value, then a seeded
tie-break; flat Monte Carlo's by value."""

from __future__ import annotations

from search.result import ActionStats, RootSummary, build_result


def stats(action: str, visits: int, mean: float) -> ActionStats:
    """A root action of seat 0 with `visits` visits worth `mean` to seat 0."""
    return ActionStats(action, visits, visits, [mean * visits, (1 - mean) * visits], 0.1,
                       (action,))


def summary(actions: list[ActionStats]) -> RootSummary:
    totals = [sum(a.totals[i] for a in actions) for i in range(2)]
    visits = sum(a.visits for a in actions)
    return RootSummary(0, visits, totals, actions, visits, 10, visits, "iterations")


ACTIONS = [stats("low", 3, 0.9), stats("many", 5, 0.5), stats("tie-a", 2, 0.5),
           stats("tie-b", 2, 0.5)]


def test_candidates_rank_by_visits_then_value_and_ties_by_the_seed() -> None:
    orders = set()
    for seed in range(20):
        result = build_result(summary(ACTIONS), seed=seed, elapsed=1.0, workers=1)
        ranked = [c.action for c in result.candidates]
        assert ranked[:2] == ["many", "low"]
        again = build_result(summary(ACTIONS), seed=seed, elapsed=1.0, workers=1)
        assert [c.action for c in again.candidates] == ranked, "the same seed, the same order"
        orders.add(tuple(ranked[2:]))
    assert orders == {("tie-a", "tie-b"), ("tie-b", "tie-a")}, "the seed breaks the tie"


def test_flat_monte_carlo_ranks_by_value() -> None:
    by_value = build_result(summary(ACTIONS), seed=0, elapsed=1.0, workers=1, rank_by_value=True)
    assert by_value.action == "low"
