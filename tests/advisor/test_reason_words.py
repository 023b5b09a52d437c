"""Reasons read as plain English: over the reasons of many generated positions of both games
(every move measured against the position before it and against another legal move), no
sentence has a known machine-text pattern, and the other move is named by its short name, its
full description being the comparison's alone."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from advisor.adapters import adapter_by_name
from advisor.coaching import short
from clients.arena.registry import load_game

BAD = {
    "a number and a plural noun that disagree": re.compile(
        r"(?<![\d.])1 (cards|bonuses|tags|fans|points|times|tokens)\b"),
    "a signed count": re.compile(r"[-+]\d+ tags?\b|\(\+0 "),
    "a garbled grey token": re.compile(r"brings: \d+ held"),
    "power raised below": re.compile(r"raises your deck's power \d+ below"),
    "a gap read as a gift": re.compile(r"brings you \d+ bonus(es)? from"),
    "details of the other move": re.compile(r"\b(after|which|where) [^()]*\((level|power|purple|"
                                            r"yellow|blue|red|orange|green)"),
    "an empty clause": re.compile(r"\(\s*\)|: ?$|\s{2,}"),
}
POSITIONS = 10
"""Games a game, and their positions every few plies: several hundred reasons each."""


def reasons_of(game_name: str) -> Iterator[tuple[str, str]]:
    """(the other move's description or "", reason text) of generated positions."""
    entry = load_game(game_name)
    game, adapter = entry.game, adapter_by_name(game_name)
    for deal in range(POSITIONS):
        state = entry.new_game(2 + deal % 2, deal)
        rng = random.Random(deal)
        for ply in range(300):
            if game.is_terminal(state):
                break
            legal = list(game.legal_actions(state))
            if ply % 5 == 2 and len(legal) > 1:
                seat = game.current_player(state)
                obs = game.observe(state, seat)
                move, other = rng.sample(legal, 2)
                for alternative in (None, other):
                    words = "" if alternative is None else adapter.move_message(
                        alternative, seat).description
                    for reason in adapter.reasons(obs, move, alternative, random.Random(ply)):
                        yield words, reason.text
            game.apply(state, adapter.evaluator.rollout_action(state, rng), rng)


@pytest.mark.parametrize("game_name", ["splendor_marvel", "challengers"])
def test_reasons_have_no_machine_text(game_name: str) -> None:
    said = list(reasons_of(game_name))
    assert len(said) > 200
    for words, text in said:
        for name, pattern in BAD.items():
            assert not pattern.search(text), f"{name}: {text!r}"
        if words and words != short(words):
            assert words not in text, f"the other move in full: {text!r}"
