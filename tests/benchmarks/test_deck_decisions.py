"""benchmarks/coaching/deck_decisions.py: the labelled positions are what their kind says, and
a file's report prints again."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.coaching import deck_decisions
from benchmarks.coaching.deck_decisions import labelled, positions, power, thinned
from games.challengers import GAME
from games.challengers.actions import DONE, TRIM


@pytest.mark.parametrize("round_", [3, 4])
@pytest.mark.parametrize("kind", deck_decisions.KINDS)
def test_positions_are_what_their_kind_says(kind: str, round_: int) -> None:
    found = list(positions(kind, round_, 2))
    assert len(found) == 2
    for seed, (state, move, other) in found:
        assert state.round == round_
        assert GAME.current_player(state) == 0
        legal = GAME.legal_actions(state)
        assert move in legal and other in legal and move != other
        deck = state.decks[0]
        powers = [power(card, round_) for card in deck]
        if kind.startswith("thin-"):
            assert (move.kind, other.kind) == (TRIM, DONE)
            assert len(deck) - 1 == int(kind.removeprefix("thin-"))
        elif kind == "trim-strong":
            assert (move.kind, other.kind) == (TRIM, DONE)
            assert power(move.card, round_) == max(powers) >= deck_decisions.STRONG
        else:
            assert (move.kind, other.kind) == (DONE, TRIM)
            assert power(other.card, round_) == min(powers) <= deck_decisions.WEAK
            assert len(deck) >= deck_decisions.KEEP_WEAK_DECK
        again = labelled(kind, round_, seed)
        assert again is not None
        assert (list(again[0].decks[0]), again[1], again[2]) == (list(deck), move, other)


def test_thinned_keeps_its_meaning() -> None:
    found = thinned(0, 0)
    assert found is not None
    state, trim = found
    assert state.round == 2 and trim.kind == TRIM and len(state.decks[0]) == 1


def test_a_tiny_file_reports_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "dd.jsonl"
    deck_decisions.main(["--kinds", "thin-0", "keep-weak", "--rounds", "3", "--positions", "1",
                         "--iterations", "40", "--factor", "2", "--games", "2",
                         "--play-iterations", "5", "--out", str(out)])
    measured = capsys.readouterr().out
    assert len(out.read_text().splitlines()) == 2
    assert "| thin-0 | 0 | 3 |" in measured and "| all | 2 |" in measured
    deck_decisions.main(["--report", str(out)])
    assert capsys.readouterr().out == measured
    deck_decisions.main(["--kinds", "thin-0", "--rounds", "3", "--positions", "1", "--resume",
                         "--out", str(out)])
    assert len(out.read_text().splitlines()) == 2
