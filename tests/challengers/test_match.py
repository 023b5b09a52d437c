"""Match rules: attack, flag, bench seats, losses, who starts, return of cards."""

from __future__ import annotations

import random

from games.challengers import flow, match
from games.challengers.power import attack_power, defence_power
from games.challengers.state import Phase
from games.challengers.zones import bench_card

from .helpers import T, duel, keys, open_match, run


def test_attack_stops_when_equal_and_flag_moves_to_last_card() -> None:
    # A opens with Dog (3); B reveals Newcomer (1), Talent (2): 3 >= 3, B takes the flag.
    s = duel(["dog@s", "champion@s"], ["newcomer", "talent@s", "champion@s"])
    open_match(s, 0)
    s.match_step = match.M_FIRST_GAIN
    match.step(s, random.Random(0))  # flag-gain of the first card; B now attacks
    match.step(s, random.Random(0))  # reveal Newcomer
    match.step(s, random.Random(0))  # compare 1 < 3
    assert s.match_step == match.M_REVEAL
    match.step(s, random.Random(0))  # reveal Talent
    match.step(s, random.Random(0))  # compare 3 >= 3
    match.step(s, random.Random(0))  # capture
    assert keys(s.in_play[1]) == ["newcomer", "talent@s"]
    assert defence_power(s, 1) == 2  # only the top card defends
    assert keys(s.benches[0][0]) == ["dog@s"]
    assert s.attacker == 0


def test_loses_when_attacker_must_reveal_from_empty_deck() -> None:
    s = duel(["champion@s"], ["newcomer"])
    open_match(s, 0)
    run(s)
    assert s.loser == 1


def test_starter_with_empty_deck_loses() -> None:
    s = duel([], ["newcomer"])
    s.match_step = match.M_START
    s.trophies[0] = [1 << 2]  # A holds a trophy, so A starts
    run(s)
    assert s.loser == 0


def test_loses_when_no_fitting_bench_seat() -> None:
    full = ("pig", "cat", "pony", "spider", "cow", "horse")
    s = duel(["newcomer", "champion@s"], ["dog@s"], bench_a=full)
    open_match(s, 0)
    run(s)  # B's Dog beats the Newcomer; the Newcomer finds no seat
    assert s.loser == 0


def test_same_name_cards_share_a_seat() -> None:
    s = duel(["newcomer"], ["dog@s"], bench_a=("pig", "cat", "pony", "spider", "cow", "talent@a"))
    assert bench_card(s, 0, T("talent@s"))  # starter Talent joins the City Talent's seat
    assert len(s.benches[0]) == 6 and keys(s.benches[0][5]) == ["talent@a", "talent@s"]
    assert not bench_card(s, 0, T("newcomer"))


def test_seat_freed_when_its_last_card_leaves() -> None:
    s = duel(["sorcerer"], ["newcomer"], bench_a=("pig",))
    open_match(s, 0)
    assert s.pending_kind  # Sorcerer offers to exhaust the Pig
    from games.challengers.actions import Action
    from games.challengers.decisions import resolve

    resolve(s, Action.parse("exhaust:pig"))
    assert s.benches[0] == [] and keys(s.exhausted[0]) == ["pig"]


def test_who_starts_highest_trophy_round() -> None:
    s = duel(["newcomer"], ["newcomer"])
    s.trophies[0] = [1 << 2, 2 << 2]
    s.trophies[1] = [3 << 2]
    assert match.starter(s, random.Random(0)) == 1


def test_who_starts_random_on_equal_or_no_trophies() -> None:
    s = duel(["newcomer"], ["newcomer"])
    seen = {match.starter(s, random.Random(i)) for i in range(20)}
    assert seen == {0, 1}
    s.trophies[0], s.trophies[1] = [2 << 2 | 0], [2 << 2 | 1]
    assert {match.starter(s, random.Random(i)) for i in range(20)} == {0, 1}


def test_cards_return_to_deck_after_match_but_removed_cards_do_not() -> None:
    s = duel(["rescue-pod", "newcomer"], ["dog@s", "champion@s"], bench_a=("pig",))
    s.exhausted[0] = [T("cat")]
    s.match_public[0].append(T("cat"))
    before = len(s.match_public[0])
    open_match(s, 0)
    run(s)  # the Dog takes the pod's flag: the pod leaves, a B card joins A's exhaust pile
    run(s)
    assert T("rescue-pod") in s.box
    assert s.loser >= 0
    match.gather(s, 0)
    assert len(s.decks[0]) == before  # pod gone, B card gained
    assert T("cat") in s.decks[0] and T("pig") in s.decks[0]
    assert s.benches[0] == [] and s.exhausted[0] == [] and s.draws[0] == []


def test_match_end_awards_round_trophy_and_gathers_decks() -> None:
    rng = random.Random(3)
    s = duel(["champion@s"], ["newcomer"], round=2)
    s.trophy_fans = [[2, 2, 2, 3] for _ in range(7)]
    open_match(s, 0)
    run(s)
    assert s.loser == 1
    flow.advance(s, rng)
    assert s.trophies[0] == [2 << 2 | 0]
    assert s.phase != Phase.MATCH or s.side_a != 0 or s.draws[1] != []


def test_attack_power_counts_all_revealed_cards() -> None:
    s = duel(["horse"], ["newcomer", "talent@s", "newcomer"])
    open_match(s, 0)
    run(s)
    assert attack_power(s, 1) == 4 and s.loser == 1  # 1+2+1 < 5 and B ran out of cards
