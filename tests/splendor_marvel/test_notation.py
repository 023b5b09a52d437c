"""Action notation round-trips; descriptions are plain words."""

from __future__ import annotations

import pickle

from games.splendor_marvel import ALL_ACTIONS, Kind, describe, parse


def test_every_action_round_trips_through_its_notation() -> None:
    for action in ALL_ACTIONS.values():
        text = str(action)
        assert parse(text) is action
        assert eval(repr(action), {"parse": parse}) is action
        assert pickle.loads(pickle.dumps(action)) is action


def test_notation_examples() -> None:
    assert parse("take:ypb").notation() == "take:YPB"
    assert parse("take:BY") is parse("take:YB")
    assert parse("recruit:62").kind is Kind.RECRUIT and parse("recruit:62").arg == 62
    assert parse("location:Knowhere") is parse("location:4A")
    assert str(parse("return:S")) == "return:S"


def test_descriptions_name_cards_and_colours() -> None:
    assert describe(parse("recruit:62")) == ("recruit Ghost Rider (level 2, red bonus, 2 points)")
    assert describe(parse("take:YPB")) == "take Mind (yellow), Power (purple), Space (blue)"
    assert describe(parse("blind:3")) == "reserve the top card of the level-3 deck unseen"
    assert describe(parse("location:4A")) == "take the location Knowhere (4A)"
