"""Tournament: pairings, trophies, the 11-fan lead, round 7, the final and its tie-breaks."""

from __future__ import annotations

import random

from games.challengers import Challengers, flow, match, new_game
from games.challengers.catalogue import pairings_for
from games.challengers.setup import new_state
from games.challengers.state import Phase

from .helpers import duel, open_match, run


def test_pairings_meet_each_park_twice_every_round() -> None:
    for participants in (2, 4, 6, 8):
        table = pairings_for(participants)
        for r in range(7):
            parks = sorted(row[r] for row in table)
            assert parks == sorted(list(range(participants // 2)) * 2)


def test_robot_fills_odd_tables_and_solo() -> None:
    for n, robot in ((1, 1), (3, 3), (5, 5), (7, 7), (2, -1), (8, -1)):
        s = new_game(n, 0)
        assert s.robot == robot and s.num_participants % 2 == 0


def _end_match(s: object, winner: int, rng: random.Random) -> None:
    s.loser = 1 - winner  # type: ignore[attr-defined]
    flow.advance(s, rng)  # type: ignore[arg-type]


def test_eleven_fan_lead_ends_a_two_player_game() -> None:
    rng = random.Random(0)
    s = duel(["champion@s"], ["newcomer"], round=2)
    s.fans[0] = 9
    s.trophy_fans = [[3, 3, 3, 3]] * 7
    _end_match(s, 0, rng)
    assert s.phase == Phase.OVER and s.result == (1.0, 0.0)  # 9 + 3 - 0 >= 11


def test_two_players_most_fans_after_round_seven() -> None:
    rng = random.Random(0)
    s = duel(["champion@s"], ["newcomer"], round=7)
    s.trophy_fans = [[2, 2, 2, 2]] * 7
    s.fans[1] = 1
    _end_match(s, 0, rng)
    assert s.phase == Phase.OVER and s.result == (1.0, 0.0)  # 2 > 1


def test_solo_robot_keeps_trophies_and_can_win() -> None:
    rng = random.Random(0)
    s = new_state(1, rng)
    s.phase, s.round, s.park, s.side_a, s.side_b = Phase.MATCH, 7, 0, 0, 1
    s.decks = [[], []]
    s.loser = 0
    flow.advance(s, rng)
    assert s.trophies[1] == [7 << 2] and s.result == (0.0,)


def test_robot_trophy_goes_back_to_the_box_at_three_players() -> None:
    rng = random.Random(0)
    s = new_state(3, rng)
    s.phase, s.round, s.park = Phase.MATCH, 1, 0
    a, b = flow.park_players(s, 0)
    match.start(s, a, b, rng)
    s.loser = a if b == s.robot else b
    winner = b if s.loser == a else a
    flow.advance(s, rng)
    if winner == s.robot:
        assert s.trophies[s.robot] == []
    else:
        assert s.trophies[winner] == [1 << 2]


def _standings(fans: list[int], trophies: list[list[int]]) -> tuple[int, ...]:
    rng = random.Random(1)
    s = new_state(4, rng)
    s.trophy_fans = [[0, 0, 0, 0]] * 7
    s.fans = fans
    s.trophies = trophies
    s.round = 7
    flow._end_round(s, rng)
    assert s.phase == Phase.FINAL_TRIM and s.revealed
    return s.finalists


def test_final_for_the_two_players_with_most_fans() -> None:
    assert _standings([5, 9, 7, 1], [[], [], [], []]) == (1, 2)


def test_final_tie_break_more_trophies() -> None:
    assert _standings([9, 5, 5, 1], [[], [1 << 2], [1 << 2, 2 << 2 | 1], []]) == (0, 2)


def test_final_tie_break_highest_trophy_round() -> None:
    assert _standings([9, 5, 5, 1], [[], [1 << 2, 6 << 2], [3 << 2, 5 << 2 | 1], []]) == (0, 1)


def test_finalists_trim_then_play_the_final_whose_winner_wins() -> None:
    rng = random.Random(2)
    s = new_state(3, rng)
    s.trophy_fans = [[0, 0, 0, 0]] * 7
    s.fans = [3, 8, 6, 0]
    s.round = 7
    flow._end_round(s, rng)
    assert s.finalists == (1, 2)
    game = Challengers()
    assert game.current_player(s) == 1 and str(game.legal_actions(s)[-1]) == "done"
    game.apply(s, game.legal_actions(s)[0], rng)  # seat 1 trims a card
    game.apply(s, game.legal_actions(s)[-1], rng)
    assert game.current_player(s) == 2
    game.apply(s, game.legal_actions(s)[-1], rng)
    while not game.is_terminal(s):
        assert s.side_a in (1, 2) and s.side_b in (1, 2)
        game.apply(s, game.legal_actions(s)[0], rng)
    result = game.returns(s)
    assert sorted(result) == [0.0, 0.0, 1.0] and result[0] == 0.0


def test_final_winner_wins_whatever_the_fans() -> None:
    rng = random.Random(0)
    s = duel(["champion@s"], ["newcomer"], players=4)
    s.finalists = (0, 1)
    s.fans = [0, 50, 0, 0]
    open_match(s, 0)
    run(s)
    flow.advance(s, rng)
    assert s.result == (1.0, 0.0, 0.0, 0.0)
