"""Power effects: conditional reveal bonuses, attack-only bonuses, flag bonuses, bench auras."""

from __future__ import annotations

import pytest

from games.challengers import match
from games.challengers.power import attack_power, defence_power

from .helpers import T, duel, open_match, run

# (card, its bench, expected bonus kept from the reveal)
REVEAL_BONUSES = [
    ("mascot", ("pig", "cat", "newcomer"), 3),  # icons: Castle, Film Studio, City
    ("jester", ("newcomer",), 3),
    ("jester", ("pig",), 0),
    ("stable-boy", ("pig", "dog@s", "cat"), 3),  # one per card of base power 3
    ("hermit", ("pig",), 2),
    ("hermit", ("newcomer",), 0),  # starter cards carry the City icon
    ("mime", ("pig", "cat"), 4),  # four empty seats
    ("teenager", ("spider", "ghost", "pig"), 2),
    ("merman", ("parrot",), 3),
    ("merman", ("pig",), 0),
]


@pytest.mark.parametrize(("card", "bench", "bonus"), REVEAL_BONUSES)
def test_reveal_bonus_is_evaluated_once_and_kept_on_the_flag(card: str, bench: tuple[str, ...],
                                                             bonus: int) -> None:
    s = duel([card], ["newcomer"], bench_a=bench,
             sets=("castle", "film_studio", "funfair", "haunted_house", "shipwreck"))
    open_match(s, 0)
    assert s.play_bonus[0] == [bonus]
    base = {"mascot": 2, "jester": 1, "stable-boy": 2, "hermit": 2, "mime": 1,
            "teenager": 2, "merman": 1}[card]
    assert defence_power(s, 0) == base + bonus
    s.benches[0] = []  # the bench changes later: the bonus stays
    assert defence_power(s, 0) == base + bonus


def test_lifeguard_counts_cards_left_after_it_left_the_deck() -> None:
    s = duel(["lifeguard", "newcomer"], ["newcomer"])
    open_match(s, 0)
    assert s.play_bonus[0] == [2]
    s = duel(["lifeguard", "newcomer", "newcomer"], ["newcomer"])
    open_match(s, 0)
    assert s.play_bonus[0] == [0]


def test_knight_has_plus_one_per_opponent_trophy_only_while_attacking() -> None:
    s = duel(["champion@s", "newcomer"], ["knight", "newcomer"])
    s.trophies[0] = [1 << 2, 2 << 2]
    open_match(s, 0)
    match.step(s, __import__("random").Random(0))  # first flag gain
    match.step(s, __import__("random").Random(0))  # B reveals the Knight
    assert attack_power(s, 1) == 5  # 3 + 2 trophies, beats the Champion (4)
    run(s)
    assert s.attacker == 0 and defence_power(s, 1) == 3  # as defender the bonus is gone


def test_gangster_plus_two_only_in_attack() -> None:
    s = duel(["champion@s", "newcomer"], ["gangster"])
    open_match(s, 0)
    run(s)
    assert s.in_play[1] == [T("gangster")] and defence_power(s, 1) == 2  # won with 2+2 >= 4


@pytest.mark.parametrize(("card", "extra"), [("skeleton", 1), ("treasure", 2)])
def test_flag_possession_bonus(card: str, extra: int) -> None:
    s = duel([card], ["newcomer"], sets=("castle", "film_studio", "funfair", "haunted_house",
                                         "shipwreck"))
    open_match(s, 0)
    assert defence_power(s, 0) == 2 + extra


def test_illusionist_counts_empty_seats_live() -> None:
    s = duel(["illusionist"], ["newcomer"], bench_a=("pig",))
    open_match(s, 0)
    assert defence_power(s, 0) == 5 + 5
    s.benches[0].append([T("cat")])
    assert defence_power(s, 0) == 5 + 4


def _attack_with(card: str, bench: tuple[str, ...]) -> int:
    s = duel(["t-rex"], [card, "newcomer"], bench_b=bench)
    open_match(s, 0)
    run(s)
    return attack_power(s, 1)


def test_blacksmith_city_cards_plus_one_attack_and_defence() -> None:
    assert _attack_with("newcomer", ("blacksmith",)) == (1 + 1) + (1 + 1)  # two Newcomers
    s = duel(["newcomer"], ["pig"], bench_a=("blacksmith", "blacksmith"))
    open_match(s, 0)
    assert defence_power(s, 0) == 3  # two Blacksmiths add up


def test_bard_every_attacking_card_plus_one() -> None:
    assert _attack_with("pig", ("bard",)) == (3 + 1) + (1 + 1)
    s = duel(["pig"], ["newcomer"], bench_a=("bard",))
    open_match(s, 0)
    assert defence_power(s, 0) == 3  # not in defence


def test_make_up_artist_power_one_cards_plus_two_in_attack() -> None:
    assert _attack_with("clown", ("make-up-artist",)) == (1 + 2) + (1 + 2)


def test_director_film_studio_cards_plus_one_in_attack() -> None:
    assert _attack_with("cat", ("director",)) == (3 + 1) + 1


def test_vendor_funfair_cards_plus_one() -> None:
    assert _attack_with("pony", ("vendor",)) == 4 + 1
    s = duel(["pony"], ["newcomer"], bench_a=("vendor",))
    open_match(s, 0)
    assert defence_power(s, 0) == 4


def test_ai_power_two_cards_plus_one() -> None:
    assert _attack_with("talent@a", ("a-i",)) == 3 + 1


def test_band_outer_space_cards_plus_one() -> None:
    assert _attack_with("cow", ("band",)) == 4 + 1


def test_cook_flag_card_plus_one() -> None:
    s = duel(["pig"], ["newcomer"], bench_a=("cook",),
             sets=("castle", "film_studio", "funfair", "haunted_house", "shipwreck"))
    open_match(s, 0)
    assert defence_power(s, 0) == 4
    assert _attack_with("pig", ("cook",)) == 4  # not in attack


def test_cyborg_power_is_the_round() -> None:
    s = duel(["cyborg"], ["newcomer"], round=5)
    open_match(s, 0)
    assert defence_power(s, 0) == 5


def test_cyborg_friend_counts_cyborgs_on_robot_bench() -> None:
    s = duel(["cyborg-friend"], ["newcomer"], bench_a=("cyborg", "cyborg"))
    open_match(s, 0)
    assert s.play_bonus[0] == [2]


def test_mechanic_counts_level_b_cards_on_opponent_bench() -> None:
    s = duel(["mechanic"], ["newcomer"], bench_b=("horse", "knight", "pig"))
    open_match(s, 0)
    assert s.play_bonus[0] == [2]


def test_autocorrect_minus_one_per_icon_on_opponent_bench() -> None:
    s = duel(["autocorrect"], ["newcomer"], bench_b=("horse", "cat", "newcomer"))
    open_match(s, 0)
    assert defence_power(s, 0) == 7 - 3


def test_robo_knight_counts_opponent_trophies_in_attack() -> None:
    s = duel(["champion@s", "newcomer"], ["robo-knight"])
    s.trophies[0] = [1 << 2]
    open_match(s, 0)
    run(s)
    assert s.in_play[1] == [T("robo-knight")]  # 3 + 1 >= 4
