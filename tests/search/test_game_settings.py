"""An evaluator's own search settings by table size (`search.config.settled`): Splendor:
Marvel's PUCT constant for its learned priors, and an explicit setting winning over it."""

from __future__ import annotations

from dataclasses import replace

import pytest

import games.splendor_marvel as splendor
from games.splendor_marvel.evaluators import EVALUATOR, LOGISTIC
from search import Limits, SearchConfig, ismcts
from search.config import DEFAULT_PUCT_C, settled


class Tuned:
    """An evaluator that chooses PUCT's constant by table size."""

    def search_settings(self, num_players: int) -> dict[str, float]:
        return {"puct_c": 0.1 * num_players}


def test_the_game_fills_what_the_config_leaves_unset_and_an_explicit_setting_wins() -> None:
    assert settled(SearchConfig(), Tuned(), 2).puct_c == pytest.approx(0.2)
    assert settled(SearchConfig(), Tuned(), 4).puct_c == pytest.approx(0.4)
    assert settled(SearchConfig(puct_c=0.9), Tuned(), 2).puct_c == 0.9
    assert settled(SearchConfig(), object(), 2) == SearchConfig(), "no settings of its own"
    assert SearchConfig().puct_constant == DEFAULT_PUCT_C


def test_a_game_may_choose_only_the_settings_a_config_leaves_unset() -> None:
    class Greedy:
        def search_settings(self, num_players: int) -> dict[str, float]:
            return {"uct_c": 2.0}

    with pytest.raises(ValueError, match="not uct_c"):
        settled(SearchConfig(), Greedy(), 2)


def test_splendor_marvel_searches_its_learned_priors_with_a_constant_per_table() -> None:
    assert [EVALUATOR.search_settings(n)["puct_c"] for n in (2, 3, 4)] == [0.5, 0.3, 0.3]
    assert LOGISTIC.search_settings(2) == {}, "the logistic engine: 0.3 always"
    engine = SearchConfig(engine="compiled")
    for players in (2, 4):
        state = splendor.new_game(players, seed=players)
        observation = splendor.GAME.observe(state, state.current)
        table = EVALUATOR.search_settings(players)["puct_c"]
        answers = {
            label: ismcts(splendor.GAME, EVALUATOR, observation, Limits(iterations=300), config,
                          seed=5)
            for label, config in (("default", engine),
                                  ("table", replace(engine, puct_c=table)),
                                  ("other", replace(engine, puct_c=0.9)))
        }
        assert answers["default"].candidates == answers["table"].candidates
        assert answers["default"].candidates != answers["other"].candidates, "pc= wins"
