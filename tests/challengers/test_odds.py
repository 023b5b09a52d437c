"""Match win chances: one winner per match, settled matches count as played, the final."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

from games.challengers import Challengers, new_game, observe
from games.challengers.evaluators import LOGISTIC
from games.challengers.odds import match_win_chances
from games.challengers.state import Phase, State

GAME = Challengers()


def _play_until(players: int, seed: int, done: Callable[[State], bool]) -> State:
    s, rng = new_game(players, seed), random.Random(seed)
    while not done(s):
        GAME.apply(s, LOGISTIC.rollout_action(s, rng), rng)
    return s


def test_two_players_share_one_match() -> None:
    s = new_game(2, 3)
    for seat in (0, 1):
        chances = match_win_chances(observe(s, seat), random.Random(seat), playouts=50)
        assert sum(chances) == pytest.approx(1.0) and all(0 < c < 1 for c in chances)


def test_a_match_already_played_this_round_counts_as_settled() -> None:
    s = _play_until(4, 2, lambda s: s.phase == Phase.MATCH and s.park == 1 and bool(s.pending_kind))
    first = [p for p in range(4) if p not in (s.side_a, s.side_b)]  # they met in park 0
    chances = match_win_chances(observe(s, s.pending_participant), random.Random(0), playouts=20)
    for p in first:
        won = any(t >> 2 == s.round for t in s.trophies[p])
        assert chances[p] == (1.0 if won else 0.0)
    assert chances[s.side_a] + chances[s.side_b] == pytest.approx(1.0)


def test_in_the_final_only_the_finalists_can_win() -> None:
    s = _play_until(3, 1, lambda s: bool(s.finalists))
    chances = match_win_chances(observe(s, s.finalists[0]), random.Random(0), playouts=20)
    assert sum(chances[p] for p in s.finalists) == pytest.approx(1.0)
    assert all(chances[p] == 0.0 for p in range(3) if p not in s.finalists)


def test_no_playout_starts_after_the_time_limit() -> None:
    o = observe(new_game(2, 3), 0)
    assert match_win_chances(o, random.Random(0), playouts=50, until=time.monotonic() - 1) == []
