"""Action notation: it parses, prints and round-trips; describe() speaks plain words."""

from __future__ import annotations

import random

import pytest

from games.challengers import Action, Challengers, describe, new_game, render
from games.challengers.actions import option, order
from games.challengers.evaluators import LOGISTIC

from .helpers import T


def test_notation_round_trips_over_whole_games() -> None:
    game = Challengers()
    for n in (1, 3, 5):
        s = new_game(n, n)
        rng = random.Random(n)
        while not game.is_terminal(s):
            for action in game.legal_actions(s):
                assert Action.parse(str(action)) is action
                assert describe(action, s)
            game.apply(s, LOGISTIC.rollout_action(s, rng), rng)


def test_examples() -> None:
    assert str(option(1, 1)) == "opt:1B"
    assert Action.parse("pick:talent@a").arg == T("talent@a")
    assert str(order(T("pig"), T("cat"), T("newcomer"))) == "order:pig,cat,newcomer"
    assert repr(Action.parse("redraw")) == "Action.parse('redraw')"
    assert Action.parse("PICK:Dog@B") == Action.parse("pick:dog@b")
    geek = Action.parse("pick:sci-fi-geek+pay:cow,band")
    assert geek.cards() == (T("sci-fi-geek"), T("cow"), T("band"))
    assert geek.paid() == (T("cow"), T("band")) and geek.card == T("sci-fi-geek")
    assert str(geek) == "pick:sci-fi-geek+pay:cow,band"
    assert Action.parse("pick:shapeshifter").paid() == ()
    assert "removing Newcomer" in describe(Action.parse("pick:shapeshifter+pay:newcomer"))


@pytest.mark.parametrize("text", ["", "jump", "pick:nobody", "opt:2Z", "order:pig", "done:x",
                                  "pay:cow", "pick:cow+pay:", "pick:cow+pay:a,b,c",
                                  "pick:sci-fi-geek+pay:cow,band,cow"])
def test_bad_notation_raises(text: str) -> None:
    with pytest.raises(ValueError):
        Action.parse(text)


def test_actions_are_hashable_ints_with_stable_identity() -> None:
    assert hash(Action.parse("pick:pig")) == hash(Action.parse("pick:pig"))
    assert {Action.parse("pass"), Action.parse("pass")} == {Action.parse("pass")}


def test_render_shows_the_table() -> None:
    text = render(new_game(2, 0))
    assert "Round 1" in text and "seat 0" in text and "Offer" in text


def test_actions_named_by_requests_cannot_grow_the_interned_cache_without_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from games.challengers import actions

    cache = dict(actions._CACHE)  # this test's own, so other tests keep their identities
    monkeypatch.setattr(actions, "_CACHE", cache)
    cards = range(45)  # 91,125 distinct picks paying with two cards
    for card in cards:
        for first in cards:
            for second in cards:
                action = actions.pick(card, first, second)
                assert action == Action.parse(str(action))
    assert len(cache) == actions.MAX_INTERNED
