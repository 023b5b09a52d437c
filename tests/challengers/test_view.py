"""The Challengers! table as a seat sees it: a key to its marks under the deck phase and the
match."""

from __future__ import annotations

import random

from games.challengers import GAME, new_game, observe
from games.challengers.evaluators import EVALUATOR
from games.challengers.state import MATCH
from games.challengers.view import KEY_LINE, render_observation


def test_the_key_is_under_the_draft_and_the_match() -> None:
    state = new_game(2, 1)
    rng = random.Random(1)
    seen = set()
    while not GAME.is_terminal(state) and len(seen) < 2:
        seat = GAME.current_player(state)
        table = render_observation(observe(state, seat))
        assert table.endswith("\n" + KEY_LINE)
        seen.add(state.phase == MATCH)
        GAME.apply(state, EVALUATOR.rollout_action(state, rng), rng)
    assert seen == {True, False}
    assert all(mark in KEY_LINE for mark in ("x2", "?", "r1", "@s"))
