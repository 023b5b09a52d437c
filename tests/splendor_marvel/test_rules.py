"""The rulebook's examples and rules, one test each, in the rulebook's words."""

from __future__ import annotations

import pytest

from games.splendor_marvel import Kind, Phase, apply, legal_actions, parse, why_illegal
from games.splendor_marvel.actions import (
    choose_location,
    recruit,
    reserve,
    reserve_blind,
    return_token,
    take,
    take_two,
)
from games.splendor_marvel.catalogue import (
    BLUE,
    CARD,
    GREEN,
    GREY,
    ORANGE,
    PURPLE,
    RED,
    YELLOW,
    location_by_label,
)
from games.splendor_marvel.state import SplendorState
from tests.splendor_marvel.helpers import (
    card,
    check_invariants,
    give_tokens,
    put_on_board,
    set_bonuses,
    table,
    take_card_into,
)


def gauntlet_ready(state: SplendorState, seat: int, points: int) -> None:
    """One bonus of every colour, the green token, and `points` printed points."""
    set_bonuses(state, seat, yellow=1, purple=1, blue=1, red=1, orange=1)
    give_tokens(state, seat, green=1)
    state.card_points[seat] = points


def test_hannah_pays_one_red_for_rocket() -> None:
    state = table()
    rocket = card("Rocket")
    put_on_board(state, rocket)
    set_bonuses(state, 0, yellow=1, red=1)
    give_tokens(state, 0, red=1, blue=2)
    apply(state, recruit(rocket))
    assert state.tokens[0][RED] == 0
    assert state.tokens[0][BLUE] == 2, "tokens the cost does not ask for stay"
    assert state.supply[RED] == 4, "the spent red token went back to the supply"
    assert rocket in state.tableau[0]
    assert state.bonuses[0][YELLOW] == 2
    check_invariants(state)


def test_ghost_rider_gives_two_points_and_a_red_bonus() -> None:
    ghost_rider = CARD[card("Ghost Rider")]
    assert ghost_rider is not None
    assert ghost_rider.cost == (2, 1, 4, 0, 0)  # 2 yellow, 1 purple, 4 blue
    state = table()
    put_on_board(state, ghost_rider.id)
    give_tokens(state, 0, yellow=2, purple=1, blue=4)
    apply(state, recruit(ghost_rider.id))
    assert state.points(0) == 2
    assert state.bonuses[0][RED] == 1
    assert sum(state.tokens[0]) == 0


def test_grey_pays_only_the_shortfall() -> None:
    state = table()
    zemo = card("Baron Zemo")  # costs 3 red
    put_on_board(state, zemo)
    give_tokens(state, 0, red=1, grey=3)
    apply(state, recruit(zemo))
    assert state.tokens[0][RED] == 0
    assert state.tokens[0][GREY] == 1, "two grey pay for the two missing red; one is kept"


def test_unaffordable_card_is_not_legal_and_says_why() -> None:
    state = table()
    zemo = card("Baron Zemo")
    put_on_board(state, zemo)
    give_tokens(state, 0, red=2)
    assert recruit(zemo) not in legal_actions(state)
    assert why_illegal(state, recruit(zemo)) == (
        "you cannot afford Baron Zemo (level 1, yellow bonus, 0 points): 1 token(s) short"
    )


def test_recruited_face_up_card_is_replaced_from_its_deck() -> None:
    state = table()
    zemo = card("Baron Zemo")
    put_on_board(state, zemo, slot=2)
    top = state.decks[0][-1]
    give_tokens(state, 0, red=3)
    apply(state, recruit(zemo))
    assert state.board[2] == top
    assert len(state.decks[0]) == 40 - 4 - 1


def test_peter_takes_knowhere_at_the_end_of_his_turn() -> None:
    state = table()
    knowhere = location_by_label("4A")
    assert knowhere.name == "Knowhere"
    other = location_by_label("1A").index
    state.locations_left = [other, knowhere.index]
    electro = card("Electro")  # red bonus, costs 1 red 2 orange
    put_on_board(state, electro)
    set_bonuses(state, 0, yellow=3, blue=3, red=2)
    give_tokens(state, 0, red=1, orange=2)
    apply(state, recruit(electro))
    assert state.locations_won[0] == [knowhere.index]
    assert state.locations_left == [other]
    assert state.points(0) == 3
    assert state.current == 1


def test_tokens_do_not_count_toward_locations() -> None:
    state = table()
    state.locations_left = [location_by_label("4A").index]
    set_bonuses(state, 0, yellow=3, blue=3, red=2)
    give_tokens(state, 0, red=3)
    apply(state, take(YELLOW, PURPLE, BLUE))
    assert state.locations_won[0] == []


def test_avengers_tile_tie_keeps_it_and_more_tags_take_it() -> None:
    state = table(3)
    hannah, julian, peter = 0, 1, 2
    state.tags = [4, 3, 3]
    state.avengers = hannah
    wasp, captain = card("Wasp"), card("Captain America")
    put_on_board(state, wasp)
    put_on_board(state, captain)
    state.current = julian
    give_tokens(state, julian, yellow=2, blue=1, orange=2)
    apply(state, recruit(wasp))
    assert state.tags[julian] == 4
    assert state.avengers == hannah, "4 ties 4: Hannah keeps the tile"
    assert state.current == peter
    give_tokens(state, peter, yellow=5, purple=3, blue=3, orange=3)
    apply(state, recruit(captain))
    assert state.tags[peter] == 5
    assert state.avengers == peter, "5 > 4: Peter takes the tile"
    assert state.points(peter) == 3 + 3
    assert state.points(hannah) == 0


def test_first_to_three_tags_takes_the_tile_at_once() -> None:
    state = table()
    state.tags = [2, 0]
    wasp = card("Wasp")
    put_on_board(state, wasp)
    give_tokens(state, 0, yellow=2, blue=1, orange=2)
    apply(state, recruit(wasp))
    assert state.avengers == 0
    assert state.points(0) == 3


def test_take_two_only_with_four_left() -> None:
    state = table()  # two players: four of each colour
    assert take_two(YELLOW) in legal_actions(state)
    apply(state, take(YELLOW, PURPLE, BLUE))
    assert state.supply[YELLOW] == 3
    assert take_two(YELLOW) not in legal_actions(state)
    assert take_two(RED) in legal_actions(state)
    assert "needs 4 in the supply, there are 3" in (why_illegal(state, take_two(YELLOW)) or "")


def test_take_three_different_or_fewer_only_when_fewer_colours_are_left() -> None:
    state = table()
    takes = [a for a in legal_actions(state) if a.kind is Kind.TAKE]
    assert len(takes) == 10, "C(5,3) ways to take three different colours"
    for colour in (YELLOW, PURPLE, BLUE):
        state.supply[colour] = 0
    takes = [a for a in legal_actions(state) if a.kind is Kind.TAKE]
    assert takes == [take(RED, ORANGE)]


def test_reserve_takes_grey_and_still_happens_with_none_left() -> None:
    state = table()
    target = state.board[5]
    apply(state, reserve(target))
    assert state.reserved[0] == [target]
    assert state.tokens[0][GREY] == 1
    state.supply[GREY], state.tokens[1][GREY] = 0, 4
    apply(state, reserve_blind(3))
    assert len(state.reserved[1]) == 1
    assert state.tokens[1][GREY] == 4, "no grey left: the reserve happens without one"
    assert state.reserved_public == [[True], [False]]
    check_invariants(state)


def test_at_most_three_reserved_cards() -> None:
    state = table()
    for i in range(3):
        take_card_into(state, state.decks[2][i], state.reserved[0])
        state.reserved_public[0].append(False)
    kinds = {a.kind for a in legal_actions(state)}
    assert Kind.RESERVE not in kinds and Kind.RESERVE_BLIND not in kinds
    assert why_illegal(state, reserve_blind(1)) == "you already hold 3 reserved cards"


def test_token_limit_returns_are_the_players_choice_and_green_never_goes_back() -> None:
    state = table()
    give_tokens(state, 0, yellow=2, purple=2, blue=2, red=2, green=1)
    apply(state, take(YELLOW, BLUE, ORANGE))
    assert state.phase is Phase.RETURN and state.current == 0
    options = legal_actions(state)
    assert return_token(GREEN - 1) in options
    assert all(a.kind is Kind.RETURN and a.arg != GREEN for a in options)
    apply(state, return_token(YELLOW))
    assert state.phase is Phase.RETURN, "11 tokens: one more to return"
    apply(state, return_token(RED))
    assert state.phase is Phase.MAIN and state.current == 1
    assert sum(state.tokens[0]) == 10 and state.tokens[0][GREEN] == 1
    check_invariants(state)


def test_one_location_per_turn_and_the_player_chooses() -> None:
    state = table()
    asgard, triskelion = location_by_label("3A"), location_by_label("2B")
    state.locations_left = [triskelion.index, asgard.index]
    set_bonuses(state, 0, yellow=3, purple=4, orange=4)
    apply(state, take(YELLOW, BLUE, RED))
    assert state.phase is Phase.LOCATION and state.current == 0
    assert legal_actions(state) == [
        choose_location(triskelion.index),
        choose_location(asgard.index),
    ]
    apply(state, choose_location(asgard.index))
    assert state.locations_won[0] == [asgard.index]
    assert state.current == 1
    apply(state, take(YELLOW, BLUE, RED))  # seat 1
    apply(state, take(PURPLE, BLUE, RED))  # seat 0: the other location now, at the turn's end
    assert state.locations_won[0] == [asgard.index, triskelion.index]


def test_pass_only_when_nothing_else_is_legal() -> None:
    state = table()
    assert parse("pass") not in legal_actions(state)
    for colour in range(5):
        state.tokens[1][colour] += state.supply[colour]
        state.supply[colour] = 0
    for i in range(3):
        take_card_into(state, state.decks[2][i], state.reserved[0])
        state.reserved_public[0].append(False)
    assert legal_actions(state) == [parse("pass")]


def test_end_of_round_single_holder_wins() -> None:
    state = table()
    gauntlet_ready(state, 0, 16)
    apply(state, take(YELLOW, BLUE, RED))
    assert state.end_triggered and state.result is None, "the round is played out"
    apply(state, take(YELLOW, BLUE, RED))
    assert state.result == (1.0, 0.0)


def test_last_seat_of_the_round_ends_the_game_at_once() -> None:
    state = table()
    gauntlet_ready(state, 1, 17)
    apply(state, take(YELLOW, BLUE, RED))
    apply(state, take(YELLOW, BLUE, RED))
    assert state.result == (0.0, 1.0)


def test_condition_is_judged_at_the_end_of_the_round() -> None:
    state = table(3)
    gauntlet_ready(state, 0, 16)
    gauntlet_ready(state, 2, 18)  # meets it too, without triggering first
    for _ in range(3):
        apply(state, take(YELLOW, BLUE, RED))
    assert state.result == (0.0, 0.0, 1.0), "most points among holders wins"


def test_tie_on_points_goes_to_the_avengers_tile() -> None:
    state = table(3)
    gauntlet_ready(state, 0, 17)
    gauntlet_ready(state, 1, 14)
    state.tags[1], state.avengers = 3, 1  # 14 + 3 for the tile = 17
    for _ in range(3):
        apply(state, take(YELLOW, BLUE, RED))
    assert state.result == (0.0, 1.0, 0.0)


def test_tie_without_the_tile_goes_to_fewest_cards() -> None:
    state = table()
    gauntlet_ready(state, 0, 16)
    gauntlet_ready(state, 1, 16)
    set_bonuses(state, 1, red=1)
    apply(state, take(YELLOW, BLUE, RED))
    apply(state, take(YELLOW, BLUE, RED))
    assert state.result == (1.0, 0.0)


def test_complete_tie_shares_the_win() -> None:
    state = table(3)
    gauntlet_ready(state, 0, 16)
    gauntlet_ready(state, 1, 16)
    for _ in range(3):
        apply(state, take(YELLOW, BLUE, RED))
    assert state.result == (0.5, 0.5, 0.0)


def test_special_rule_losing_the_tile_below_sixteen_means_play_goes_on() -> None:
    state = table()
    gauntlet_ready(state, 0, 13)
    state.tags[0], state.avengers = 3, 0  # 13 + 3 = 16
    apply(state, take(YELLOW, BLUE, RED))
    assert state.end_triggered
    captain = card("Captain America")
    put_on_board(state, captain)
    state.tags[1] = 2
    give_tokens(state, 1, yellow=3, purple=3, blue=3, orange=3, grey=2)
    apply(state, recruit(captain))  # seat 1 reaches 4 tags > 3: takes the tile
    assert state.avengers == 1 and state.points(0) == 13
    assert state.result is None and not state.end_triggered and state.round == 1


def test_first_time_stone_card_gives_the_green_token_once() -> None:
    state = table()
    drax, iron_fist = card("Drax"), card("Iron Fist")  # 7 orange; 7 red
    put_on_board(state, drax)
    put_on_board(state, iron_fist, slot=1)
    give_tokens(state, 0, orange=4, grey=3)
    apply(state, recruit(drax))
    assert state.tokens[0][GREEN] == 1
    state.current = 0
    give_tokens(state, 0, red=4, grey=3)
    apply(state, recruit(iron_fist))
    assert state.tokens[0][GREEN] == 1, "nobody holds more than one green token"
    check_invariants(state)


def test_every_player_passing_for_a_round_is_a_draw() -> None:
    state = table()
    state.board = [0] * 12
    state.decks = [[], [], []]
    hands = (
        ["Iron Fist", "Drax", "Black Bolt"],
        ["Doctor Octopus", "Doctor Strange", "Spider-Man"],
    )
    for seat, names in enumerate(hands):
        state.reserved[seat] = [card(name) for name in names]
        state.reserved_public[seat] = [True] * 3
    give_tokens(state, 0, yellow=4, purple=4, blue=2)
    give_tokens(state, 1, blue=2, red=4, orange=4)
    assert legal_actions(state) == [parse("pass")]
    apply(state, parse("pass"))
    assert legal_actions(state) == [parse("pass")]
    apply(state, parse("pass"))
    assert state.result == (0.5, 0.5)


def test_turn_cap_ends_in_a_draw() -> None:
    state = table()
    state.turn_cap = 1
    apply(state, take(YELLOW, BLUE, RED))
    apply(state, take(YELLOW, BLUE, RED))
    assert state.result == (0.5, 0.5)


@pytest.mark.parametrize(
    "text", ["take:YY", "take:YPBR", "take2:YP", "recruit:0", "jump:1", "pass:1"]
)
def test_bad_notation_is_rejected(text: str) -> None:
    with pytest.raises(ValueError):
        parse(text)
