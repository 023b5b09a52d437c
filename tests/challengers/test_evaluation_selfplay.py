"""The compiled search's self-play (scripts/selfplay_challengers.py) and the fit from its file."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from games.challengers import GAME, new_game
from games.challengers.evaluators import EVALUATOR, LOGISTIC
from games.challengers.knowledge.features import FEATURES, features
from search import ismcts
from search.logit import game_seed
from tests.splendor_marvel.test_learning_scripts import script

ROOT = Path(__file__).resolve().parents[2]


def test_self_play_is_seeded_and_records_every_participant_at_every_decision() -> None:
    selfplay = script("selfplay_challengers")
    record = selfplay.play_game(2, 11, iterations=16, explore_plies=4)
    assert record == selfplay.play_game(2, 11, iterations=16, explore_plies=4)
    assert record != selfplay.play_game(2, 12, iterations=16, explore_plies=4)
    rows = record["rows"]
    assert len(rows) > 50 and all(len(r) == 2 and len(r[0]) == len(FEATURES) for r in rows)
    start = new_game(2, 11)
    assert rows[0] == [[round(v, 6) for v in features(start, p)] for p in (0, 1)]
    assert sorted(record["result"]) in ([0.0, 1.0], [0.5, 0.5])


def test_against_an_opponent_the_search_decides_for_its_seat_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With `--opponent`, every decision the search is asked for is the search's seat's (the
    bot decides for the other seat, or the tournament could not finish), the record names both,
    and it is seeded; the same seed with the seats swapped, or in self-play, plays otherwise."""
    selfplay = script("selfplay_challengers")
    searched = []

    def spy(game, evaluator, observation, *args, **kwargs):  # type: ignore[no-untyped-def]
        searched.append(observation.seat)
        return ismcts(game, evaluator, observation, *args, **kwargs)

    monkeypatch.setattr(selfplay, "ismcts", spy)
    record = selfplay.play_game(2, 11, 16, 4, opponent="greedy", search_seat=1)
    assert searched and set(searched) == {1}
    assert (record["opponent"], record["search_seat"]) == ("greedy", 1)
    assert sorted(record["result"]) in ([0.0, 1.0], [0.5, 0.5])
    assert record == selfplay.play_game(2, 11, 16, 4, opponent="greedy", search_seat=1)
    assert record["rows"] != selfplay.play_game(2, 11, 16, 4, opponent="greedy",
                                                search_seat=0)["rows"]
    assert record["rows"] != selfplay.play_game(2, 11, 16, 4)["rows"]


def test_value_names_the_engine_that_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--value logistic` replays the data of the default before the learned worth."""
    selfplay = script("selfplay_challengers")
    searched = []

    def spy(game, evaluator, observation, *args, **kwargs):  # type: ignore[no-untyped-def]
        searched.append((game, evaluator))
        return ismcts(game, evaluator, observation, *args, **kwargs)

    monkeypatch.setattr(selfplay, "ismcts", spy)
    record = selfplay.play_game(2, 11, 16, 4, value="logistic")
    assert searched and set(searched) == {(GAME, LOGISTIC)} and record["value"] == "logistic"
    searched.clear()
    assert "value" not in selfplay.play_game(2, 11, 16, 4)
    assert set(searched) == {(GAME, EVALUATOR)}


def test_a_bad_opponent_fails_before_any_game(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    with pytest.raises(ValueError, match="unknown bot"):
        script("selfplay_challengers").main(["--out", str(out), "--games", "1",
                                             "--opponent", "nobody"])
    assert not out.exists()


DUEL_STAKES = {FEATURES.index("clinch"), FEATURES.index("safe")}


def test_the_acting_seat_s_features_hold_no_card_hidden_from_it() -> None:
    """Whatever world its observation allows, the deciding seat's own features are the same:
    they read only its own cards, which it knows. The duel stakes (`clinch`, `safe`) compare
    its fans with its rival's, which in the rival's deck phase may include fans its hidden
    picks paid out: those differ between worlds only with the rival's fan count, a fact of the
    world the search samples, as it samples the rival's hidden cards."""
    rng = random.Random(3)
    checked = stakes = 0
    for seed in range(20):
        state = new_game(2, seed)
        while not GAME.is_terminal(state):
            seat = GAME.current_player(state)
            observation = GAME.observe(state, seat)
            own = features(state, seat)
            for _ in range(2):
                world = GAME.sample(observation, rng)
                seen = features(world, seat)
                assert [v for i, v in enumerate(seen) if i not in DUEL_STAKES] == [
                    v for i, v in enumerate(own) if i not in DUEL_STAKES], (seed, seat)
                if seen != own:
                    assert world.fans[1 - seat] != state.fans[1 - seat]
                    stakes += 1
            checked += 1
            GAME.apply(state, EVALUATOR.rollout_action(state, rng), rng)
    assert checked > 500 and stakes < checked / 50


def test_the_fit_reads_self_play_and_recovers_the_weights_behind_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Positions whose winners are drawn from a known logit give back that logit's weights
    (within sampling error), holding out every fifth game as the fit's own self-play does."""
    fit = script("fit_challengers_evaluation")
    rng = np.random.default_rng(5)
    truth = rng.normal(0.0, 0.3, len(FEATURES))
    lines = []
    for g in range(400):
        position = rng.normal(0.0, 1.0, (2, len(FEATURES)))
        rows = (position + rng.normal(0.0, 0.1, (5, 2, len(FEATURES)))).round(6).tolist()
        z = position @ truth
        winner = int(rng.random() < 1 / (1 + np.exp(z[0] - z[1])))
        lines.append(json.dumps({"game": g, "base_seed": 9, "seed": game_seed(9, g),
                                 "players": 2, "result": [1.0 - winner, float(winner)],
                                 "rows": rows}))
    data = tmp_path / "selfplay.jsonl"
    data.write_text("\n".join(lines) + "\n")
    play, counts, games, seed, opponent = fit.recorded(data)
    assert (counts, games, seed, opponent) == ((2,) * 400, 400, 9, None)
    assert play(2, game_seed(9, 3))[1] == tuple(json.loads(lines[3])["result"])
    shipped = (ROOT / "games" / "challengers" / "knowledge" / "evaluation.json").read_text()
    assert fit.main(["--selfplay", str(data), "--dry-run"]) == 0
    report = json.loads(capsys.readouterr().out)
    fitted_2 = report["by_players"]["2"]
    assert fitted_2["selfplay"] == "selfplay.jsonl" and fitted_2["games"] == 400
    assert fitted_2["positions"] == 320 * 5  # 80 of the 400 games held out
    assert (ROOT / "games" / "challengers" / "knowledge" / "evaluation.json").read_text() == shipped
    before = json.loads(shipped)
    assert report["weights"] == before["weights"]  # pooled and 3-4 players: as shipped
    assert report["by_players"]["3"] == before["by_players"]["3"]
    fitted = np.array(fitted_2["weights"])
    assert np.corrcoef(fitted, truth)[0, 1] > 0.6


def test_against_an_opponent_the_search_s_edge_goes_to_its_seat_not_to_its_features(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Games where the search's seat wins more whatever the features, and one feature only
    tells the search's seat from the bot's (as kept starters told the search from greedy):
    the fit on the file credits the seat column, not that feature, and ships no seat column."""
    fit = script("fit_challengers_evaluation")
    rng = np.random.default_rng(8)
    truth = np.zeros(len(FEATURES))
    truth[0] = 0.8  # the one feature that matters
    marker = FEATURES.index("starters")  # the one that marks the search: no effect of its own
    edge = 1.2
    lines = []
    for g in range(600):
        search_seat = g % 2
        position = rng.normal(0.0, 1.0, (2, len(FEATURES)))
        position[search_seat, marker] += 2.0
        z = position @ truth + edge * (np.arange(2) == search_seat)
        winner = int(rng.random() < 1 / (1 + np.exp(z[0] - z[1])))
        rows = (position + rng.normal(0.0, 0.1, (4, 2, len(FEATURES)))).round(6).tolist()
        lines.append(json.dumps({"game": g, "base_seed": 4, "seed": game_seed(4, g),
                                 "players": 2, "opponent": "greedy",
                                 "search_seat": search_seat,
                                 "result": [1.0 - winner, float(winner)], "rows": rows}))
    data = tmp_path / "against.jsonl"
    data.write_text("\n".join(lines) + "\n")
    play, _, _, _, opponent = fit.recorded(data)
    assert opponent == "greedy"
    rows, _ = play(2, game_seed(4, 1))
    assert [row[1][-1] for row in rows] == [1.0] * 4 and len(rows[0][0]) == len(FEATURES) + 1
    assert fit.main(["--selfplay", str(data), "--dry-run"]) == 0
    fitted_2 = json.loads(capsys.readouterr().out)["by_players"]["2"]
    assert fitted_2["opponent"] == "greedy" and len(fitted_2["weights"]) == len(FEATURES)
    assert abs(fitted_2["search_seat_weight"] - edge) < 0.5
    assert abs(fitted_2["weights"][marker]) < 0.15
    assert abs(fitted_2["weights"][0] - truth[0]) < 0.3


def test_the_fit_refuses_a_file_of_two_opponents(tmp_path: Path) -> None:
    data = tmp_path / "mixed.jsonl"
    data.write_text("".join(
        json.dumps({"game": g, "base_seed": 1, "seed": game_seed(1, g), "players": 2,
                    "opponent": bot, "search_seat": 0, "result": [1.0, 0.0], "rows": []})
        + "\n" for g, bot in enumerate(("greedy", "power"))))
    with pytest.raises(ValueError, match="more than one opponent"):
        script("fit_challengers_evaluation").recorded(data)


def test_the_fit_refuses_a_file_with_games_missing(tmp_path: Path) -> None:
    data = tmp_path / "gap.jsonl"
    data.write_text("".join(
        json.dumps({"game": g, "base_seed": 1, "seed": game_seed(1, g), "players": 2,
                    "result": [1.0, 0.0], "rows": []}) + "\n" for g in (0, 2)))
    with pytest.raises(ValueError, match="numbered"):
        script("fit_challengers_evaluation").recorded(data)


def test_the_record_replays_and_holds_the_root_visits_of_each_search_decision() -> None:
    """`moves` replays the tournament (each recorded move is legal where it was played, the
    replay ends over with the record's result) and `visits` names, at the ply of each of the
    search's decisions, legal moves with the root's visits, the played one among them."""
    selfplay = script("selfplay_challengers")
    record = selfplay.play_game(2, 11, iterations=32, explore_plies=4)
    searched = {entry["ply"]: entry["candidates"] for entry in record["visits"]}
    assert searched and len(record["moves"]) == len(record["rows"])
    state = None
    for ply, state in enumerate(selfplay.replay(record)):
        legal = {str(a) for a in GAME.legal_actions(state)}
        assert record["moves"][ply] in legal
        if ply in searched:
            assert {move for move, _ in searched[ply]} <= legal
            assert sum(visits for _, visits in searched[ply]) <= 32
            assert record["moves"][ply] in {move for move, _ in searched[ply]}
    assert state is not None and GAME.returns(state) == record["result"]
