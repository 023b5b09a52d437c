"""The greedy highest-power drafter (`games.challengers.drafters`)."""

from __future__ import annotations

import random

import pytest

from games.challengers import Challengers, new_game
from games.challengers.actions import A_DONE, A_REDRAW, DONE, PICK, TRIM, option
from games.challengers.catalogue import BY_KEY, LEVEL, LEVEL_S, POWER
from games.challengers.drafters import PowerDrafter, pile_mean_power, power_action
from games.challengers.evaluators import LOGISTIC
from games.challengers.state import DraftStep, Phase
from search import Limits

GAME = Challengers()


def test_pile_means_grow_with_the_level() -> None:
    state = new_game(2, 3)
    a, b, c = pile_mean_power(state.sets)
    assert 0 < a < b < c


def test_options_take_the_most_total_power() -> None:
    state = new_game(2, 5)
    state.round, state.draft_step, state.offer = 3, DraftStep.OPTION, []  # 2 from A or 1 from B
    a, b, _ = pile_mean_power(state.sets)
    expected = option(0, 2) if 2 * a >= b else option(1, 1)
    rng = random.Random(0)
    assert power_action(state, rng) == expected


def test_picks_the_strongest_card_and_redraws_only_a_weak_offer() -> None:
    state = new_game(2, 7)
    rng = random.Random(1)
    assert state.phase == Phase.DECK and state.draft_step == DraftStep.PICK
    action = power_action(state, rng)
    best = max(POWER[c] for c in state.offer)
    if best < pile_mean_power(state.sets)[0]:
        assert action == A_REDRAW
    else:
        assert action.kind == PICK and POWER[action.arg] == best
    weak = BY_KEY["newcomer"]
    state.offer = [weak, weak]
    assert power_action(state, rng) == A_REDRAW
    state.redraw_used = True
    assert power_action(state, rng).arg == weak


def _play(bots: list[PowerDrafter | None], seed: int) -> list[str]:
    state = new_game(2, seed)
    rng = random.Random(seed)
    moves = []
    while not GAME.is_terminal(state):
        seat = GAME.current_player(state)
        bot = bots[seat]
        if bot is None:
            action = LOGISTIC.rollout_action(state, rng)
        else:
            obs = GAME.observe(state, seat)
            action = bot.choose(obs, Limits(iterations=1), rng.getrandbits(63))
        assert action in GAME.legal_actions(state)
        moves.append(str(action))
        GAME.apply(state, action, rng)
    return moves


@pytest.mark.parametrize("trim", ["starters", "none"])
def test_plays_whole_games_legally_and_reproducibly(trim: str) -> None:
    bot = PowerDrafter(GAME, trim=trim)
    moves = _play([bot, None], 11)
    assert moves == _play([bot, None], 11)
    assert any(m.startswith("pick:") for m in moves)


def test_trim_none_never_trims_and_starters_trims_weak_starters() -> None:
    state = new_game(2, 2)
    state.draft_step = DraftStep.TRIM
    strong = [c for c in range(len(POWER)) if LEVEL[c] == 3][:4]
    state.decks[0] = list(state.decks[0]) + strong  # 6 starters + 4 strong cards
    assert power_action(state, random.Random(0), "none") == A_DONE
    action = power_action(state, random.Random(0), "starters")
    assert action.kind == TRIM and LEVEL[action.arg] == LEVEL_S
    assert POWER[action.arg] == min(POWER[c] for c in state.decks[0])
    state.decks[0] = state.decks[0][:8]
    assert power_action(state, random.Random(0), "starters").kind in (TRIM, DONE)


def test_refuses_other_games() -> None:
    class Other:
        name = "splendor_marvel"

    with pytest.raises(ValueError, match="challengers only"):
        PowerDrafter(Other())
    with pytest.raises(ValueError, match="trim"):
        PowerDrafter(GAME, trim="all")
