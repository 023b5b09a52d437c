"""Replaying a recorded game: re-deal from its seed, re-apply its moves, compare the result."""

from __future__ import annotations

import random
from dataclasses import dataclass

from clients.arena.record import GameRecord
from clients.arena.registry import is_capped, load_game


@dataclass(frozen=True)
class ReplayCheck:
    """Whether a replay ended where the record says; `problem` explains a mismatch."""

    index: int
    ok: bool
    problem: str = ""


def replay(record: GameRecord) -> ReplayCheck:
    """Re-apply `record`'s moves (matched by notation among the legal actions) to a fresh deal.

    A finished game must end exactly after its last move with the recorded returns; a game
    stopped by the ply cap or by an error must still be running after its moves.
    """
    task = record.task
    entry = load_game(task.game)
    game = entry.game
    state = entry.new_game(len(task.bots), task.setup_seed)
    chance = random.Random(task.chance_seed)
    for ply, text in enumerate(record.moves):
        if game.is_terminal(state):
            return ReplayCheck(task.index, False, f"game over before ply {ply} ({text})")
        by_text = {str(a): a for a in game.legal_actions(state)}
        if text not in by_text:
            return ReplayCheck(task.index, False, f"ply {ply}: {text} is not legal")
        game.apply(state, by_text[text], chance)
    over = game.is_terminal(state)
    if record.status == "error" or (record.status == "capped" and not over):
        ok = not over
        return ReplayCheck(task.index, ok, "" if ok else "the game ended but was not recorded so")
    if not over:
        return ReplayCheck(task.index, False, "the game is not over after the recorded moves")
    returns = tuple(game.returns(state))
    if returns != tuple(record.returns):
        return ReplayCheck(task.index, False, f"returns {returns} != recorded {record.returns}")
    if (record.status == "capped") != is_capped(state):
        return ReplayCheck(task.index, False, f"status {record.status} does not match the replay")
    return ReplayCheck(task.index, True)
