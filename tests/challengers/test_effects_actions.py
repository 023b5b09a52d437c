"""Effects that move cards, with their timing and the owner's choices."""

from __future__ import annotations

import random

from games.challengers import match
from games.challengers.actions import Action
from games.challengers.decisions import legal, resolve
from games.challengers.power import attack_power
from games.challengers.state import OWNER_KNOWS

from .helpers import T, duel, keys, open_match, run

A = Action.parse


def choices(s: object) -> list[str]:
    return [str(a) for a in legal(s)]  # type: ignore[arg-type]


def top_first(s: object, p: int) -> list[str]:
    return keys(list(reversed(s.draws[p])))  # type: ignore[attr-defined]


def test_reporter_owner_chooses_which_goes_on_top() -> None:
    s = duel(["reporter", "pig", "cat", "newcomer"], ["newcomer"])
    open_match(s, 0)
    assert s.pending_participant == 0 and choices(s) == ["top:pig", "top:cat"]
    assert all(c & OWNER_KNOWS for c in s.draws[0][-2:])
    resolve(s, A("top:cat"))
    assert top_first(s, 0) == ["cat", "newcomer", "pig"]


def test_reporter_with_one_card_does_nothing() -> None:
    s = duel(["reporter", "pig"], ["newcomer"])
    open_match(s, 0)
    assert s.pending_kind == 0


def test_navigator_on_flag_loss() -> None:
    s = duel(["navigator", "pig", "cat", "newcomer"], ["champion@s"],
             sets=("castle", "film_studio", "funfair", "haunted_house", "shipwreck"))
    open_match(s, 0)
    assert s.pending_kind == 0  # nothing on reveal
    run(s)
    assert s.pending_participant == 0 and s.match_step == match.M_CAPTURE
    resolve(s, A("top:cat"))
    assert top_first(s, 0) == ["cat", "newcomer", "pig"]


def test_juggler_and_bumper_car_return_three_in_any_order() -> None:
    for card in ("juggler", "bumper-car"):
        s = duel([card, "pig", "cat", "pony", "newcomer"], ["newcomer"])
        open_match(s, 0)
        assert len(choices(s)) == 6
        resolve(s, A("order:pony,pig,cat"))
        assert top_first(s, 0) == ["pony", "pig", "cat", "newcomer"]


def test_juggler_same_cards_give_distinct_orders_only() -> None:
    s = duel(["juggler", "pig", "pig", "cat"], ["newcomer"])
    open_match(s, 0)
    assert len(choices(s)) == 3


def test_fan_bus_two_fans_with_three_trophies_or_fewer() -> None:
    s = duel(["fan-bus"], ["newcomer"])
    s.trophies[0] = [1 << 2, 2 << 2, 3 << 2]
    open_match(s, 0)
    assert s.fans[0] == 2
    s = duel(["fan-bus"], ["newcomer"])
    s.trophies[0] = [1 << 2, 2 << 2, 3 << 2, 4 << 2]
    open_match(s, 0)
    assert s.fans[0] == 0


def test_sorcerer_may_exhaust_power_three_or_less() -> None:
    s = duel(["sorcerer"], ["newcomer"], bench_a=("horse", "pig", "newcomer"))
    open_match(s, 0)
    assert choices(s) == ["exhaust:pig", "exhaust:newcomer", "pass"]
    resolve(s, A("pass"))
    assert s.pending_kind == 0 and len(s.benches[0]) == 3


def test_movie_star_up_to_two_newcomers_on_top() -> None:
    s = duel(["movie-star", "pig"], ["newcomer"], bench_a=("newcomer", "newcomer", "newcomer"))
    open_match(s, 0)
    assert choices(s) == ["top:newcomer", "pass"]
    resolve(s, A("top:newcomer"))
    resolve(s, A("top:newcomer"))
    assert s.pending_kind == 0 and top_first(s, 0) == ["newcomer", "newcomer", "pig"]
    assert keys(s.benches[0][0]) == ["newcomer"]


def test_butler_and_vacuum_cleaner_up_to_two_bench_cards() -> None:
    for card in ("butler", "vacuum-cleaner"):
        s = duel([card], ["newcomer"], bench_a=("horse", "pig", "pig"))
        open_match(s, 0)
        resolve(s, A("exhaust:pig"))
        assert s.pending_kind  # may take a second one
        resolve(s, A("exhaust:horse"))
        assert s.pending_kind == 0 and keys(s.benches[0][0]) == ["pig"]
        assert sorted(keys(s.exhausted[0])) == ["horse", "pig"]


def test_ghost_and_virtual_ghost_exhaust_opponents_top_card() -> None:
    for card in ("ghost", "virtual-ghost"):
        s = duel([card], ["cat", "newcomer"])
        open_match(s, 0)
        assert keys(s.exhausted[1]) == ["cat"] and top_first(s, 1) == ["newcomer"]


def test_necromancer_must_return_a_power_two_card() -> None:
    s = duel(["necromancer", "pig"], ["newcomer"], bench_a=("talent@s", "gangster", "pig"))
    open_match(s, 0)
    assert choices(s) == ["top:talent@s", "top:gangster"]
    resolve(s, A("top:gangster"))
    assert top_first(s, 0) == ["gangster", "pig"]


def test_vampire_must_return_a_level_b_card() -> None:
    s = duel(["vampire"], ["newcomer"], bench_a=("horse", "pig"))
    open_match(s, 0)
    assert choices(s) == ["top:horse"]  # mandatory: no "pass"
    resolve(s, A("top:horse"))
    assert top_first(s, 0) == ["horse"]

def test_villain_puts_unseen_a_card_on_top() -> None:
    s = duel(["villain", "pig"], ["newcomer"])
    top_a = s.piles[0][-1]
    open_match(s, 0)
    assert s.draws[0][-1] == top_a and s.hidden_adds[0] == [1, 0, 0]


def test_ufo_puts_two_a_cards_under_the_deck() -> None:
    s = duel(["ufo", "pig"], ["newcomer"])
    first, second = s.piles[0][-1], s.piles[0][-2]
    open_match(s, 0)
    assert s.draws[0][:3] == [second, first, T("pig")]


def test_hologram_gives_opponent_a_b_card_on_top() -> None:
    s = duel(["hologram"], ["newcomer"])
    top_b = s.piles[1][-1]
    open_match(s, 0)
    assert s.draws[1][-1] == top_b and s.hidden_adds[1] == [0, 1, 0]


def test_robogram_gives_robot_opponent_an_a_card() -> None:
    s = duel(["robogram"], ["newcomer"])
    top_a = s.piles[0][-1]
    open_match(s, 0)
    assert s.draws[1][-1] == top_a


def test_sailor_puts_any_card_at_the_bottom() -> None:
    s = duel(["sailor", "pig", "cat", "newcomer"], ["newcomer"],
             sets=("castle", "film_studio", "funfair", "haunted_house", "shipwreck"))
    open_match(s, 0)
    assert choices(s) == ["bottom:newcomer", "bottom:pig", "bottom:cat"]
    resolve(s, A("bottom:pig"))
    assert top_first(s, 0) == ["cat", "newcomer", "pig"]


def test_clairvoyant_on_flag_loss_puts_any_card_on_top() -> None:
    s = duel(["clairvoyant", "pig", "cat", "pony"], ["rubber-duck"])
    open_match(s, 0)
    run(s)
    assert s.pending_participant == 0
    resolve(s, A("top:pony"))
    assert top_first(s, 0) == ["pony", "pig", "cat"]


def test_siren_may_exhaust_an_opponent_bench_card() -> None:
    s = duel(["siren"], ["newcomer"], bench_b=("pig", "cat"),
             sets=("castle", "film_studio", "funfair", "haunted_house", "shipwreck"))
    open_match(s, 0)
    assert s.pending_participant == 0 and choices(s) == ["exhaust:pig", "exhaust:cat", "pass"]
    resolve(s, A("exhaust:cat"))
    assert keys(s.exhausted[1]) == ["cat"] and len(s.benches[1]) == 1


def test_submarine_exhausts_own_bottom_card() -> None:
    s = duel(["submarine", "pig", "cat"], ["newcomer"],
             sets=("castle", "film_studio", "funfair", "haunted_house", "shipwreck"))
    open_match(s, 0)
    assert keys(s.exhausted[0]) == ["cat"] and top_first(s, 0) == ["pig"]


def test_pyrotechnician_two_fans_with_at_most_one_card_left() -> None:
    s = duel(["pyrotechnician", "pig"], ["newcomer"])
    open_match(s, 0)
    assert s.fans[0] == 2


def test_drone_robot_opponent_chooses_a_bench_card_to_exhaust() -> None:
    s = duel(["drone"], ["newcomer"], bench_b=("pig", "cat"))
    open_match(s, 0)
    assert s.pending_participant == 1 and choices(s) == ["exhaust:pig", "exhaust:cat"]
    resolve(s, A("exhaust:pig"))
    assert keys(s.exhausted[1]) == ["pig"]


def test_necromech_robot_opponent_may_return_a_power_two_card() -> None:
    s = duel(["necromech"], ["newcomer"], bench_b=("talent@s", "pig"))
    open_match(s, 0)
    assert s.pending_participant == 1 and choices(s) == ["top:talent@s", "pass"]
    resolve(s, A("top:talent@s"))
    assert top_first(s, 1) == ["talent@s", "newcomer"]


def test_clown_and_heroine_fans_when_taking_the_flag() -> None:
    for card, fans in (("clown", 2), ("heroine", 3)):
        s = duel([card], ["newcomer"])
        open_match(s, 0)
        match.step(s, random.Random(0))  # the first card gets the flag
        assert s.fans[0] == fans
        s = duel(["dragon", "newcomer"], [card, "newcomer"])
        open_match(s, 0)
        run(s)  # revealed in an attack that does not take the flag: no fans
        assert s.fans[1] == 0


def test_cowboy_opponent_benches_top_card_when_it_takes_the_flag() -> None:
    s = duel(["newcomer", "pig"], ["cowboy"])
    open_match(s, 0)
    run(s)
    assert s.in_play[1] == [T("cowboy")]
    assert sorted(keys(c for seat in s.benches[0] for c in seat)) == ["newcomer", "pig"]


def test_cowboy_bench_without_seat_loses() -> None:
    full = ("cat", "pony", "spider", "cow", "horse", "newcomer")
    s = duel(["newcomer", "pig"], ["cowboy"], bench_a=full)
    open_match(s, 0)
    run(s)
    assert s.loser == 0


def test_prince_goes_to_exhaust_instead_of_bench() -> None:
    s = duel(["prince"], ["dragon"])
    open_match(s, 0)
    run(s)
    assert keys(s.exhausted[0]) == ["prince"] and s.benches[0] == []


def test_comic_character_next_card_plus_two_in_attack() -> None:
    s = duel(["comic-character", "newcomer"], ["lion", "newcomer"])
    open_match(s, 0)
    run(s)  # Lion takes the flag; Comic gives A's next card +2
    assert s.next_attack_bonus[0] == 0 and s.play_attack[0] == [2]
    assert attack_power(s, 0) >= 3


def test_rescue_pod_leaves_game_and_b_card_joins_exhaust() -> None:
    s = duel(["rescue-pod"], ["dog@s"])
    top_b = s.piles[1][-1]
    open_match(s, 0)
    run(s)
    assert T("rescue-pod") in s.box and s.exhausted[0] == [top_b] and s.benches[0] == []


def test_chatbot_flag_loss_gives_robot_opponent_a_fan() -> None:
    s = duel(["chatbot"], ["lion"])
    open_match(s, 0)
    run(s)
    assert s.fans[1] == 1
