"""benchmarks/service/service_latency.py: its requests ask positions of the table size `--players`
names, and the table says which."""

from __future__ import annotations

from benchmarks.service import service_latency


def test_positions_are_dealt_for_each_table_size_asked() -> None:
    for players in (2, 3, 4):
        observation = service_latency._position("splendor_marvel", 16, players)
        assert observation.splendor_marvel.num_players == players
        assert len(observation.splendor_marvel.players) == players


def test_the_table_names_the_players_of_each_row() -> None:
    row = service_latency.Row(game="splendor_marvel", players=4, engine="compiled", workers=1,
                              budget_ms=100, clients=1, requests=60, p50_ms=106.0, p99_ms=110.0,
                              throughput=9.0, iterations=3000)
    head, _, line = service_latency.table([row]).splitlines()
    assert head.split()[:2] == ["game", "players"] and line.split()[:2] == ["splendor_marvel", "4"]
