"""Deck phase: options, offers, redraw before/after the first pick, picked effects, trimming."""

from __future__ import annotations

import random

from games.challengers import draft, flow
from games.challengers.actions import Action
from games.challengers.catalogue import KEY, LEVEL, OFFER_SIZE, SCHEDULE
from games.challengers.setup import new_state
from games.challengers.state import PH_PAID, DraftStep, Phase, State

from .helpers import T

A = Action.parse


def fresh(players: int = 2, round: int = 1, seed: int = 0) -> tuple[State, random.Random]:
    rng = random.Random(seed)
    s = new_state(players, rng, ("castle", "film_studio", "funfair", "haunted_house",
                                 "outer_space"))
    s.round = round
    flow.advance(s, rng)
    return s, rng


def test_schedule_matches_the_tournament_plan() -> None:
    assert SCHEDULE == (((0, 2),), ((0, 2),), ((0, 2), (1, 1)), ((0, 2), (1, 2)), ((1, 2),),
                        ((1, 2), (2, 1)), ((2, 2),))


def test_round_with_one_option_starts_with_an_offer_of_five() -> None:
    s, _ = fresh()
    assert s.phase == Phase.DECK and s.draft_step == DraftStep.PICK and len(s.offer) == OFFER_SIZE
    assert [str(a) for a in flow.legal_actions(s)][-1] == "redraw"


def test_round_with_two_options_asks_first() -> None:
    s, rng = fresh(round=3)
    assert s.draft_step == DraftStep.OPTION
    assert [str(a) for a in flow.legal_actions(s)] == ["opt:2A", "opt:1B"]
    flow.apply(s, A("opt:1B"), rng)
    assert s.option_pile == 1 and s.picks_left == 1 and len(s.offer) == 5


def test_two_picks_discard_four_and_draw_four() -> None:
    s, rng = fresh()
    offer = list(s.offer)
    pick = Action.parse("pick:" + KEY[offer[0]])
    flow.apply(s, pick, rng)
    assert s.draft_step == DraftStep.PICK and len(s.offer) == 4
    assert sorted(s.discards[0]) == sorted(offer[1:]) and set(s.discard_tags[0]) == {0}


def test_redraw_before_first_pick() -> None:
    s, rng = fresh()
    flow.apply(s, A("redraw"), rng)
    assert s.redraw_used and len(s.offer) == 5 and len(s.discards[0]) == 5
    assert "redraw" not in [str(a) for a in flow.legal_actions(s)]


def test_redraw_after_first_pick_replaces_the_four_card_offer() -> None:
    s, rng = fresh()
    flow.apply(s, flow.legal_actions(s)[0], rng)
    flow.apply(s, A("redraw"), rng)
    assert len(s.offer) == 4 and len(s.discards[0]) == 8 and s.picks_left == 1


def test_discard_shuffled_back_when_pile_runs_out() -> None:
    s, rng = fresh()
    s.discards[0], s.discard_tags[0] = s.piles[0][:-3], [0] * (len(s.piles[0]) - 3)
    s.piles[0] = s.piles[0][-3:]
    s.offer = []
    draft.choose_option(s, 0, 2, rng)
    assert len(s.offer) == 5 and s.discard_tags[0] == []


def test_trimming_level_cards_to_discard_and_starters_to_box() -> None:
    s, rng = fresh()
    flow.apply(s, flow.legal_actions(s)[0], rng)
    flow.apply(s, flow.legal_actions(s)[0], rng)
    assert s.draft_step == DraftStep.TRIM
    flow.apply(s, A("trim:newcomer"), rng)
    assert s.box == [T("newcomer")] and s.phase_counters[0][6] == 1
    level_card = next(c for c in s.decks[0] if c not in (0, 1, 2, 3))
    flow.apply(s, A("trim:" + KEY[level_card]), rng)
    assert s.discards[LEVEL[level_card] - 1][-1] == level_card
    flow.apply(s, A("done"), rng)
    assert s.turn == 1


def test_clones_gives_a_fan_when_picked() -> None:
    s, rng = fresh(round=5)
    s.offer = [T("clones"), *s.offer[1:]]
    flow.apply(s, A("pick:clones"), rng)
    assert s.fans[0] == 1


def test_shapeshifter_may_pay_a_card_for_an_extra_pick() -> None:
    s, rng = fresh()
    s.offer = [T("shapeshifter"), T("pig"), T("cat"), T("pony"), T("cow")]
    legal = [str(a) for a in flow.legal_actions(s)]
    # one decision: pick it plain, or pick it and pay with any deck card but itself
    assert "pick:shapeshifter" in legal and "pick:shapeshifter+pay:newcomer" in legal
    assert not any(m.startswith("pick:shapeshifter+pay:shapeshifter") for m in legal)
    assert not any("+pay:" in m for m in legal if not m.startswith("pick:shapeshifter"))
    flow.apply(s, A("pick:shapeshifter+pay:newcomer"), rng)
    assert s.draft_step == DraftStep.EXTRA
    assert sorted(s.offer) == sorted([T("pig"), T("cat"), T("pony"), T("cow")])
    assert "redraw" not in [str(a) for a in flow.legal_actions(s)]
    assert s.phase_counters[0][PH_PAID] == 1 and s.box[-1] == T("newcomer")
    flow.apply(s, A("pick:pig"), rng)
    assert s.picks_left == 1 and len(s.offer) == 4  # the regular second pick follows
    assert s.decks[0].count(T("newcomer")) == 2 and T("pig") in s.decks[0]


def test_shapeshifter_picked_plain_keeps_the_deck() -> None:
    s, rng = fresh()
    s.offer = [T("shapeshifter"), T("pig"), T("cat"), T("pony"), T("cow")]
    flow.apply(s, A("pick:shapeshifter"), rng)
    assert s.draft_step == DraftStep.PICK
    assert len(s.decks[0]) == 7 and s.phase_counters[0][PH_PAID] == 0


def test_shapeshifter_cannot_pay_without_a_card_left_in_the_offer() -> None:
    s, _ = fresh()
    s.offer = [T("shapeshifter")]
    assert [str(a) for a in flow.legal_actions(s)] == ["pick:shapeshifter", "redraw"]


def test_sci_fi_geek_needs_two_outer_space_cards() -> None:
    s, _ = fresh(round=7)
    s.decks[0] += [T("cow")]
    s.offer = [T("sci-fi-geek"), T("slime"), T("dragon"), T("bard"), T("prince")]
    assert not any("+pay:" in str(a) for a in flow.legal_actions(s))  # one Outer Space card
    s, rng = fresh(round=7)
    s.decks[0] += [T("cow"), T("band"), T("band")]
    s.offer = [T("sci-fi-geek"), T("slime"), T("dragon"), T("bard"), T("prince")]
    geek = [str(a) for a in flow.legal_actions(s) if str(a).startswith("pick:sci-fi-geek")]
    assert geek == ["pick:sci-fi-geek", "pick:sci-fi-geek+pay:cow,band",
                    "pick:sci-fi-geek+pay:band,band"]
    flow.apply(s, A("pick:sci-fi-geek+pay:cow,band"), rng)
    assert s.draft_step == DraftStep.EXTRA and s.box[-2:] == [T("cow"), T("band")]
    assert s.decks[0].count(T("band")) == 1 and T("cow") not in s.decks[0]
    flow.apply(s, A("pick:dragon"), rng)
    assert T("dragon") in s.decks[0] and T("sci-fi-geek") in s.decks[0]


def test_players_draft_one_after_another_in_seat_order() -> None:
    s, rng = fresh(players=3)
    seen = []
    while s.phase == Phase.DECK and s.round == 1:
        seen.append(flow.current_player(s))
        flow.apply(s, flow.legal_actions(s)[-1] if s.draft_step == DraftStep.TRIM else
                   flow.legal_actions(s)[0], rng)
    assert seen == sorted(seen) and set(seen) == {0, 1, 2}  # the robot never drafts
