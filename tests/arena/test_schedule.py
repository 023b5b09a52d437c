"""Seat rotation and pairing: every deal in every seat, seeds shared and separated exactly."""

from collections import Counter

import pytest

from clients.arena.schedule import ladder_pairings, lineups, match_tasks, rotations


def test_two_player_deal_is_played_once_from_each_seat():
    tasks = match_tasks("splendor_marvel", ["A", "B"], 2, 3, run_seed=7)
    assert [t.bots for t in tasks] == [("A", "B"), ("B", "A")] * 3
    assert [t.deal for t in tasks] == [0, 0, 1, 1, 2, 2]
    assert [t.index for t in tasks] == list(range(6))


def test_rotations_put_every_bot_in_every_seat_once():
    seatings = rotations(("A", "B", "C", "D"))
    assert len(seatings) == 4
    for seat in range(4):
        assert sorted(s[seat] for s in seatings) == ["A", "B", "C", "D"]


def test_two_bots_in_three_seats_play_both_lineups_balanced():
    assert lineups(["A", "B"], 3) == [("A", "B", "B"), ("B", "A", "A")]
    tasks = match_tasks("splendor_marvel", ["A", "B"], 3, 1, run_seed=1)
    assert len(tasks) == 6
    seats = Counter((seat, bot) for t in tasks for seat, bot in enumerate(t.bots))
    assert all(seats[(seat, bot)] == 3 for seat in range(3) for bot in "AB")


def test_wrong_bot_count_is_rejected():
    with pytest.raises(ValueError, match="cannot fill"):
        lineups(["A", "B", "C"], 4)


def test_set_up_and_chance_seeds_are_shared_within_a_deal_and_differ_between_deals():
    tasks = match_tasks("splendor_marvel", ["A", "B"], 2, 4, run_seed=3)
    for deal in range(4):
        same = [t for t in tasks if t.deal == deal]
        assert len({t.setup_seed for t in same}) == 1
        assert len({t.chance_seed for t in same}) == 1
    assert len({t.setup_seed for t in tasks}) == 4
    assert len({t.setup_seed for t in tasks} | {t.chance_seed for t in tasks}) == 8
    bot_seeds = [s for t in tasks for s in t.bot_seeds]
    assert len(set(bot_seeds)) == len(bot_seeds)


def test_seeds_depend_on_the_run_seed_only():
    one = match_tasks("splendor_marvel", ["A", "B"], 2, 2, run_seed=5)
    two = match_tasks("splendor_marvel", ["A", "B"], 2, 2, run_seed=5)
    other = match_tasks("splendor_marvel", ["A", "B"], 2, 2, run_seed=6)
    assert one == two
    assert one[0].setup_seed != other[0].setup_seed


def test_ladder_pairs_every_bot_with_every_other_once():
    assert ladder_pairings(["r", "g", "p", "i"]) == [
        ("r", "g"), ("r", "p"), ("r", "i"), ("g", "p"), ("g", "i"), ("p", "i"),
    ]  # fmt: skip
